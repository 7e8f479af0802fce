import {
  API,
  MAX_CALENDAR_ROWS,
  MAX_POST_LENGTH,
  POST_ERROR_CODES,
  POST_MESSAGES,
  QUEUES,
  SCHEDULE_MESSAGES,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema.js';
import { dueJobId } from '../jobs/job-ids.js';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';

const DAY = 24 * 3_600_000;
let h: PostsHarness;
const alice = testIdentity();
const bob = testIdentity();

beforeAll(async () => {
  h = await PostsHarness.start();
});
afterAll(async () => {
  await h.close();
});

/** A date some days ahead, as the user's calendar in `zone` shows it. */
const daysAhead = (days: number, zone = 'Asia/Riyadh') => instantToLocal(new Date(Date.now() + days * DAY), zone).date;

const schedule = (who = alice, overrides: Record<string, unknown> = {}) =>
  h.call(who, API.posts.schedule, {
    body: {
      userId: who.userId,
      content: 'Five lessons from ten years of building teams',
      date: daysAhead(3),
      time: '10:30 AM',
      status: 'scheduled',
      timeZone: 'Asia/Riyadh',
      ...overrides,
    },
  });

const dueJob = (postId: string, version: number) => h.queues.due.getJob(dueJobId(postId, version));

describe('POST /linkedln/saveSchedulePost', () => {
  it('schedules at the instant the user meant, in their zone, with a delayed job', async () => {
    const res = await schedule();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: SCHEDULE_MESSAGES.scheduled });
    expect(body.data).toMatchObject({
      userID: alice.userId,
      date: daysAhead(3),
      time: '10:30 AM',
      status: 'scheduled',
      timeZone: 'Asia/Riyadh',
      version: 1,
    });
    // 10:30 in Riyadh (UTC+3) is 07:30 UTC.
    expect(body.data.scheduledAt).toBe(`${daysAhead(3)}T07:30:00.000Z`);
    const job = await dueJob(body.data.id, 1);
    expect(job?.data).toMatchObject({ postId: body.data.id, version: 1 });
    expect(await job?.getState()).toBe('delayed');
    expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(Date.parse(body.data.scheduledAt) - 1000);
    expect(job!.timestamp + job!.delay).toBeLessThanOrEqual(Date.parse(body.data.scheduledAt) + 1000);
  });

  it('accepts the userID spelling and 24-hour times, which it shows in the 12-hour form', async () => {
    const res = await schedule(alice, { userId: undefined, userID: alice.userId, time: '00:05' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.time).toBe('12:05 AM');
  });

  it("refuses to schedule for another user's id", async () => {
    const res = await schedule(alice, { userId: bob.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: POST_ERROR_CODES.notYourAccount,
      message: POST_MESSAGES.notYourAccount,
    });
  });

  it('asks for every field with the spec message', async () => {
    for (const missing of ['content', 'date', 'time', 'userId']) {
      const res = await schedule(alice, { [missing]: missing === 'content' ? '   ' : undefined });
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().message, missing).toBe(SCHEDULE_MESSAGES.fillAllFields);
      expect(res.json().code).toBe(POST_ERROR_CODES.fillAllFields);
    }
    const empty = await h.request(alice, 'POST', '/linkedln/saveSchedulePost');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SCHEDULE_MESSAGES.fillAllFields);
    expect(empty.json().code).toBe(POST_ERROR_CODES.fillAllFields);
  });

  it('refuses past times, impossible dates, times skipped by daylight saving and unknown zones', async () => {
    const yesterday = instantToLocal(new Date(Date.now() - DAY), 'Asia/Riyadh').date;
    const cases: [Record<string, unknown>, string, string, Record<string, string>?][] = [
      [{ date: yesterday }, POST_MESSAGES.timeInPast, POST_ERROR_CODES.timeInPast],
      [
        { date: '2026-02-30' },
        POST_MESSAGES.impossibleDate('2026-02-30'),
        POST_ERROR_CODES.impossibleDate,
        { date: '2026-02-30' },
      ],
      [
        { date: '2027-03-28', time: '2:30 AM', timeZone: 'Europe/Berlin' },
        POST_MESSAGES.nonexistentLocalTime('2027-03-28', '2:30 AM', 'Europe/Berlin'),
        POST_ERROR_CODES.nonexistentLocalTime,
        { date: '2027-03-28', time: '2:30 AM', zone: 'Europe/Berlin' },
      ],
      [
        { timeZone: 'Atlantis/Capital' },
        POST_MESSAGES.badTimeZone('Atlantis/Capital'),
        POST_ERROR_CODES.badTimeZone,
        { zone: 'Atlantis/Capital' },
      ],
      [{ time: '10:30' + ' XM' }, POST_MESSAGES.badTimeFormat, POST_ERROR_CODES.badTimeFormat],
      [{ status: 'published' }, "status must be 'scheduled'", 'request.invalid'],
    ];
    for (const [overrides, message, code, params] of cases) {
      const res = await schedule(alice, overrides);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
      expect(res.json().code, message).toBe(code);
      if (params) expect(res.json().params, message).toEqual(params);
    }
  });

  it('takes posts up to the network limit of 3,000 characters and says so beyond it', async () => {
    expect((await schedule(alice, { content: 'a'.repeat(MAX_POST_LENGTH) })).statusCode).toBe(201);
    const res = await schedule(alice, { content: 'a'.repeat(MAX_POST_LENGTH + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MESSAGES.tooLong(MAX_POST_LENGTH + 1));
    expect(res.json().code).toBe(POST_ERROR_CODES.tooLong);
    expect(res.json().params).toEqual({ length: MAX_POST_LENGTH + 1, limit: MAX_POST_LENGTH });
    expect(res.json().message).toContain('3,000');
  });
});

