import { randomUUID } from 'node:crypto';
import { accountConnectedEvent, accountDisconnectedEvent, engageRefreshJob, QUEUES } from '@nashr/contracts';
import { FAKE_API_KEY, type FakeUnipile, startFakeUnipile } from '@nashr/fakes/fake-unipile';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkAccounts } from '../../db/schema.js';
import { callers, POLL, type Who } from '../../testing/callers.js';
import { type Harness, startHarness } from '../../testing/harness.js';

/**
 * The unipile provider against the local fake of the hosted API, over real HTTP, with the engage
 * service's API and workers on real PostgreSQL and Redis: the account learnt from the linkedin
 * service's event, follows, the feed, search, posts by address, comments exactly once (a lost
 * answer looked up by author and words), and the account's rate (429 backed off).
 */
let fake: FakeUnipile;
let h: Harness;
let c: ReturnType<typeof callers>;
const HOUR = 3_600_000;

beforeAll(async () => {
  fake = await startFakeUnipile();
  fake.addMember(
    {
      provider_id: 'ACoAAsara',
      public_identifier: 'sara-hosted',
      first_name: 'سارة',
      last_name: 'القحطاني',
      headline: 'مديرة تسويق رقمي',
    },
    [
      { id: '7100000000000000001', text: 'القيادة تبدأ بالإصغاء قبل الكلام.', date: new Date(Date.now() - 2 * HOUR) },
      { id: '7100000000000000002', text: 'ما تعلمته من أول فريق قدته.', date: new Date(Date.now() - 30 * HOUR) },
      { id: '7100000000000000003', text: 'A post from last month.', date: new Date(Date.now() - 30 * 24 * HOUR) },
      { id: '7100000000000000004', text: 'Only my connections see this.', date: new Date(), private: true },
    ],
  );
  fake.addMember(
    {
      provider_id: 'ACoAAjohn',
      public_identifier: 'john-hosted',
      first_name: 'John',
      last_name: 'Miller',
      headline: 'Growth marketer writing about onboarding',
    },
    [{ id: '7100000000000000010', text: 'Onboarding is where growth hides.', date: new Date(Date.now() - HOUR) }],
  );
  fake.addMember({
    provider_id: 'ACoAAhidden',
    public_identifier: 'hidden-person',
    first_name: 'Hidden',
    last_name: 'Person',
    headline: 'Private',
    private: true,
  });
  h = await startHarness({
    ENGAGE_PROVIDER: 'unipile',
    UNIPILE_DSN: fake.url,
    UNIPILE_API_KEY: FAKE_API_KEY,
    UNIPILE_TIMEOUT_MS: '3000',
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    NETWORK_ACCOUNT_CALLS_PER_MINUTE: '1000',
  });
  c = callers(h);
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** A hosted-API account at the fake, announced by the linkedin service as it does on connecting. */
async function connectedUser(): Promise<{ who: Who; accountId: string }> {
  const who = testIdentity();
  const res = await fetch(`${fake.url}/api/v1/accounts`, {
    method: 'POST',
    headers: { 'x-api-key': FAKE_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'LINKEDIN', username: `${who.userId}@fake.test`, password: 'secret' }),
  });
  const { account_id: accountId } = (await res.json()) as { account_id: string };
  await h.queues.publish(accountConnectedEvent, {
    userId: who.userId,
    changedAt: Date.now(),
    network: { provider: 'unipile', accountId },
  });
  await expect
    .poll(async () => (await c.call(who, 'GET', '/api/v1/engage/network')).json().network.mode, POLL)
    .toBe('full');
  return { who, accountId };
}

const shareUrl = (handle: string, id: string) => `https://www.linkedin.com/posts/${handle}_post-activity-${id}-AbCd`;

describe('the unipile provider', () => {
  it('learns the account from the linkedin service, keeps its id sealed, and forgets it on disconnect', async () => {
    const who = testIdentity();
    expect((await c.call(who, 'GET', '/api/v1/engage/network')).json().network).toMatchObject({
      provider: 'unipile',
      mode: 'not_connected',
    });
    const refused = await c.call(who, 'POST', '/api/v1/engage/people', {
      profileUrl: 'https://www.linkedin.com/in/sara-hosted',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('engage.not_connected');

    const { who: connected, accountId } = await connectedUser();
    const [row] = await h.database.db
      .select()
      .from(networkAccounts)
      .where(eq(networkAccounts.userId, connected.userId));
    expect(row?.sealedAccountId).toBeTruthy();
    expect(row?.sealedAccountId).not.toContain(accountId);

    // An older event changes nothing; a newer disconnection does.
    await h.queues.publish(accountDisconnectedEvent, { userId: connected.userId, reason: 'x', changedAt: 1 });
    await h.queues.publish(accountDisconnectedEvent, {
      userId: connected.userId,
      reason: 'expired',
      changedAt: Date.now() + 1000,
    });
    await expect
      .poll(async () => (await c.call(connected, 'GET', '/api/v1/engage/network')).json().network.mode, POLL)
      .toBe('not_connected');
  }, 60_000);

  it('follows members by profile address, reads their posts and topics into the feed, and searches people', async () => {
    const { who } = await connectedUser();
    const added = await c.call(who, 'POST', '/api/v1/engage/people', {
      profileUrl: 'https://www.linkedin.com/in/sara-hosted/',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().person).toMatchObject({ handle: 'sara-hosted', name: 'سارة القحطاني', language: 'ar' });
    for (const handle of ['nobody-at-all', 'hidden-person']) {
      const unknown = await c.call(who, 'POST', '/api/v1/engage/people', {
        profileUrl: `https://www.linkedin.com/in/${handle}`,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('engage.unknown_profile');
    }
    expect((await c.call(who, 'POST', '/api/v1/engage/topics', { topic: 'onboarding' })).statusCode).toBe(201);

    await expect
      .poll(
        async () =>
          (await c.call(who, 'GET', '/api/v1/engage/feed?lang=en'))
            .json()
            .posts.map((p: { postId: string }) => p.postId)
            .sort(),
        POLL,
      )
      .toEqual([
        'urn:li:activity:7100000000000000001',
        'urn:li:activity:7100000000000000002',
        'urn:li:activity:7100000000000000010',
      ]);
    const feed = (await c.call(who, 'GET', '/api/v1/engage/feed?lang=en')).json();
    const sara = feed.posts.find((p: { postId: string }) => p.postId.endsWith('01'));
    expect(sara).toMatchObject({ language: 'ar', author: { handle: 'sara-hosted' }, matched: { person: true } });
    expect(sara.url).toBe(shareUrl('sara-hosted', '7100000000000000001'));
    const john = feed.posts.find((p: { postId: string }) => p.postId.endsWith('10'));
    expect(john).toMatchObject({ language: 'en', matched: { person: false, topics: ['onboarding'] } });

    const search = await c.call(who, 'GET', `/api/v1/engage/people/search?q=${encodeURIComponent('growth')}`);
    expect(search.statusCode).toBe(200);
    expect(search.json().people).toEqual([
      {
        handle: 'john-hosted',
        profileUrl: 'https://www.linkedin.com/in/john-hosted',
        name: 'John Miller',
        headline: 'Growth marketer writing about onboarding',
        language: 'en',
      },
    ]);
    expect(fake.calls).toContain('POST /api/v1/linkedin/search');
  });

  it('brings posts in by address, refusing deleted, private and foreign addresses', async () => {
    const { who } = await connectedUser();
    const post = await c.call(who, 'POST', '/api/v1/engage/posts/by-url', {
      url: shareUrl('john-hosted', '7100000000000000010'),
      lang: 'en',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().post).toMatchObject({
      postId: 'urn:li:activity:7100000000000000010',
      text: 'Onboarding is where growth hides.',
      matched: { byUrl: true },
    });
    expect((await c.suggestionsOf(who, post.json().post.postId, 'en')).items).toHaveLength(3);

    const privatePost = await c.call(who, 'POST', '/api/v1/engage/posts/by-url', {
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7100000000000000004/',
    });
    expect(privatePost.statusCode).toBe(403);
    expect(privatePost.json().code).toBe('engage.private_post');
    const gone = await c.call(who, 'POST', '/api/v1/engage/posts/by-url', {
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7199999999999999999/',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('engage.unknown_post');
    const foreign = await c.call(who, 'POST', '/api/v1/engage/posts/by-url', { url: 'https://example.com/posts/1' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('engage.invalid_post_url');
  });

  it('comments once per key; a lost answer is found by the account and the words, never sent twice', async () => {
    const { who, accountId } = await connectedUser();
    await c.starter(who);
    const postId = 'urn:li:activity:7100000000000000010';
    expect(
      (
        await c.call(who, 'POST', '/api/v1/engage/posts/by-url', {
          url: shareUrl('john-hosted', '7100000000000000010'),
        })
      ).statusCode,
    ).toBe(200);
    const mine = () => fake.storedComments.filter((x) => x.account_id === accountId);

    const text = 'Onboarding is  where we lost most users too.';
    const sent = await c.call(who, 'POST', '/api/v1/engage/comments', { postId, key: randomUUID(), text });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().comment).toMatchObject({ status: 'sent', postId });
    expect(mine()).toHaveLength(1);
    expect(mine()[0]?.author_id).toBe(fake.memberIdOf(accountId));

    // The same words again under a new key, its answer lost after the network stored it.
    fake.options.loseNextCommentAnswers = 1;
    const key = randomUUID();
    const lost = await c.call(who, 'POST', '/api/v1/engage/comments', { postId, key, text });
    expect(lost.statusCode).toBe(503);
    expect(lost.json().code).toBe('engage.send_unconfirmed');
    expect(mine()).toHaveLength(2);
    const again = await c.call(who, 'POST', '/api/v1/engage/comments', { postId, key, text });
    expect(again.statusCode).toBe(200);
    expect(again.json().comment.status).toBe('sent');
    // Two comments with these words, one confirmed before: the lost one had arrived.
    expect(mine()).toHaveLength(2);

    // A send the network never stored (its answer a 504) is looked up, not found, and sent.
    fake.options.failures['/comments'] = { status: 504, times: 1 };
    const key2 = randomUUID();
    const failed = await c.call(who, 'POST', '/api/v1/engage/comments', { postId, key: key2, text });
    expect(failed.statusCode).toBe(503);
    expect(mine()).toHaveLength(2);
    const resent = await c.call(who, 'POST', '/api/v1/engage/comments', { postId, key: key2, text });
    expect(resent.json().comment.status).toBe('sent');
    expect(mine()).toHaveLength(3);

    // A post deleted before the comment goes out, and one that became private.
    const gonePost = fake.memberPosts.get('7100000000000000010');
    if (gonePost) gonePost.deleted = true;
    const tooLate = await c.call(who, 'POST', '/api/v1/engage/comments', { postId, key: randomUUID(), text: 'Late.' });
    expect(tooLate.statusCode).toBe(422);
    expect(tooLate.json().code).toBe('engage.post_not_found');
    if (gonePost) gonePost.deleted = false;
  });

  it("waits out the account's 429 and keeps each account within its rate", async () => {
    const { who, accountId } = await connectedUser();
    fake.options.failures['/linkedin/search'] = {
      status: 429,
      type: 'errors/too_many_requests',
      times: 1,
      retryAfterSeconds: 1,
    };
    const started = Date.now();
    const search = await c.call(who, 'GET', '/api/v1/engage/people/search?q=miller');
    expect(search.statusCode).toBe(200);
    expect(search.json().people).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    // Told to wait longer than a request may: refused in words, with the wait.
    fake.options.failures['/linkedin/search'] = {
      status: 429,
      type: 'errors/too_many_requests',
      times: 1,
      retryAfterSeconds: 120,
    };
    const busy = await c.call(who, 'GET', '/api/v1/engage/people/search?q=miller');
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'engage.network_busy', params: { seconds: 120 } });
    // The account rests: the next call is refused without reaching the network.
    const before = fake.accountCalls.get(accountId)?.length ?? 0;
    expect((await c.call(who, 'GET', '/api/v1/engage/people/search?q=miller')).statusCode).toBe(503);
    expect(fake.accountCalls.get(accountId)?.length ?? 0).toBe(before);
  });

  it("puts a background refresh told to wait back in the queue, and it goes on when the account's rest is over", async () => {
    const { who } = await connectedUser();
    fake.options.failures['/linkedin/search'] = {
      status: 429,
      type: 'errors/too_many_requests',
      times: 1,
      retryAfterSeconds: 3,
    };
    expect((await c.call(who, 'POST', '/api/v1/engage/topics', { topic: 'onboarding' })).statusCode).toBe(201);
    // Longer than a refresh waits in place: it waits in the delayed set, saying where it was.
    const paused = async () =>
      (await h.queues.get(QUEUES.engageFeed).getDelayed()).find(
        (job) => job.name === engageRefreshJob.name && job.data.userId === who.userId,
      )?.data.progress;
    await expect.poll(paused, POLL).toMatchObject({ done: 0 });
    await expect
      .poll(
        async () =>
          (await c.call(who, 'GET', '/api/v1/engage/feed?lang=en'))
            .json()
            .posts.map((p: { postId: string }) => p.postId),
        POLL,
      )
      .toEqual(['urn:li:activity:7100000000000000010']);
  });
});
