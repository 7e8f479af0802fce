import { request } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { buildApp as buildGateway, configSchema as gatewayConfigSchema } from '@nashr/gateway';
import { type ServiceApp, SessionStore } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, readEventStream, startHarness } from '../testing/harness.js';

/** The composer reaches the ai service through the gateway: streams must pass through unbuffered. */
const COOKIE_SECRET = 'g'.repeat(40);
let h: Harness;
let gateway: ServiceApp;
let gatewayUrl: string;
let cookie: string;

beforeAll(async () => {
  h = await startHarness({ AI_OFFLINE_TOKEN_DELAY_MS: '15' });
  const aiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const config = gatewayConfigSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: h.redis.url,
    REDIS_PREFIX: h.redis.prefix,
    AI_URL: aiUrl,
    LOG_LEVEL: 'silent',
  });
  gateway = await buildGateway({ config, logger: h.app.log as never, redis: h.redis.redis });
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const sessionId = await new SessionStore(h.redis.redis, h.redis.prefix).create(testIdentity());
  cookie = `sid=${fastifyCookie.sign(sessionId, COOKIE_SECRET)}`;
});
afterAll(async () => {
  await gateway?.close();
  await h?.close();
});

describe('through the gateway', () => {
  it('refuses a generation without a session', async () => {
    const res = await fetch(`${gatewayUrl}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'x' }),
    });
    expect(res.status).toBe(401);
  });

  it('streams tokens as they are written, not all at the end', async () => {
    const started = Date.now();
    const res = await fetch(`${gatewayUrl}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
      body: JSON.stringify({ topic: 'streaming through a proxy', lang: 'en' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEventStream(res, started);
    const tokens = events.filter((e) => e.event === 'token');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(tokens.length).toBeGreaterThan(30);
    // Written over ~1.5 s: the first words must reach the client long before the last.
    expect(done.at - tokens[0]!.at).toBeGreaterThan(700);
  });

  it('passes a closed tab on to the ai service, which stops and refunds', async () => {
    const credits = async () => {
      const body = (await (await fetch(`${gatewayUrl}/api/v1/ai/credits`, { headers: { cookie } })).json()) as {
        data: { remaining: number };
      };
      return body.data.remaining;
    };
    const before = await credits();
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const req = request(`${gatewayUrl}/api/v1/ai/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
      });
      req.on('response', (res) =>
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          req.destroy();
        }),
      );
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
      req.end(JSON.stringify({ topic: 'leaving early', lang: 'en' }));
    });
    expect(firstChunk).toContain('event: meta');
    await expect.poll(credits, { timeout: 10_000 }).toBe(before);
    expect(h.logLines().some((line) => line.includes('generation cancelled by the client'))).toBe(true);
  });
});
