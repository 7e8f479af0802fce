/**
 * A webhook receiver on this machine, and the verification recipe of docs/webhooks.md as printed
 * there, for tests that receive Nashr's deliveries.
 *
 *   const receiver = await startWebhookReceiver();   // receiver.url('/hook'), receiver.received
 *   const verify = await documentedRecipe();          // verify(body, signatureHeader, secret)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface WebhookReceiver {
  /** Every request, oldest first, with its raw body. */
  received: { headers: http.IncomingHttpHeaders; body: string }[];
  url: (path: string) => string;
  close: () => void;
}

/** Records every request and answers `status` with `answer` as its body. */
export async function startWebhookReceiver(status = 200, answer = 'received'): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, url: (path) => `http://127.0.0.1:${port}${path}`, close: () => server.close() };
}

/** The verification recipe exactly as docs/webhooks.md prints it, loaded as a module. */
export async function documentedRecipe(): Promise<
  (rawBody: string, signatureHeader: string, secret: string, toleranceSeconds?: number) => boolean
> {
  const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /<!-- verify-recipe -->\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verification recipe');
  const file = join(tmpdir(), `nashr-e2e-webhook-recipe-${process.pid}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).verifyNashrWebhook;
}
