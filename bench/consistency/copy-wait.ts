/**
 * What read-your-writes adds: a read of the ai service's personalization copy (`GET
 * /api/v1/ai/choices`) right after the user saved their personalization, when the ai service
 * must wait for its copy to catch up, against the same read with no change pending, alternately
 * in the same run. The difference is the wait (the event's trip through auth → Redis → ai worker).
 */
import { percentile } from '../scheduler/stats.js';

export interface CopyWaitOptions {
  gatewayUrl: string;
  /** The signed-in browser's cookies; the gateway's seen-changes cookie is added as it is set. */
  cookie: string;
  samples: number;
  warmup: number;
}

export interface CopyWaitResult {
  samples: number;
  afterSave: { p50: number; p99: number };
  noChange: { p50: number; p99: number };
  refused: number;
}

const PERSONALIZATION = {
  language: 'English',
  accent: '',
  goals: ['Grow Network'],
  interests: ['Innovation'],
  tones: ['Professional'],
  styles: ['Simple Language'],
};

export async function benchCopyWait(options: CopyWaitOptions): Promise<CopyWaitResult> {
  const cookies = new Map(
    options.cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${options.gatewayUrl}${path}`, {
      method,
      headers: { cookie: header(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    await response.text();
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return { ms: performance.now() - started, status: response.status };
  };
  let round = 0;
  const save = async () => {
    const saved = await call('PUT', '/api/v1/personalization', { ...PERSONALIZATION, jobTitle: `Bench ${round++}` });
    if (saved.status !== 200) throw new Error(`saving the personalization answered ${saved.status}`);
  };
  const read = () => call('GET', '/api/v1/ai/choices');
  const settle = async () => {
    // The previous change is applied once a read no longer waits for it.
    for (let i = 0; i < 50 && (await read()).status !== 200; i++);
  };

  const afterSave: number[] = [];
  const noChange: number[] = [];
  let refused = 0;
  for (let i = 0; i < options.warmup + options.samples; i++) {
    await save();
    const fresh = await read();
    await settle();
    const quiet = await read();
    if (i < options.warmup) continue;
    if (fresh.status !== 200) refused++;
    afterSave.push(fresh.ms);
    noChange.push(quiet.ms);
  }
  afterSave.sort((a, b) => a - b);
  noChange.sort((a, b) => a - b);
  return {
    samples: options.samples,
    afterSave: { p50: percentile(afterSave, 50), p99: percentile(afterSave, 99) },
    noChange: { p50: percentile(noChange, 50), p99: percentile(noChange, 99) },
    refused,
  };
}
