import type { IncomingHttpHeaders } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { API_CATALOGUE } from '@nashr/contracts';
import { ApiTokenStore, apiTokenDigest, createServiceApp, type ServiceApp, SessionStore } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestRedis,
  type DownService,
  startDownService,
  TEST_INTERNAL_SECRET,
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenRateLimiter, tokenScopeFor } from './api-tokens.js';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { buildOpenApiDocument } from './routes/openapi.js';

const COOKIE_SECRET = 'c'.repeat(40);
const { logger, lines } = createCapturingLogger();
let redis: TestRedis;
let down: DownService;
let upstream: ServiceApp;
let gateway: ServiceApp;
let tokens: ApiTokenStore;
/** What the stand-in service received, newest last. */
const received: { url: string; headers: IncomingHttpHeaders }[] = [];
const owner = { userId: '00000000-0000-4000-8000-0000000070c1', email: 'owner@example.test' };

beforeAll(async () => {
  redis = await createTestRedis();
  down = await startDownService();
  tokens = new ApiTokenStore(redis.redis, redis.prefix);
  // A stand-in for the services: answers every call and keeps what the gateway forwarded.
  upstream = createServiceApp({ name: 'posts', logger });
  upstream.all('/*', async (request) => {
    received.push({ url: request.url, headers: request.headers });
    return { success: true, data: { drafts: [] } };
  });
  const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
  const config = configSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    PUBLIC_URL: 'https://nashr.example',
    AUTH_URL: url,
    LINKEDIN_URL: down.url,
    POSTS_URL: url,
    CONTENT_URL: down.url,
    AI_URL: url,
  });
  gateway = await buildApp({ config, logger, redis: redis.redis });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await down?.close();
  await redis?.cleanup();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const make = (scopes: Parameters<ApiTokenStore['create']>[1]['scopes'], expiresAt: Date | null = null) =>
  tokens.create(owner, { name: 'test', scopes, expiresAt });

