import { randomBytes } from 'node:crypto';
import { resolveBackingServices } from '@nashr/platform/testing';

export interface FaultResult {
  ok: boolean;
  /** One line for the table. */
  summary: string;
  /** Figures and observations, printed under the table. */
  details: string[];
}

export interface FaultScenario {
  name: string;
  /** What is done to the system, and what must hold. */
  what: string;
  run: () => Promise<FaultResult>;
}

/**
 * PostgreSQL and Redis found the way the tests find them (DATABASE_URL/REDIS_URL, else Docker,
 * else the local ports), exported so the test helpers that read them work here too.
 */
export async function backingServices(): Promise<{ stop: () => Promise<void> }> {
  const services = await resolveBackingServices();
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.REDIS_URL = services.redisUrl;
  return services;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

export const encryptionKey = () => randomBytes(32).toString('base64');
