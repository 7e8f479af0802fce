import { QUEUES, voiceMeasureRequestedEvent } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.js';
import { startInboxWorker } from './linkedin-inbox.js';

let h: Harness;
let worker: ReturnType<typeof startInboxWorker>;

beforeAll(async () => {
  h = await createHarness();
  worker = startInboxWorker(
    {
      userData: h.services.userData,
      accounts: h.services.accounts,
      profiles: h.services.profiles,
      queues: h.queues,
      schedules: h.services.analyticsSchedules,
    },
    { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
    { logger: h.deps.logger },
  );
});
afterAll(async () => {
  await worker?.close();
  await h?.close();
});

/** The ai service's request, through the real inbox queue; waits until the worker finished it. */
async function requestMeasure(userId: string) {
  await h.queues.publish(voiceMeasureRequestedEvent, { userId }, { id: `voice-${userId}-0` });
  await expect
    .poll(
      async () => {
        const mine = (await h.jobsOn(QUEUES.linkedinInbox, voiceMeasureRequestedEvent.name)).find(
          (j) => j.data.userId === userId,
        );
        return mine ? await mine.getState() : null;
      },
      { timeout: 10_000 },
    )
    .toBe('completed');
}

const sentFor = async (userId: string) =>
  (await h.jobsOn(QUEUES.aiInbox, 'published-posts-fetched')).filter((job) => job.data.userId === userId);

describe('measuring the voice again when the ai service asks', () => {
  it('reads the newest posts of a connected account and sends their text to the ai service', async () => {
    const user = testIdentity();
    const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', {
      username: 'again@example.com',
      password: 'x',
    });
    expect(res.json().data.connected).toBe(true);
    const posts = (await h.call(user, 'POST', '/linkedln/getPosts', { data: { limit: 50 } })).json().data.items;
    expect(posts.length).toBeGreaterThan(0);

    await requestMeasure(user.userId);
    const [sent] = await sentFor(user.userId);
    expect(sent?.data.posts).toEqual(posts.map((p: { text: string }) => p.text));
  });

  it('leaves an account that is not connected alone, without failing', async () => {
    const user = testIdentity();
    await requestMeasure(user.userId);
    expect(await sentFor(user.userId)).toEqual([]);
  });
});