describe('GET /linkedln/getScheduledPosts/{id}', () => {
  it("lists only the caller's own scheduled posts, soonest first, and refuses another id", async () => {
    const later = (await schedule(bob, { date: daysAhead(5) })).json().data;
    const sooner = (await schedule(bob, { date: daysAhead(2) })).json().data;
    await schedule(alice);
    const res = await h.call(bob, API.posts.scheduled, { params: { id: bob.userId } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((p: { id: string }) => p.id)).toEqual([sooner.id, later.id]);
    expect(body.data[0]).toMatchObject({ userID: bob.userId, time: '10:30 AM', status: 'scheduled' });
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['id', 'userID', 'content', 'date', 'time', 'status']),
    );

    const other = await h.call(bob, API.posts.scheduled, { params: { id: alice.userId } });
    expect(other.statusCode).toBe(403);
  });

  it('answers 401 without a signed-in user', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/linkedln/getScheduledPosts/${alice.userId}`,
      headers: { 'x-internal-secret': 'test-internal-secret-0123456789' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/v1/posts/{id}', () => {
  it('edits the content, raising the version and moving the due job to the new version', async () => {
    const post = (await schedule()).json().data;
    const res = await h.call(alice, API.posts.update, {
      params: { id: post.id },
      body: { content: 'A better opening line' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: POST_MESSAGES.updated });
    expect(res.json().data).toMatchObject({ content: 'A better opening line', version: 2, status: 'scheduled' });
    expect(await dueJob(post.id, 1)).toBeUndefined();
    expect(await (await dueJob(post.id, 2))?.getState()).toBe('delayed');
  });

  it("reschedules in the post's zone unless told another, and the job moves with it", async () => {
    const post = (await schedule()).json().data;
    const res = await h.call(alice, API.posts.update, {
      params: { id: post.id },
      body: { date: daysAhead(6), time: '18:45' },
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json().data;
    expect(res.json().message).toBe(POST_MESSAGES.rescheduled);
    expect(moved).toMatchObject({ date: daysAhead(6), time: '6:45 PM', timeZone: 'Asia/Riyadh', version: 2 });
    expect(moved.scheduledAt).toBe(`${daysAhead(6)}T15:45:00.000Z`);
    const job = await dueJob(post.id, 2);
    expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(Date.parse(moved.scheduledAt) - 1000);
    expect(await dueJob(post.id, 1)).toBeUndefined();

    const berlin = await h.call(alice, API.posts.update, {
      params: { id: post.id },
      body: {
        date: '2027-03-28',
        time: '2:30 AM',
        timeZone: 'Europe/Berlin',
      },
    });
    expect(berlin.statusCode).toBe(400);
    expect(berlin.json().message).toBe(POST_MESSAGES.nonexistentLocalTime('2027-03-28', '2:30 AM', 'Europe/Berlin'));
    expect(berlin.json().code).toBe(POST_ERROR_CODES.nonexistentLocalTime);
  });

  it('refuses half a new time, an empty change and a stale version', async () => {
    const post = (await schedule()).json().data;
    const half = await h.request(alice, 'PATCH', `/api/v1/posts/${post.id}`, { date: daysAhead(4) });
    expect(half.json().message).toBe(POST_MESSAGES.dateAndTimeTogether);
    expect(half.json().code).toBe(POST_ERROR_CODES.dateAndTimeTogether);
    const nothing = await h.request(alice, 'PATCH', `/api/v1/posts/${post.id}`, {});
    expect(nothing.json().message).toBe(POST_MESSAGES.nothingToChange);
    expect(nothing.json().code).toBe(POST_ERROR_CODES.nothingToChange);
    await h.call(alice, API.posts.update, { params: { id: post.id }, body: { content: 'first edit' } });
    const stale = await h.call(alice, API.posts.update, {
      params: { id: post.id },
      body: { content: 'second', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(POST_MESSAGES.changedElsewhere);
    expect(stale.json().code).toBe(POST_ERROR_CODES.changedElsewhere);
  });

  it('cancels: the job is removed, the post leaves the schedule, cancelling again is harmless', async () => {
    const post = (await schedule()).json().data;
    const res = await h.call(alice, API.posts.cancel, { params: { id: post.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: POST_MESSAGES.deleted, data: { status: 'cancelled' } });
    expect(await dueJob(post.id, 1)).toBeUndefined();
    const list = (await h.call(alice, API.posts.scheduled, { params: { id: alice.userId } })).json().data;
    expect(list.map((p: { id: string }) => p.id)).not.toContain(post.id);
    expect((await h.call(alice, API.posts.cancel, { params: { id: post.id } })).statusCode).toBe(200);
    const edit = await h.call(alice, API.posts.update, { params: { id: post.id }, body: { content: 'back?' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(POST_MESSAGES.cancelledCannotChange);
    expect(edit.json().code).toBe(POST_ERROR_CODES.cancelledCannotChange);
  });

  it('answers deletes sent at once all with success, and cancels once', async () => {
    const post = (await schedule()).json().data;
    const all = await Promise.all(
      Array.from({ length: 6 }, () => h.call(alice, API.posts.cancel, { params: { id: post.id } })),
    );
    expect(all.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(all.map((res) => res.json().data.status)).toEqual(Array(6).fill('cancelled'));
    expect(await dueJob(post.id, 1)).toBeUndefined();
  });

  it("answers 404 for another user's post, exactly as for a missing one", async () => {
    const post = (await schedule(bob)).json().data;
    for (const [method, url] of [
      ['GET', `/api/v1/posts/${post.id}`],
      ['PATCH', `/api/v1/posts/${post.id}`],
      ['DELETE', `/api/v1/posts/${post.id}`],
      ['POST', `/api/v1/posts/${post.id}/retry`],
      ['GET', '/api/v1/posts/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/v1/posts/not-a-post'],
    ] as const) {
      const res = await h.request(alice, method, url, method === 'PATCH' ? { content: 'mine now' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(POST_MESSAGES.notFound);
      expect(res.json().code).toBe(POST_ERROR_CODES.notFound);
    }
    expect((await h.call(bob, API.posts.get, { params: { id: post.id } })).json().data.content).toBe(post.content);
  });

  it('retries failed posts only, as a new due job due now', async () => {
    const post = (await schedule()).json().data;
    const early = await h.call(alice, API.posts.retry, { params: { id: post.id } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(POST_MESSAGES.onlyFailedRetry);
    expect(early.json().code).toBe(POST_ERROR_CODES.onlyFailedRetry);
    // The state a refused publish leaves behind.
    await h.store.claim(post.id, 1);
    await h.store.markFailed(post.id, 'LinkedIn refused the post: duplicate content');
    const failed = (await h.call(alice, API.posts.get, { params: { id: post.id } })).json().data;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'LinkedIn refused the post: duplicate content' });

    const res = await h.call(alice, API.posts.retry, { params: { id: post.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: POST_MESSAGES.retrying, data: { status: 'scheduled', version: 2 } });
    expect(res.json().data.failureReason).toBeNull();
    const job = await dueJob(post.id, 2);
    expect(job?.delay).toBe(0);
  });

  it('does not edit or cancel a published post', async () => {
    const post = (await schedule()).json().data;
    await h.store.claim(post.id, 1);
    await h.store.markPublished(post.id, alice.userId, { networkPostId: 'urn:1', url: null, publishedAt: new Date() });
    for (const [method, payload] of [
      ['PATCH', { content: 'too late' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await h.request(alice, method, `/api/v1/posts/${post.id}`, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(POST_MESSAGES.publishedCannotChange);
      expect(res.json().code).toBe(POST_ERROR_CODES.publishedCannotChange);
    }
  });
});

describe('GET /api/v1/posts (calendar feed)', () => {
  it('lists the caller’s posts due in the period, filtered by status', async () => {
    const carol = testIdentity();
    const inside = (await schedule(carol, { date: daysAhead(10) })).json().data;
    const outside = (await schedule(carol, { date: daysAhead(40) })).json().data;
    const cancelled = (await schedule(carol, { date: daysAhead(11) })).json().data;
    await h.call(carol, API.posts.cancel, { params: { id: cancelled.id } });
    await schedule(alice, { date: daysAhead(10) });

    const from = new Date(Date.now() + 5 * DAY).toISOString();
    const to = new Date(Date.now() + 20 * DAY).toISOString();
    const res = await h.request(
      carol,
      'GET',
      `/api/v1/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, truncated: false });
    expect(res.json().data.map((p: { id: string }) => p.id)).toEqual([inside.id]);

    const withCancelled = await h.request(
      carol,
      'GET',
      `/api/v1/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&status=scheduled,cancelled`,
    );
    expect(withCancelled.json().data.map((p: { id: string }) => p.id)).toEqual([inside.id, cancelled.id]);
    expect(outside.id).toBeDefined();
  });

  it('bounds the period and the rows', async () => {
    const tooLong = await h.request(alice, 'GET', '/api/v1/posts?from=2026-01-01&to=2026-04-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(POST_MESSAGES.rangeTooLong(62));
    expect(tooLong.json().code).toBe(POST_ERROR_CODES.rangeTooLong);
    const reversed = await h.request(alice, 'GET', '/api/v1/posts?from=2026-02-01&to=2026-01-01');
    expect(reversed.json().message).toBe(POST_MESSAGES.rangeReversed);
    expect(reversed.json().code).toBe(POST_ERROR_CODES.rangeReversed);
    const badStatus = await h.request(alice, 'GET', '/api/v1/posts?status=lost');
    expect(badStatus.statusCode).toBe(400);

    const dave = testIdentity();
    const at = new Date(Date.now() + 3 * DAY);
    await h.database.db.insert(posts).values(
      Array.from({ length: MAX_CALENDAR_ROWS + 1 }, (_, i) => ({
        workspaceId: dave.userId,
        userId: dave.userId,
        content: `post ${i}`,
        status: 'scheduled' as const,
        scheduledAt: new Date(at.getTime() + i * 60_000),
        timeZone: 'UTC',
      })),
    );
    const res = await h.request(dave, 'GET', '/api/v1/posts');
    expect(res.json().data).toHaveLength(MAX_CALENDAR_ROWS);
    expect(res.json().truncated).toBe(true);
  });
});

