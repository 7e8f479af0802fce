import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS, WEBHOOK_RESPONSE_EXCERPT_CHARS } from '@nashr/contracts';
import { publicAddressRefusal, publicOnlyLookup } from '@nashr/platform';

/**
 * `Nashr-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the secret>`.
 * The receiver recomputes it over the raw body (docs/webhooks.md) and refuses an old `t`.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${signature}`;
}

export interface SendOptions {
  /** The whole attempt (connection, answer, its start) ends by then. */
  timeoutMs: number;
  /** Outside production: a receiver on this machine is reached (plain http too). */
  allowLoopback: boolean;
}

/** What one attempt came to: the receiver's status (null: no answer) and a short excerpt or why none came. */
export interface AttemptResult {
  statusCode: number | null;
  excerpt: string;
}

const excerptOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS);

/**
 * POSTs one signed delivery. The address is checked again first (a name may resolve elsewhere
 * than when it was added), and the connection refuses a non-public address itself (DNS rebinding).
 * Redirects are not followed (they count as a failure), and the attempt ends after `timeoutMs`,
 * answered or not. Never throws: the result says what happened.
 */
export async function sendDelivery(
  url: string,
  headers: { id: string; signature: string },
  body: string,
  options: SendOptions,
): Promise<AttemptResult> {
  const refusal = await publicAddressRefusal(url, { allowLoopback: options.allowLoopback });
  if (refusal) return { statusCode: null, excerpt: `Not sent: the address is refused (${refusal})` };
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ statusCode: null, excerpt: `No answer within ${Math.round(options.timeoutMs / 1000)} s` }),
      options.timeoutMs,
    );
    const request = client.request(
      target,
      {
        method: 'POST',
        // A connection of its own each time: nothing is reused across endpoints and users.
        agent: false,
        lookup: publicOnlyLookup({ allowLoopback: options.allowLoopback }),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Nashr-Webhooks/1',
          [WEBHOOK_HEADERS.id]: headers.id,
          [WEBHOOK_HEADERS.signature]: headers.signature,
        },
      },
      (response) => {
        const status = response.statusCode ?? null;
        if (status !== null && status >= 300 && status < 400) {
          response.resume();
          return settle({ statusCode: status, excerpt: 'Redirect not followed' });
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= WEBHOOK_RESPONSE_EXCERPT_CHARS) settle({ statusCode: status, excerpt: excerptOf(text) });
        });
        response.on('end', () => settle({ statusCode: status, excerpt: excerptOf(text) }));
        response.on('error', () => settle({ statusCode: status, excerpt: excerptOf(text) }));
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) =>
      settle({
        statusCode: null,
        excerpt:
          err.code === 'ENOTPUBLIC'
            ? 'Not sent: the address is refused (not_public)'
            : `No answer: ${err.code ?? err.message}`,
      }),
    );
    request.end(body);
  });
}
