import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface SlowProxy {
  url: string;
  /** Delay (ms) before forwarding requests whose `METHOD /path` starts with the key. */
  delays: Record<string, number>;
  close: () => Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });

/**
 * An HTTP forwarder that holds chosen requests before passing them on, and passes them on even
 * when the caller has given up: a network that processes a request late, after the caller's
 * timeout, the way a slow remote API does.
 */
export async function startSlowProxy(target: string): Promise<SlowProxy> {
  const delays: Record<string, number> = {};
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const key = `${request.method} ${request.url}`;
    const delay = Object.entries(delays).find(([prefix]) => key.startsWith(prefix))?.[1] ?? 0;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    try {
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        ...(body.length ? { body } : {}),
      });
      const text = Buffer.from(await upstream.arrayBuffer());
      if (response.destroyed) return;
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
      response.end(text);
    } catch {
      if (!response.destroyed) response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    delays,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