describe('personal API tokens at the gateway', () => {
  it('forwards a call within the token’s scope as its owner, without the token, with RateLimit headers', async () => {
    const { token, record } = await make(['posts:read']);
    const before = received.length;
    const res = await gateway.inject({ method: 'GET', url: '/api/v1/drafts', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const forwarded = received.slice(before);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]?.headers['x-user-id']).toBe(owner.userId);
    expect(forwarded[0]?.headers['x-user-roles']).toBe('');
    expect(forwarded[0]?.headers.authorization).toBeUndefined();
    expect(res.headers['ratelimit-limit']).toBe('120');
    expect(res.headers['ratelimit-remaining']).toBe('119');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // Its last use is kept for the owner's list.
    await expect
      .poll(async () => (await tokens.list(owner.userId)).find((t) => t.id === record.id)?.lastUsedAt ?? null)
      .not.toBeNull();
  });

  it('refuses a call outside the token’s scopes (403 token.scope_missing) before any service hears of it', async () => {
    const { token } = await make(['posts:read']);
    const before = received.length;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: bearer(token),
      payload: { content: 'From a script' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'token.scope_missing',
      params: { scope: 'drafts:write' },
    });
    expect(received.length).toBe(before);
  });

  it('refuses endpoints not open to tokens with 403 token.route_closed: tokens cannot make tokens', async () => {
    const { token } = await make(['posts:read', 'drafts:write', 'posts:schedule', 'analytics:read', 'ai:generate']);
    const before = received.length;
    for (const [method, url] of [
      ['GET', '/api/v1/auth/tokens'],
      ['POST', '/api/v1/auth/tokens'],
      ['GET', '/api/v1/auth/me'],
      ['DELETE', '/api/v1/auth/account'],
    ] as const) {
      const res = await gateway.inject({
        method,
        url,
        headers: bearer(token),
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('token.route_closed');
    }
    expect(received.length).toBe(before);
  });

  it('refuses a revoked, expired, unknown or malformed token with 401 token.invalid, never echoing it', async () => {
    const revoked = await make(['posts:read']);
    await tokens.revoke(owner.userId, revoked.record.id);
    const expired = await make(['posts:read'], new Date(Date.now() + 200));
    await expect.poll(() => tokens.resolve(expired.token)).toBeNull();
    const before = received.length;
    for (const token of [revoked.token, expired.token, `nashr_pat_${'x'.repeat(43)}`, 'not-a-token', '']) {
      const res = await gateway.inject({ method: 'GET', url: '/api/v1/drafts', headers: bearer(token) });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('token.invalid');
      if (token) expect(res.body).not.toContain(token);
    }
    expect(received.length).toBe(before);
    const logged = lines().join('\n');
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(revoked.token);
  });

  it('remembers a token in use, without reading Redis again, and still ends it at once when revoked or expired', async () => {
    const live = await make(['posts:read']);
    const call = (token: string) => gateway.inject({ method: 'GET', url: '/api/v1/drafts', headers: bearer(token) });
    expect((await call(live.token)).statusCode).toBe(200);
    // Remembered: the key gone behind the gateway's back (no announcement) changes nothing for a while.
    await redis.redis.rename(`${redis.prefix}:api-token-sha256:${apiTokenDigest(live.token)}`, `${redis.prefix}:moved`);
    expect((await call(live.token)).statusCode).toBe(200);
    await redis.redis.rename(`${redis.prefix}:moved`, `${redis.prefix}:api-token-sha256:${apiTokenDigest(live.token)}`);
    // A revoke is announced: refused on the very next call.
    await tokens.revoke(owner.userId, live.record.id);
    await expect.poll(async () => (await call(live.token)).statusCode, { timeout: 5_000 }).toBe(401);

    const expiring = await make(['posts:read'], new Date(Date.now() + 1_500));
    expect((await call(expiring.token)).statusCode).toBe(200);
    await expect
      .poll(async () => (await call(expiring.token)).statusCode, { timeout: 10_000, interval: 100 })
      .toBe(401);
  });

  it('checks a token at /mcp through the same cache: no Redis read while in use, refused at once when revoked', async () => {
    const live = await make(['posts:read']);
    const listTools = () =>
      gateway.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...bearer(live.token), accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
    const first = await listTools();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.tools.length).toBeGreaterThan(0);
    const key = `${redis.prefix}:api-token-sha256:${apiTokenDigest(live.token)}`;
    await redis.redis.rename(key, `${redis.prefix}:moved-mcp`);
    expect((await listTools()).statusCode).toBe(200);
    await redis.redis.rename(`${redis.prefix}:moved-mcp`, key);
    await tokens.revoke(owner.userId, live.record.id);
    await expect.poll(async () => (await listTools()).statusCode, { timeout: 5_000 }).toBe(401);
    expect((await listTools()).json().code).toBe('token.invalid');
  });

  it('does not let a cookie stand in when a bearer token is refused', async () => {
    const sid = await new SessionStore(redis.redis, redis.prefix).create(testIdentity(['user']));
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/v1/drafts',
      headers: { ...bearer('nashr_pat_wrong'), cookie: `sid=${fastifyCookie.sign(sid, COOKIE_SECRET)}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not apply the cross-site check to tokens (no cookie is read), but still to cookies', async () => {
    const { token } = await make(['drafts:write']);
    const withToken = await gateway.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: { ...bearer(token), origin: 'https://elsewhere.example' },
      payload: { content: 'From a script' },
    });
    expect(withToken.statusCode, withToken.body).toBe(200);
    const withCookie = await gateway.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: { origin: 'https://elsewhere.example' },
      payload: { content: 'From a page' },
    });
    expect(withCookie.json().code).toBe('request.cross_site');
  });
});

describe('token rate limit', () => {
  it('allows the limit per window, then refuses until the window turns', () => {
    const limiter = new TokenRateLimiter(3, 60_000);
    const at = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('a', at).allowed)).toEqual([true, true, true]);
    expect(limiter.take('a', at + 1000)).toEqual({ allowed: false, remaining: 0, resetSeconds: 59 });
    expect(limiter.take('b', at + 1000).allowed).toBe(true);
    expect(limiter.take('a', at + 60_000)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('answers 429 with RateLimit headers once a token has spent its minute', async () => {
    const { token } = await make(['posts:read']);
    let last = await gateway.inject({ method: 'GET', url: '/api/v1/drafts', headers: bearer(token) });
    for (let i = 1; i < 121 && last.statusCode === 200; i++) {
      last = await gateway.inject({ method: 'GET', url: '/api/v1/drafts', headers: bearer(token) });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('request.rate_limited');
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the catalogue and the OpenAPI document', () => {
  it('maps each token-open endpoint, and nothing else, to its scope', () => {
    for (const endpoint of API_CATALOGUE.filter((e) => e.owner !== 'gateway')) {
      const url = endpoint.path.replace(/\{\w+\}/g, 'x1');
      expect(tokenScopeFor(endpoint.method, url), `${endpoint.method} ${endpoint.path}`).toBe(endpoint.token);
    }
    expect(tokenScopeFor('GET', '/api/v1/drafts?limit=5')).toBe('posts:read');
    expect(tokenScopeFor('GET', '/api/v1/drafts/extra/part')).toBeUndefined();
  });

  it('documents bearer tokens and the scope of each operation open to them', () => {
    const document = buildOpenApiDocument();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const createDraft = document.paths['/api/v1/drafts']?.post as Record<string, unknown>;
    expect(createDraft['x-token-scope']).toBe('drafts:write');
    expect(createDraft.security).toEqual([{ session: [] }, { apiToken: ['drafts:write'] }]);
    const tokensList = document.paths['/api/v1/auth/tokens']?.get as Record<string, unknown>;
    expect(tokensList.security).toEqual([{ session: [] }]);
  });
});
