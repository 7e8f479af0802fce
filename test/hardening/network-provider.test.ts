/**
 * The professional network slow or failing, seen through the real gateway with the production
 * adapter (unipile) against a local server speaking its wire format, with a 800 ms call timeout.
 * The sign-in and profile routes must answer within a bound with a message a person can act on;
 * the publish pipeline (posts worker and linkedin publish worker, both real) must never leave a
 * post in 'publishing': it ends 'failed' with a reason, and a retry once the network is back
 * publishes it exactly once.
 *
 * A network that creates the post after the adapter's timeout is bench/faults/late-publish.ts:
 * today it publishes the post twice (see that file).
 */

import { FAKE_API_KEY, type FakeUnipile, startFakeUnipile } from '@nashr/linkedin/testing';
import { testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemWith } from './support/answers.js';
import { send } from './support/gateway-client.js';

const CALL_TIMEOUT_MS = 800;
const BOUND_MS = 3_000;

let fake: FakeUnipile;
let stack: Stack;
let cookie: string;
const alice = testIdentity(['user']);

beforeAll(async () => {
  fake = await startFakeUnipile();
  stack = await startStack({
    gateway: true,
    workers: ['posts', 'linkedin'],
    env: {
      linkedin: {
        NETWORK_PROVIDER: 'unipile',
        UNIPILE_DSN: fake.url,
        UNIPILE_API_KEY: FAKE_API_KEY,
        UNIPILE_TIMEOUT_MS: String(CALL_TIMEOUT_MS),
      },
    },
  });
  cookie = await stack.cookieFor(alice);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

const postStatus = async (id: string) =>
  (
    await stack.sql<{ status: string; failure_reason: string | null }[]>`
    select status, failure_reason from posts.posts where id = ${id}`
  )[0];

describe('the network slow or failing', () => {
  it('a sign-in that the network does not answer in time: a clear refusal within the bound', async () => {
    fake.options.delays['/api/v1/accounts'] = 5_000;
    try {
      const res = await send(stack, 'POST', '/api/v1/linkedin/accounts', {
        cookie,
        body: { username: 'mona@fake.test', password: 'secret' },
      });
      expect(res.status, res.body).toBe(503);
      expect(problemWith(res, [503])).toBeNull();
      expect(res.json().message).toMatch(/LinkedIn/);
      expect(res.ms).toBeLessThan(BOUND_MS);
    } finally {
      delete fake.options.delays['/api/v1/accounts'];
    }
  });

  it('a sign-in the network fails with a server error: a clear refusal at once', async () => {
    fake.options.failures['/api/v1/accounts'] = { status: 500, times: 1 };
    const res = await send(stack, 'POST', '/api/v1/linkedin/accounts', {
      cookie,
      body: { username: 'mona@fake.test', password: 'secret' },
    });
    expect(res.status, res.body).toBe(503);
    expect(res.json().message).toBe('LinkedIn could not be reached. Please try again in a moment.');
    expect(res.ms).toBeLessThan(BOUND_MS);
  });

  it('profile pages when the network is slow: a clear refusal within the bound, then data once it answers', async () => {
    const connected = await send(stack, 'POST', '/api/v1/linkedin/accounts', {
      cookie,
      body: { username: 'mona@fake.test', password: 'secret' },
    });
    expect(connected.status, connected.body).toBe(200);
    fake.options.delays['/api/v1/users'] = 5_000;
    try {
      for (const path of ['/linkedln/getUserProfile', '/linkedln/getPosts', '/linkedln/getUserProfileData']) {
        const res = await send(stack, 'POST', path, { cookie, body: {} });
        expect(res.status, `${path}: ${res.body}`).toBe(503);
        expect(problemWith(res, [503])).toBeNull();
        expect(res.ms, path).toBeLessThan(BOUND_MS);
      }
    } finally {
      delete fake.options.delays['/api/v1/users'];
    }
    const profile = await send(stack, 'POST', '/linkedln/getUserProfile', { cookie, body: {} });
    expect(profile.status, profile.body).toBe(200);
  });

  it('publishing while the network keeps failing ends failed with a reason, never stuck publishing', {
    timeout: 60_000,
  }, async () => {
    fake.options.failures['/api/v1/posts'] = { status: 503, times: 1_000 };
    const res = await send(stack, 'POST', '/linkedln/createPost', { cookie, body: { text: 'Into the storm' } });
    expect(res.status, res.body).toBe(202);
    const id = res.json().data?.id as string;
    // Five tries with exponential pauses (1, 2, 4, 8 s), then the last one reports the failure.
    await expect.poll(async () => (await postStatus(id))?.status, { timeout: 40_000, interval: 500 }).toBe('failed');
    expect((await postStatus(id))?.failure_reason).toMatch(/LinkedIn/);
    expect(fake.published.filter((p) => p.text === 'Into the storm')).toHaveLength(0);

    // The network is back: the person retries and the post goes out once.
    fake.options.failures['/api/v1/posts'] = { status: 503, times: 0 };
    const retry = await send(stack, 'POST', `/api/v1/posts/${id}/retry`, { cookie });
    expect(retry.status, retry.body).toBe(200);
    await expect.poll(async () => (await postStatus(id))?.status, { timeout: 20_000, interval: 250 }).toBe('published');
    expect(fake.published.filter((p) => p.text === 'Into the storm')).toHaveLength(1);
  });
});