describe('POST /linkedln/createPost input', () => {
  it('refuses empty and over-long text with clear messages', async () => {
    const due = h.queues.queues.get(QUEUES.postsDue);
    const before = await due.count();
    const empty = await h.request(alice, 'POST', '/linkedln/createPost', { text: '""', visibility: 'PUBLIC' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(POST_MESSAGES.contentRequired);
    expect(empty.json().code).toBe(POST_ERROR_CODES.contentRequired);
    const long = await h.request(alice, 'POST', '/linkedln/createPost', { text: 'b'.repeat(3001) });
    expect(long.json().message).toBe(POST_MESSAGES.tooLong(3001));
    expect(long.json().code).toBe(POST_ERROR_CODES.tooLong);
    const hidden = await h.request(alice, 'POST', '/linkedln/createPost', { text: 'hi', visibility: 'CONNECTIONS' });
    expect(hidden.statusCode).toBe(400);
    expect(await due.count()).toBe(before);
  });
});

describe('Idempotency-Key on scheduling and publishing', () => {
  const key = (name: string) => ({ 'idempotency-key': `${name}-${Date.now().toString(36)}-key` });
  const scheduledIds = async (who = alice) =>
    (await h.call(who, API.posts.scheduled, { params: { id: who.userId } }))
      .json()
      .data.map((p: { id: string }) => p.id);

  it('answers a repeated schedule with the first answer and schedules one post', async () => {
    const carol = testIdentity();
    const body = {
      userId: carol.userId,
      content: 'Scheduled once, however often it is sent',
      date: daysAhead(4),
      time: '09:00 AM',
      status: 'scheduled' as const,
      timeZone: 'Asia/Riyadh',
    };
    const headers = key('schedule');
    const first = await h.call(carol, API.posts.schedule, { body, headers });
    const again = await h.call(carol, API.posts.schedule, { body, headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await scheduledIds(carol)).toEqual([first.json().data.id]);
    // Another key is another request; the same key from someone else is theirs alone.
    const other = await h.call(carol, API.posts.schedule, { body, headers: key('other') });
    expect(other.json().data.id).not.toBe(first.json().data.id);
    const dave = testIdentity();
    const theirs = await h.call(dave, API.posts.schedule, { body: { ...body, userId: dave.userId }, headers });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets the same key try again after a refusal', async () => {
    const erin = testIdentity();
    const headers = key('retry');
    const body = {
      userId: erin.userId,
      content: 'Corrected after a refusal',
      time: '09:00 AM',
      status: 'scheduled' as const,
      timeZone: 'Asia/Riyadh',
    };
    const past = await h.call(erin, API.posts.schedule, { body: { ...body, date: daysAhead(-2) }, headers });
    expect(past.statusCode).toBe(400);
    const corrected = await h.call(erin, API.posts.schedule, { body: { ...body, date: daysAhead(2) }, headers });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with a stable code', async () => {
    const res = await schedule(alice, {});
    expect(res.statusCode).toBe(201);
    const bad = await h.call(alice, API.posts.publishNow, {
      body: { text: 'hi' },
      headers: { 'idempotency-key': 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'request.idempotency_key_invalid' });
  });
});
