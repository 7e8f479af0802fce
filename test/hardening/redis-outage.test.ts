/**
 * Redis stops for a few seconds. Every service and the gateway reach it through a TCP proxy this
 * test cuts and restores (the machine's Redis is shared).
 *
 * Decision: while the gateway cannot read sessions it answers 503 to signed-in requests rather
 * than treating people as signed out. A signed-out answer would send the web app to the sign-in
 * screen and lose whatever the person was writing; a 503 keeps them where they are, and the
 * same request succeeds once Redis is back. Requests without a session that need no Redis (the
 * landing page) keep working.
 */
import { identityHeaders } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemWith } from './support/answers.js';
import { connectAccount, send } from './support/gateway-client.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

let proxy: TcpProxy;
let stack: Stack;
let cookie: string;
const alice = testIdentity(['user']);
const asAlice = identityHeaders(alice, TEST_INTERNAL_SECRET);

beforeAll(async () => {
  proxy = await startTcpProxy(process.env.REDIS_URL ?? '');
  stack = await startStack({
    gateway: true,
    redisUrl: (url) => proxy.via(url),
    workers: ['posts', 'linkedin'],
  });
  cookie = await stack.cookieFor(alice);
  await stack.sql`insert into auth.users (id, email) values (${alice.userId}, ${alice.email})`;
  await connectAccount(stack, cookie, 'alice@sandbox.test', 'her password');
}, 60_000);

afterAll(async () => {
  await proxy?.restore();
  await stack?.close();
  await proxy?.close();
});

describe('Redis down', () => {
  let postId: string;

  it('signed-in requests answer 503 at once, the landing page still loads, /readyz says which part is down', async () => {
    await proxy.cut();
    for (const [method, path, body] of [
      ['GET', '/api/v1/auth/me', undefined],
      ['GET', '/api/v1/posts', undefined],
      ['POST', '/linkedln/createPost', { text: 'Through the gateway while Redis is down' }],
    ] as const) {
      const res = await send(stack, method, path, { cookie, body });
      const context = `${method} ${path}: ${res.status} ${res.body} in ${res.ms} ms`;
      expect(res.status, context).toBe(503);
      expect(problemWith(res, [503]), context).toBeNull();
      expect(res.json().message, context).toMatch(/temporarily unavailable/i);
      expect(res.ms, context).toBeLessThan(2_000);
    }
    // Asking for a sign-in link needs Redis (rate limit, mail queue): refused the same way.
    const link = await send(stack, 'POST', '/api/v1/auth/magic-login', { body: { destination: 'x@example.test' } });
    expect(link.status, link.body).toBe(503);
    expect(problemWith(link, [503])).toBeNull();

    const landing = await send(stack, 'GET', '/content/hero?lang=en');
    expect(landing.status, landing.body).toBe(200);

    expect((await send(stack, 'GET', '/readyz')).status).toBe(503);
    for (const service of ['auth', 'linkedin', 'posts'] as const) {
      const ready = await fetch(`${stack.urls[service]}/readyz`);
      expect(ready.status, service).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { postgres: 'ok', redis: 'unavailable' } });
    }
  });

  it('a post sent to the posts service while Redis is down is kept, not lost', async () => {
    // The gateway cannot read sessions now, so this is the request it forwarded just before the cut.
    const res = await stack.apps.posts.inject({
      method: 'POST',
      url: '/linkedln/createPost',
      headers: asAlice,
      payload: { text: 'Sent while Redis was down' },
    });
    expect(res.statusCode, res.body).toBe(202);
    postId = res.json().data.id;
    const [row] = await stack.sql<{ status: string }[]>`select status from posts.posts where id = ${postId}`;
    expect(row?.status).toBe('scheduled');
  });

  it('everything recovers by itself once Redis is back: sessions, readiness, and the kept post goes out once', async () => {
    await proxy.restore();
    await expect
      .poll(async () => (await send(stack, 'GET', '/api/v1/auth/me', { cookie })).status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(200);
    await expect.poll(async () => (await send(stack, 'GET', '/readyz')).status, { timeout: 10_000 }).toBe(200);

    const status = async () =>
      (await stack.sql<{ status: string }[]>`select status from posts.posts where id = ${postId}`)[0]?.status;
    await expect.poll(status, { timeout: 30_000, interval: 250 }).toBe('published');
    const copies = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from linkedin.sandbox_posts where text = 'Sent while Redis was down'`;
    expect(copies[0]?.n).toBe(1);
  });
});
