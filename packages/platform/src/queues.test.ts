import { defineJob, QUEUES } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorker, handleJob, Queues, queueKeyPrefix } from './queues.js';
import { createCapturingLogger, createTestRedis, type TestRedis } from './testing/index.js';

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
