import {
  fullProfileSchema,
  linkedinPostsResponseSchema,
  QUEUES,
  userInfoResponseSchema,
  userProfileResponseSchema,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkProvider } from '../providers/network-provider.js';
import { createHarness, type Harness } from '../testing/harness.js';

/** Counts the calls that reach the network, to see the cache at work. */
const networkCalls = { own: 0, full: 0, posts: 0 };

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    provider: (_db, sandbox): NetworkProvider => ({
      name: 'sandbox',
      connect: (c) => sandbox.connect(c),
      solveCheckpoint: (a, c) => sandbox.solveCheckpoint(a, c),
      resendCheckpoint: (a) => sandbox.resendCheckpoint(a),
      checkInAppValidation: (a) => sandbox.checkInAppValidation(a),
      getOwnProfile: (a) => {
        networkCalls.own += 1;
        return sandbox.getOwnProfile(a);
      },
      getFullProfile: (a) => {
        networkCalls.full += 1;
        return sandbox.getFullProfile(a);
      },
      listPosts: (a, p) => {
        networkCalls.posts += 1;
        return sandbox.listPosts(a, p);
      },
      disconnect: (a) => sandbox.disconnect(a),
      publish: (a, p) => sandbox.publish(a, p),
      comment: (a, p, t) => sandbox.comment(a, p, t),
    }),
  });
});
afterAll(() => h.close());

async function connectedUser(username: string) {
  const user = testIdentity();
  const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password: 'secret' });
  expect(res.json().data.connected).toBe(true);
  return { user, accountId: res.json().data.account_id as string };
}

