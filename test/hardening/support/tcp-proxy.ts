import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via: (url: string) => string;
  /**
   * Drops every open connection and refuses new ones, as a stopped server does: clients see
   * their connections close, then "connection refused" until `restore`.
   */
  cut: () => Promise<void>;
  /** Accepts connections again on the same port. */
  restore: () => Promise<void>;
  /** Connections currently forwarded. */
  open: () => number;
  close: () => Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * A TCP forwarder the tests control, standing between a service and PostgreSQL or Redis. The
 * machine's servers are shared, so a test cannot stop them: it cuts this instead.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const pairs = new Set<[Socket, Socket]>();
  let server: Server;

  const make = () =>
    createServer((client) => {
      const upstream = connect({ host: hostname, port: Number(targetPort) });
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      const drop = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });

  server = make();
  const port = await listen(server, 0);
  let down = false;

  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    via: (url) => {
      const rewritten = new URL(url);
      rewritten.hostname = '127.0.0.1';
      rewritten.port = String(port);
      return rewritten.toString();
    },
    cut: async () => {
      if (down) return;
      down = true;
      const closed = closeServer();
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await closed;
    },
    restore: async () => {
      if (!down) return;
      server = make();
      await listen(server, port);
      down = false;
    },
    open: () => pairs.size,
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      if (!down) await closeServer();
      down = true;
    },
  };
}
