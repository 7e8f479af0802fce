import { defineJob, defineRequest, QUEUES } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorker, handleJob, NoAnswerError, Queues, queueKeyPrefix } from './queues.js';
import { createCapturingLogger, createTestRedis, type TestRedis } from './testing/index.js';

const square = defineRequest(
  QUEUES.contentInbox,
  'square',
  z.object({ n: z.number().int() }),
  z.object({ squared: z.number().int() }),
);
const greet = defineJob(QUEUES.authMail, 'greet', z.object({ name: z.string().min(1) }));

let redis: TestRedis;
let queues: Queues;
const { logger } = createCapturingLogger();

beforeAll(async () => {
  redis = await createTestRedis();
  queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
});
afterAll(async () => {
  await queues.close();
  await redis.cleanup();
});

describe('typed queues', () => {
  it('refuses to enqueue a payload that breaks its contract', async () => {
    await expect(queues.enqueue(greet, { name: '' })).rejects.toThrow();
    expect(await queues.get(QUEUES.authMail).count()).toBe(0);
  });

  it('runs valid jobs and fails invalid ones at once, without retries', async () => {
    const seen: string[] = [];
    const worker = createWorker(
      QUEUES.authMail,
      [
        handleJob(greet, async (payload) => {
          seen.push(payload.name);
        }),
      ],
      { connection: redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: redis.prefix },
      { logger },
    );
    const good = await queues.enqueue(greet, { name: 'Salma' });
    // Bypasses the contract, as a buggy or older producer would.
    const bad = await queues.get(QUEUES.authMail).add('greet', { name: 42 }, { attempts: 5 });
    const unknown = await queues.get(QUEUES.authMail).add('mystery', {}, { attempts: 5 });

    await expect
      .poll(async () => (await queues.get(QUEUES.authMail).getJob(good.id as string))?.finishedOn)
      .toBeTruthy();
    await expect
      .poll(async () => (await queues.get(QUEUES.authMail).getJob(bad.id as string))?.failedReason)
      .toMatch(/Invalid payload/);
    await expect
      .poll(async () => (await queues.get(QUEUES.authMail).getJob(unknown.id as string))?.failedReason)
      .toMatch(/No handler/);
    const failedBad = await queues.get(QUEUES.authMail).getJob(bad.id as string);
    expect(failedBad?.attemptsMade).toBe(1);
    expect(seen).toEqual(['Salma']);
    await worker.close();
  });

  it('keeps every key of a queue in one Redis Cluster slot, its waiting jobs in the list autoscalers read', async () => {
    const waiting = await queues.get(QUEUES.aiInbox).add('anything', {});
    const keys = await redis.redis.keys(`*${redis.prefix}*ai-inbox*`);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expect(key.startsWith(`{${redis.prefix}}:ai-inbox:`)).toBe(true);
    const waitList = `${queueKeyPrefix(redis.prefix)}:ai-inbox:wait`;
    expect(await redis.redis.type(waitList)).toBe('list');
    expect(await redis.redis.lrange(waitList, 0, -1)).toEqual([waiting.id]);
  });
});

describe('asking and waiting for the answer', () => {
  const workerConnection = () => ({
    connection: redis.redis.duplicate({ maxRetriesPerRequest: null }),
    prefix: redis.prefix,
  });

  it("answers the consumer's return value, and a failure or silence as NoAnswerError, leaving no job behind", async () => {
    const ran: number[] = [];
    const queue = queues.get(QUEUES.contentInbox);
    // No worker yet: no answer in time, and the job is taken back so no later worker acts on it.
    const silent = await queues.ask(square, { n: 9 }, { timeoutMs: 300 }).catch((error: unknown) => error);
    expect(silent).toBeInstanceOf(NoAnswerError);
    expect((silent as NoAnswerError).reason).toBe('timeout');
    expect(await queue.count()).toBe(0);

    const worker = createWorker(
      QUEUES.contentInbox,
      [
        handleJob(square, async ({ n }) => {
          ran.push(n);
          if (n < 0) throw new Error('negative numbers are refused');
          return { squared: n * n };
        }),
      ],
      workerConnection(),
      { logger },
    );
    await expect(queues.ask(square, { n: 7 }, { timeoutMs: 5000 })).resolves.toEqual({ squared: 49 });
    const failed = await queues.ask(square, { n: -1 }, { timeoutMs: 5000 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(NoAnswerError);
    expect((failed as NoAnswerError).reason).toBe('failed');
    expect((failed as Error).message).toMatch(/negative numbers are refused/);
    // One attempt only, and nothing of the requests stays in Redis.
    expect(ran).toEqual([7, -1]);
    expect(await queue.getJobCounts('completed', 'failed', 'waiting')).toEqual({ completed: 0, failed: 0, waiting: 0 });
    await worker.close();
  });
});
