import {
  API,
  accountConnectedEvent,
  accountDisconnectedEvent,
  type Identity,
  type Post,
  postPublishDelayedEvent,
  QUEUES,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { instantToLocal } from '../schedule/local-time.js';
import { PostsHarness } from '../testing/harness.js';
import { dueJobId } from './job-ids.js';
import type { PostsWorker } from './posts-worker.js';

const DAY = 86_400_000;
let h: PostsHarness;
let worker: PostsWorker;

beforeAll(async () => {
  h = await PostsHarness.start();
  worker = await h.startWorker();
});
afterAll(async () => {
  await worker?.close();
  await h?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** What the posts service told the auth service about the user's scheduled posts. */
const told = async (userId: string) =>
  (await h.queues.queues.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']))
    .filter((j) => j.name === 'post-needs-attention' && j.data.userId === userId)
    .map((j) => ({ id: j.id, postId: j.data.postId, cause: j.data.cause }))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));

/** Announces a (re)connection as the linkedin service does, and waits until the posts worker handled it. */
async function connected(
  userId: string,
  expiresAt: Date | null,
  changedAt: number,
  identity?: string,
  pages?: { identity: string; name: string }[],
) {
  const inbox = h.queues.queues.get(QUEUES.postsInbox);
  const id = `${userId}-${changedAt}`;
  await h.queues.queues.publish(
    accountConnectedEvent,
    {
      userId,
      changedAt,
      accessExpiresAt: expiresAt?.toISOString() ?? null,
      ...(identity ? { identity } : {}),
      ...(pages ? { pages } : {}),
    },
    { id },
  );
  await expect
    .poll(async () => (await inbox.getJob(`account-connected-${id}`))?.finishedOn ?? null, { timeout: 15_000 })
    .not.toBeNull();
  expect((await inbox.getJob(`account-connected-${id}`))?.failedReason).toBeUndefined();
}

/** The post as the API answers it. */
async function read(who: Identity, id: string): Promise<Post> {
  const res = await h.call(who, API.posts.get, { params: { id } });
  expect(res.statusCode).toBe(200);
  return res.json().data as Post;
}

const schedule = (userId: string, instant: Date, content: string) =>
  h.service.schedule(userId, content, { instant, timeZone: 'Asia/Riyadh' });

describe('a scheduled post due after the connection expires', () => {
  it('needs attention as soon as the expiry is known, once per post and expiry; a reconnection tells no more', async () => {
    const user = testIdentity();
    const before = await schedule(user.userId, inDays(5), 'Before the end');
    const after = await schedule(user.userId, inDays(20), 'After the end');
    expect(await told(user.userId)).toEqual([]);

    const ends = inDays(10);
    await connected(user.userId, ends, Date.now() - 2000);
    const expected = [
      {
        id: `post-needs-attention-${after.id}-connection_expires-${ends.getTime()}`,
        postId: after.id,
        cause: 'connection_expires',
      },
    ];
    expect(await told(user.userId)).toEqual(expected);

    // The same announcement again, or an older one arriving late, tells nothing more.
    await connected(user.userId, inDays(1), Date.now() - 5000);
    expect(await told(user.userId)).toEqual(expected);

    // Reconnected: the new end is after both posts.
    await connected(user.userId, inDays(60), Date.now() - 1000);
    expect(await told(user.userId)).toEqual(expected);
    expect(before.id).not.toBe(after.id);
  });

  it('needs attention when scheduled or moved past the known expiry, and not before it', async () => {
    const user = testIdentity();
    const ends = inDays(10);
    await connected(user.userId, ends, Date.now());

    const inTime = await schedule(user.userId, inDays(3), 'In time');
    expect(await told(user.userId)).toEqual([]);

    const tooLate = await schedule(user.userId, inDays(12), 'Too late');
    const moved = await h.service.edit(user.userId, inTime.id, {
      reschedule: () => ({ instant: inDays(11), timeZone: 'Asia/Riyadh', enteredDate: '', enteredTime: '' }),
    });
    expect(moved.status).toBe('scheduled');
    expect(await told(user.userId)).toEqual(
      [tooLate, inTime]
        .map((post) => ({
          id: `post-needs-attention-${post.id}-connection_expires-${ends.getTime()}`,
          postId: post.id,
          cause: 'connection_expires',
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});

describe('the needs-attention mark on the post', () => {
  const expiresBeforePost = { cause: 'connection_expires', code: 'linkedin.expires_before_post' };
  const disconnected = { cause: 'account_disconnected', code: 'linkedin.reconnect' };

  it('is stored on the post when scheduled past the expiry, and a reconnection clears it, keeping the schedule', async () => {
    const user = testIdentity();
    await connected(user.userId, inDays(10), Date.now() - 60_000);
    const local = instantToLocal(inDays(20), 'Asia/Riyadh');
    const created = await h.call(user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: 'Due after the connection ends',
        date: local.date,
        time: '10:30 AM',
        status: 'scheduled',
        timeZone: 'Asia/Riyadh',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const marked = await read(user, id);
    expect(marked).toMatchObject({ status: 'scheduled', attention: expiresBeforePost });
    const scheduled = await h.request(user, 'GET', '/api/v1/posts?status=scheduled');
    expect((scheduled.json().data as Post[]).find((p) => p.id === id)?.attention).toEqual(expiresBeforePost);

    // Reconnected: the new token ends after the post.
    await connected(user.userId, inDays(60), Date.now() - 30_000);
    const cleared = await read(user, id);
    expect(cleared.attention).toBeNull();
    expect(cleared).toMatchObject({
      status: 'scheduled',
      scheduledAt: marked.scheduledAt,
      version: marked.version,
      content: 'Due after the connection ends',
    });
    expect(await (await h.queues.due.getJob(dueJobId(id, marked.version)))?.getState()).toBe('delayed');
  });

  it('marks every scheduled post when the account is disconnected; a reconnection clears them; a late event changes nothing', async () => {
    const user = testIdentity();
    await connected(user.userId, inDays(60), Date.now() - 60_000);
    const soon = await schedule(user.userId, inDays(2), 'Soon');
    const later = await schedule(user.userId, inDays(9), 'Later');
    expect((await read(user, soon.id)).attention).toBeNull();

    await h.deliver(
      accountDisconnectedEvent,
      { userId: user.userId, reason: 'REVOKED', changedAt: Date.now() - 30_000 },
      `${user.userId}-revoked`,
    );
    expect((await read(user, soon.id)).attention).toEqual(disconnected);
    expect((await read(user, later.id)).attention).toEqual(disconnected);
    expect(await told(user.userId)).toEqual(
      [soon, later]
        .map((post) => ({
          id: `post-needs-attention-${post.id}-account_disconnected`,
          postId: post.id,
          cause: 'account_disconnected',
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

    // Moving a post keeps the mark while the account is still disconnected.
    const moved = await h.call(user, API.posts.update, {
      params: { id: soon.id },
      body: {
        date: instantToLocal(inDays(3), 'Asia/Riyadh').date,
        time: '09:00',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json().data as Post).attention).toEqual(disconnected);

    await connected(user.userId, inDays(60), Date.now() - 20_000);
    expect((await read(user, soon.id)).attention).toBeNull();
    expect(await read(user, later.id)).toMatchObject({ attention: null, status: 'scheduled', version: later.version });

    // A disconnection announced before the reconnection, arriving late, marks nothing.
    await h.deliver(
      accountDisconnectedEvent,
      { userId: user.userId, reason: 'REVOKED', changedAt: Date.now() - 40_000 },
      `${user.userId}-late`,
    );
    expect((await read(user, later.id)).attention).toBeNull();
  });

  it('is not put on a post published now: its own outcome tells the user', async () => {
    const user = testIdentity();
    await connected(user.userId, inDays(60), Date.now() - 60_000);
    await h.deliver(
      accountDisconnectedEvent,
      { userId: user.userId, reason: 'REVOKED', changedAt: Date.now() - 30_000 },
      `${user.userId}-revoked`,
    );
    const now = await h.service.publishNow(user.userId, 'Posted while disconnected', 'Asia/Riyadh');
    const later = await schedule(user.userId, inDays(2), 'Later');
    expect(now.attention).toBeNull();
    expect((await read(user, later.id)).attention).toEqual(disconnected);
    expect((await told(user.userId)).map((t) => t.postId)).toEqual([later.id]);
  });

  it('is cleared when the post is moved before the expiry', async () => {
    const user = testIdentity();
    await connected(user.userId, inDays(10), Date.now());
    const post = await schedule(user.userId, inDays(15), 'Too late at first');
    expect((await read(user, post.id)).attention).toEqual(expiresBeforePost);
    const moved = await h.call(user, API.posts.update, {
      params: { id: post.id },
      body: {
        date: instantToLocal(inDays(4), 'Asia/Riyadh').date,
        time: '09:00',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json().data as Post).attention).toBeNull();
    expect((await read(user, post.id)).attention).toBeNull();
  });
});

describe('a post written as a company page', () => {
  const page = { identity: 'page-acme', name: 'Acme' };
  const scheduleAs = (user: Identity, identity: string) =>
    h.call(user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: `Written as ${identity}`,
        date: instantToLocal(inDays(3), 'Asia/Riyadh').date,
        time: '11:00 AM',
        status: 'scheduled',
        timeZone: 'Asia/Riyadh',
        identity,
      },
    });

  it('goes out as the page; removing the page marks it, adding it again clears the mark', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a', [page]);
    const res = await scheduleAs(user, page.identity);
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().data as Post;
    expect(post).toMatchObject({ identity: page.identity, attention: null });
    // Its due job hands the page's identity to the network worker.
    expect((await h.store.get(post.id))?.identity).toBe(page.identity);

    await connected(user.userId, null, Date.now() - 50_000, 'member-a', []);
    expect((await read(user, post.id)).attention).toEqual({
      cause: 'identity_changed',
      code: 'linkedin.identity_changed',
    });
    await connected(user.userId, null, Date.now() - 40_000, 'member-a', [page]);
    expect((await read(user, post.id)).attention).toBeNull();
  });

  it('refuses an identity that is neither the member nor one of their pages, and writes nothing', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a', [page]);
    const refused = await scheduleAs(user, 'page-of-someone-else');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('post.identity_unknown');
    expect(await h.store.listScheduled(user.userId, 10)).toEqual([]);
    // The member's own identity is one it may name.
    expect((await scheduleAs(user, 'member-a')).statusCode).toBe(201);
  });

  it('goes to the queue as the page it names, and an identity not theirs queues nothing', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a', [page]);
    const slots = [{ weekday: 2, time: '09:00' }];
    expect((await h.request(user, 'PUT', '/api/v1/queue', { slots, timeZone: 'Asia/Riyadh' })).statusCode).toBe(200);
    const queue = (identity?: string) =>
      h.request(user, 'POST', '/api/v1/queue/posts', {
        content: `Queued as ${identity}`,
        ...(identity ? { identity } : {}),
      });

    const refused = await queue('page-of-someone-else');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('post.identity_unknown');
    expect(await h.store.listScheduled(user.userId, 10)).toEqual([]);

    const asPage = await queue(page.identity);
    expect(asPage.statusCode, asPage.body).toBe(201);
    expect(asPage.json().data).toMatchObject({ identity: page.identity, queued: true });
    const asMember = await queue();
    expect(asMember.statusCode, asMember.body).toBe(201);
    expect((await h.store.get(asMember.json().data.id))?.identity).toBe('member-a');
  });

  it('keeps a draft as the page it is written as, back to the profile on request, and refuses a page not theirs', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a', [page]);
    const refused = await h.call(user, API.posts.createDraft, {
      body: { content: 'Not mine', identity: 'someone-else' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('post.identity_unknown');
    expect((await h.call(user, API.posts.drafts)).json().data).toEqual([]);

    const created = await h.call(user, API.posts.createDraft, {
      body: {
        content: 'As the page',
        identity: page.identity,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data as { id: string; identity: string | null };
    expect(draft.identity).toBe(page.identity);
    // A save that says nothing of it keeps it; null moves it to the profile.
    const kept = await h.request(user, 'PATCH', `/api/v1/drafts/${draft.id}`, { content: 'Still the page' });
    expect(kept.json().data.identity).toBe(page.identity);
    const moved = await h.request(user, 'PATCH', `/api/v1/drafts/${draft.id}`, { identity: null });
    expect(moved.json().data).toMatchObject({ identity: null, content: 'Still the page' });
    const other = await h.request(user, 'PATCH', `/api/v1/drafts/${draft.id}`, { identity: 'someone-else' });
    expect(other.statusCode).toBe(422);
    expect((await h.call(user, API.posts.drafts)).json().data[0].identity).toBeNull();
  });
});

describe('a reconnection as another network member', () => {
  const identityChanged = { cause: 'identity_changed', code: 'linkedin.identity_changed' };

  it('marks the posts of the member before, which never go out as the new one; connecting that member again clears them', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a');
    const post = await schedule(user.userId, inDays(3), 'Written as member A');
    expect((await h.store.get(post.id))?.identity).toBe('member-a');
    expect((await read(user, post.id)).attention).toBeNull();

    await connected(user.userId, null, Date.now() - 50_000, 'member-b');
    expect((await read(user, post.id)).attention).toEqual(identityChanged);
    expect(await told(user.userId)).toEqual([
      { id: `post-needs-attention-${post.id}-identity_changed`, postId: post.id, cause: 'identity_changed' },
    ]);
    // Rescheduling it keeps its member.
    const moved = await h.service.edit(user.userId, post.id, {
      reschedule: () => ({ instant: inDays(4), timeZone: 'Asia/Riyadh', enteredDate: '', enteredTime: '' }),
    });
    expect(moved.identity).toBe('member-a');
    expect((await read(user, post.id)).attention).toEqual(identityChanged);
    // A post written now belongs to the member connected now.
    const later = await schedule(user.userId, inDays(5), 'Written as member B');
    expect((await h.store.get(later.id))?.identity).toBe('member-b');
    expect((await read(user, later.id)).attention).toBeNull();

    await connected(user.userId, null, Date.now() - 40_000, 'member-a');
    expect((await read(user, post.id)).attention).toBeNull();
    expect((await read(user, later.id)).attention).toEqual(identityChanged);
  });

  it('moves a scheduled post to the connected member when the user asks, with its due job', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a');
    const post = await schedule(user.userId, inDays(3), 'Moving to member B');
    await connected(user.userId, null, Date.now() - 50_000, 'member-b');

    const res = await h.call(user, API.posts.moveToConnectedAccount, { params: { id: post.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: post.id, status: 'scheduled', attention: null });
    const row = await h.store.get(post.id);
    expect(row).toMatchObject({ identity: 'member-b', scheduledAt: post.scheduledAt });
    const due = await h.queues.queues.get(QUEUES.postsDue).getJob(dueJobId(post.id, row!.version));
    expect(due).toBeDefined();

    await h.service.cancel(post.workspaceId, post.id);
    const gone = await h.call(user, API.posts.moveToConnectedAccount, { params: { id: post.id } });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('post.cancelled_cannot_change');
  });

  it('refuses to move a post while the account is not connected', async () => {
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a');
    const post = await schedule(user.userId, inDays(3), 'Nowhere to move');
    await h.queues.queues.publish(
      accountDisconnectedEvent,
      { userId: user.userId, reason: 'expired', changedAt: Date.now() - 50_000 },
      { id: `${user.userId}-gone` },
    );
    await expect.poll(async () => (await read(user, post.id)).attention?.cause).toBe('account_disconnected');
    const res = await h.call(user, API.posts.moveToConnectedAccount, { params: { id: post.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('linkedin.not_connected');
    expect((await h.store.get(post.id))?.identity).toBe('member-a');
  });

  it('retries a post refused as another member as the member connected now', async () => {
    const linkedin = h.startFakeLinkedin();
    onTestFinished(() => linkedin.close());
    const user = testIdentity();
    await connected(user.userId, null, Date.now() - 60_000, 'member-a');
    const post = await schedule(user.userId, inDays(3), 'Refused at its time');
    const claimed = await h.store.claim(post.id, (await h.store.get(post.id))!.version);
    expect(claimed).toBeDefined();
    await h.store.markFailed(post.id, 'another member', { code: 'linkedin.identity_changed' });
    await connected(user.userId, null, Date.now() - 50_000, 'member-b');

    const res = await h.call(user, API.posts.retry, { params: { id: post.id } });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => linkedin.published(post.id).length, { timeout: 15_000 }).toBe(1);
    expect(linkedin.published(post.id)[0]?.identity).toBe('member-b');
  });
});

describe('a post the network asked to wait for', () => {
  it('shows when it is tried again while handed over, and no longer once published', async () => {
    const user = testIdentity();
    const post = await schedule(user.userId, inDays(1), 'Rate limited');
    const claimed = await h.store.claim(post.id, post.version);
    expect(claimed?.status).toBe('publishing');
    expect((await read(user, post.id)).retryAt).toBeNull();

    const retryAt = new Date(Date.now() + 3 * 3_600_000);
    await h.deliver(
      postPublishDelayedEvent,
      {
        postId: post.id,
        userId: user.userId,
        attempt: 1,
        retryAt: retryAt.toISOString(),
        code: 'linkedin.rate_limited',
      },
      `${post.id}-1-${retryAt.getTime()}`,
    );
    expect(await read(user, post.id)).toMatchObject({ status: 'publishing', retryAt: retryAt.toISOString() });

    // An answer about an older attempt changes nothing.
    const stale = new Date(retryAt.getTime() + 60_000);
    await h.deliver(
      postPublishDelayedEvent,
      { postId: post.id, userId: user.userId, attempt: 7, retryAt: stale.toISOString() },
      `${post.id}-7-${stale.getTime()}`,
    );
    expect((await read(user, post.id)).retryAt).toBe(retryAt.toISOString());

    await h.store.markPublished(post.id, user.userId, { networkPostId: 'n1', url: null, publishedAt: new Date() });
    expect(await read(user, post.id)).toMatchObject({ status: 'published', retryAt: null });
  });
});
