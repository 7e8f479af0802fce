import { randomUUID } from 'node:crypto';
import { engageCommentAnsweredEvent, engageCommentJob, QUEUES } from '@nashr/contracts';
import { createWorker, handleJob } from '@nashr/platform';
import { createCapturingLogger, testIdentity } from '@nashr/platform/testing';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, POLL } from './testing/callers.js';
import { type Harness, startHarness } from './testing/harness.js';

/**
 * A comment on the official API (an account connected with "Continue with LinkedIn"): engage
 * hands it to the linkedin service (`engage-comment`), whose answer (`engage-comment-answered`)
 * comes back to engage's inbox. Here the linkedin service's side answers each job as its
 * `EngageCommenter` does, the way its worker does when BullMQ runs a job again: one answer per
 * run, and `repeat` answers more for the same comment.
 */
let h: Harness;
let c: ReturnType<typeof callers>;
let linkedin: Worker;
/** How many `sent` answers the linkedin side gives per job (a retried run answers again). */
let answersPerJob = 1;
const asked: string[] = [];

beforeAll(async () => {
  h = await startHarness({ ENGAGE_PROVIDER: 'linkedin', ENGAGE_SEND_WAIT_MS: '10000' });
  c = callers(h);
  const { logger } = createCapturingLogger();
  const connection = h.redis.redis.duplicate({ maxRetriesPerRequest: null });
  linkedin = createWorker(
    QUEUES.linkedinPublish,
    [
      handleJob(engageCommentJob, async ({ commentId, userId, postId }) => {
        asked.push(commentId);
        const networkCommentId = `urn:li:comment:(${postId},${asked.length})`;
        const answer = {
          commentId,
          userId,
          outcome: 'sent' as const,
          networkCommentId,
          url: `https://www.linkedin.com/feed/update/${postId}/?commentUrn=${encodeURIComponent(networkCommentId)}`,
        };
        await Promise.all(
          Array.from({ length: answersPerJob }, () => h.queues.publish(engageCommentAnsweredEvent, answer)),
        );
        return { outcome: 'sent' };
      }),
    ],
    { connection, prefix: h.redis.prefix },
    { logger },
  );
});
afterAll(async () => {
  await linkedin?.close();
  await h?.close();
});

/** The comment-sent events handed to the webhooks' queue for this comment (auth's worker takes them there). */
const sentEventsOf = async (commentId: string) =>
  (await h.queues.get(QUEUES.authWebhooks).getJobs(['waiting', 'active', 'completed', 'delayed']))
    .filter((job) => job.name === 'engage-comment-sent' && job.data.commentId === commentId)
    .map((job) => job.data);

describe('a comment relayed through the linkedin service', () => {
  it('is announced as sent exactly once, however often its answer arrives', async () => {
    const me = testIdentity();
    await c.starter(me);
    const postUrl = 'https://www.linkedin.com/posts/emma-carter_hiring-activity-7250000000000000001-AbCd/';
    const added = await c.call(me, 'POST', '/api/v1/engage/posts/by-url', { url: postUrl, lang: 'en' });
    expect(added.statusCode, added.body).toBe(200);
    const postId: string = added.json().post.postId;

    // The answer arrives three times at once (a job run again, a late answer), then once more.
    answersPerJob = 3;
    const key = randomUUID();
    const sent = await c.call(me, 'POST', '/api/v1/engage/comments', { postId, key, text: 'Thank you, Emma.' });
    expect(sent.statusCode, sent.body).toBe(200);
    const comment = sent.json().comment;
    expect(comment).toMatchObject({ status: 'sent', text: 'Thank you, Emma.' });
    expect(asked).toEqual([comment.id]);
    await h.queues.publish(engageCommentAnsweredEvent, {
      commentId: comment.id,
      userId: me.userId,
      outcome: 'sent',
      networkCommentId: 'urn:li:comment:late',
    });
    // Every answer applied (none waiting in engage's inbox) before the announcements are counted.
    await expect
      .poll(async () => await h.queues.get(QUEUES.engageInbox).getJobCounts('waiting', 'active', 'delayed'), POLL)
      .toEqual({ waiting: 0, active: 0, delayed: 0 });

    expect(await sentEventsOf(comment.id)).toEqual([
      {
        commentId: comment.id,
        userId: me.userId,
        postId,
        postUrl,
        url: comment.url,
        text: 'Thank you, Emma.',
        origin: 'user',
        sentAt: expect.any(String),
      },
    ]);
    // The same key again answers the stored comment: nothing relayed, nothing announced again.
    const again = await c.call(me, 'POST', '/api/v1/engage/comments', { postId, key, text: 'Thank you, Emma.' });
    expect(again.json().comment.id).toBe(comment.id);
    expect(asked).toEqual([comment.id]);
    expect(await sentEventsOf(comment.id)).toHaveLength(1);
  });
});