describe('the signed-in user’s own account', () => {
  it('answers getUserInfo from the database with the ids the web stores', async () => {
    const { user, accountId } = await connectedUser('info@example.com');
    const res = await h.call(user, 'POST', '/linkedln/getUserInfo', { data: { accountID: accountId } });
    expect(res.statusCode).toBe(200);
    const body = userInfoResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({ accountID: accountId, id: accountId, status: 'connected' });
  });

  it('answers getUserProfile with the network profile, asking the network once a minute at most', async () => {
    const { user, accountId } = await connectedUser('profile@example.com');
    const before = networkCalls.own;
    const first = await h.call(user, 'POST', '/linkedln/getUserProfile', { data: [{ accountID: accountId }] });
    expect(first.statusCode).toBe(200);
    const profile = userProfileResponseSchema.parse(first.json()).data;
    expect(profile.first_name).not.toBe('');
    expect(profile.last_name).not.toBe('');
    expect(profile.headline).toBeTruthy();
    expect(profile.location).toBeTruthy();
    expect(profile.profile_picture_url).toMatch(/^data:image\/svg\+xml;base64,/);

    const second = await h.call(user, 'POST', '/linkedln/getUserProfile', {});
    expect(second.json()).toEqual(first.json());
    expect(networkCalls.own - before).toBe(1);
  });

  it('answers getUserProfileData with the full profile of the profile page', async () => {
    const { user } = await connectedUser('full@example.com');
    const res = await h.call(user, 'POST', '/linkedln/getUserProfileData', { data: {} });
    expect(res.statusCode).toBe(200);
    const profile = fullProfileSchema.parse(res.json().data);
    expect(profile.summary).toBeTruthy();
    expect(profile.background_picture_url).toMatch(/^data:image\/svg\+xml/);
    expect(profile.education.length).toBeGreaterThan(0);
    expect(profile.education[0]?.school).toBeTruthy();
    expect(profile.skills.length).toBeGreaterThan(0);
    expect(profile.websites.length).toBeGreaterThan(0);
    expect(profile.follower_count).toBeGreaterThan(0);
    expect(profile.connections_count).toBeGreaterThan(0);
  });

  it('lists posts newest first with counters and the author’s name and headline, page by page', async () => {
    const { user } = await connectedUser('posts@example.com');
    const profile = userProfileResponseSchema.parse(
      (await h.call(user, 'POST', '/linkedln/getUserProfile', {})).json(),
    ).data;
    const all = linkedinPostsResponseSchema.parse(
      (await h.call(user, 'POST', '/linkedln/getPosts', { data: {} })).json(),
    );
    expect(all.data.items.length).toBeGreaterThanOrEqual(9);
    expect(all.data.cursor).toBeNull();
    const times = all.data.items.map((p) => Date.parse(p.parsed_datetime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const post of all.data.items) {
      expect(post.author).toEqual({ name: `${profile.first_name} ${profile.last_name}`, headline: profile.headline });
      expect(post.impressions_counter).toBeGreaterThan(0);
      expect(post.text.length).toBeGreaterThan(0);
    }

    const page1 = linkedinPostsResponseSchema.parse(
      (await h.call(user, 'POST', '/linkedln/getPosts', { data: { limit: 4 } })).json(),
    );
    expect(page1.data.items).toHaveLength(4);
    expect(page1.data.cursor).toBeTruthy();
    const page2 = linkedinPostsResponseSchema.parse(
      (await h.call(user, 'POST', '/linkedln/getPosts', { data: { limit: 4, cursor: page1.data.cursor } })).json(),
    );
    expect(page2.data.items.map((p) => p.id)).toEqual(all.data.items.slice(4, 8).map((p) => p.id));
  });

  it("refuses another user's account id with 403 in every call", async () => {
    const owner = await connectedUser('owner@example.com');
    const other = await connectedUser('other@example.com');
    for (const path of ['getUserInfo', 'getUserProfile', 'getPosts', 'getUserProfileData']) {
      for (const data of [
        { accountID: owner.accountId },
        [{ accountID: owner.accountId }],
        { userInfo: { accountID: owner.accountId } },
      ]) {
        const res = await h.call(other.user, 'POST', `/linkedln/${path}`, { data });
        expect(res.statusCode, `${path} ${JSON.stringify(data)}`).toBe(403);
        expect(res.json().success).toBe(false);
      }
    }
    const own = await h.call(other.user, 'POST', '/linkedln/getUserInfo', { data: { accountID: other.accountId } });
    expect(own.statusCode).toBe(200);
  });

  it('says so when no account is connected, and requires a session', async () => {
    const user = testIdentity();
    const res = await h.call(user, 'POST', '/linkedln/getPosts', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No LinkedIn account is connected yet. Connect your account first.');
    expect(res.json().code).toBe('linkedin.not_connected');
    for (const path of ['getUserInfo', 'getUserProfile', 'getPosts', 'getUserProfileData']) {
      expect((await h.call(null, 'POST', `/linkedln/${path}`, {})).statusCode).toBe(401);
    }
  });

  it('rejects a bad page size with 400', async () => {
    const { user } = await connectedUser('paging@example.com');
    const res = await h.call(user, 'POST', '/linkedln/getPosts', { data: { limit: 1000 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^limit: /);
  });
});

describe("measuring the writer's voice", () => {
  it('reads the published posts and hands their text to the ai service (202)', async () => {
    const { user } = await connectedUser('voice@example.com');
    const posts = (await h.call(user, 'POST', '/linkedln/getPosts', { data: { limit: 50 } })).json().data.items;
    const res = await h.call(user, 'POST', '/api/v1/linkedin/voice/measure');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ success: true, data: { posts: posts.length } });
    expect(posts.length).toBeGreaterThan(0);
    const sent = (await h.jobsOn(QUEUES.aiInbox, 'published-posts-fetched')).find((j) => j.data.userId === user.userId);
    expect(sent?.data.posts).toEqual(posts.map((p: { text: string }) => p.text));
  });

  it('says the account must be connected first', async () => {
    const res = await h.call(testIdentity(), 'POST', '/api/v1/linkedin/voice/measure');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'linkedin.not_connected' });
  });
});
