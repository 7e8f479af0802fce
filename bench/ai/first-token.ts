/**
 * Time to the first streamed token: a draft asked through the whole stack (gateway → ai service
 * → an OpenAI-compatible endpoint that answers its first token after a fixed delay) against the
 * same endpoint asked directly, alternately, in the same run. The difference is what the product
 * adds (session, rate limit, proxy hop, credits reservation in PostgreSQL, prompt, the SDK, the
 * event stream).
 */
import { percentile } from '../scheduler/stats.js';

export interface FirstTokenOptions {
  gatewayUrl: string;
  cookie: string;
  endpointUrl: string;
  samples: number;
  warmup: number;
}

export interface FirstTokenResult {
  samples: number;
  stack: { p50: number; p90: number };
  direct: { p50: number; p90: number };
}

/** Milliseconds from sending the request to reading `marker` in the streamed body. */
async function timeTo(marker: string, url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.includes(marker)) return performance.now() - started;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  throw new Error(`${url} ended without ${JSON.stringify(marker)}: ${text.slice(0, 300)}`);
}

export async function benchFirstToken(options: FirstTokenOptions): Promise<FirstTokenResult> {
  const throughStack = () =>
    timeTo('event: token', `${options.gatewayUrl}/api/v1/ai/generate`, {
      method: 'POST',
      headers: {
        cookie: options.cookie,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ topic: 'Why consistency beats intensity on LinkedIn', lang: 'en' }),
    });
  const direct = () =>
    timeTo('"content":"Consistency', `${options.endpointUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
      body: JSON.stringify({
        model: 'bench-model',
        stream: true,
        messages: [{ role: 'user', content: 'Why consistency beats intensity on LinkedIn' }],
      }),
    });

  for (let i = 0; i < options.warmup; i++) {
    await throughStack();
    await direct();
  }
  const stack: number[] = [];
  const directTimes: number[] = [];
  // Alternating, so a noisy moment on the machine hits both sides alike.
  for (let i = 0; i < options.samples; i++) {
    stack.push(await throughStack());
    directTimes.push(await direct());
  }
  stack.sort((a, b) => a - b);
  directTimes.sort((a, b) => a - b);
  return {
    samples: options.samples,
    stack: { p50: percentile(stack, 50), p90: percentile(stack, 90) },
    direct: { p50: percentile(directTimes, 50), p90: percentile(directTimes, 90) },
  };
}
