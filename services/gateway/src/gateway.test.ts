import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type ClientRequest, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import { buildApp as buildContentApp, schema as contentSchema, MIGRATIONS_FOLDER } from '@nashr/content';
import { createDatabase, type ServiceApp, SessionStore } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  type DownService,
  startDownService,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

const COOKIE_SECRET = 'c'.repeat(40);
const { logger, lines } = createCapturingLogger();
let db: TestDatabase;
let redis: TestRedis;
let content: ServiceApp;
let contentDb: ReturnType<typeof createDatabase<typeof contentSchema>>;
let gateway: ServiceApp;
let sessions: SessionStore;
let down: DownService;
let webDist: string;

/** A gateway whose services are all down unless `env` gives their address. */
async function gatewayWith(env: Record<string, string>): Promise<ServiceApp> {
  const config = configSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    AUTH_URL: down.url,
    LINKEDIN_URL: down.url,
    POSTS_URL: down.url,
    CONTENT_URL: down.url,
    AI_URL: down.url,
    ...env,
  });
  return buildApp({ config, logger, redis: redis.redis });
}

async function cookieFor(roles: ('user' | 'admin')[]): Promise<string> {
  const id = await sessions.create(testIdentity(roles));
  return `sid=${fastifyCookie.sign(id, COOKIE_SECRET)}`;
}

beforeAll(async () => {
  db = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' }]);
  redis = await createTestRedis();
  down = await startDownService();
  sessions = new SessionStore(redis.redis, redis.prefix);
  contentDb = createDatabase({ url: db.url, schema: contentSchema });
  content = buildContentApp({ config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET }, logger, database: contentDb });
  const contentUrl = await content.listen({ port: 0, host: '127.0.0.1' });
  webDist = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Nashr</title><div id="root"></div>');
  // What the web build writes: each script with its .br and .gz beside it.
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  gateway = await gatewayWith({ CONTENT_URL: contentUrl, WEB_DIST: webDist });
});

afterAll(async () => {
  await gateway?.close();
  await content?.close();
  await down?.close();
  await contentDb?.close();
  await redis?.cleanup();
  await db?.drop();
});

const SCRIPT = `console.log(${JSON.stringify('Nashr '.repeat(500))});`;

const hero = { headline: 'A new headline', subheadline: 'Saved through the gateway' };

describe('gateway', () => {
  it('forwards content reads to the content service', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/content/hero?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, lang: 'en', version: 0 });
  });

  it('refuses a save without a session (401) and from a non-admin (403)', async () => {
    const anonymous = await gateway.inject({ method: 'POST', url: '/content/hero/save_content/', payload: hero });
    expect(anonymous.statusCode).toBe(401);
    const user = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/',
      payload: hero,
      headers: { cookie: await cookieFor(['user']) },
    });
    expect(user.statusCode).toBe(403);
    const after = await gateway.inject({ method: 'GET', url: '/content/hero?lang=ar' });
    expect(after.json().version).toBe(0);
  });

  it('ignores identity headers sent by the client', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/',
      payload: hero,
      headers: {
        'x-user-id': '00000000-0000-4000-8000-000000000000',
        'x-user-email': 'evil@example.test',
        'x-user-roles': 'admin',
        'x-internal-secret': 'guess',
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it('lets an admin save, and the next read shows it', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/?lang=ar',
      payload: hero,
      headers: { cookie: await cookieFor(['user', 'admin']) },
    });
    expect(res.statusCode).toBe(200);
    const read = await gateway.inject({ method: 'GET', url: '/content/hero?lang=ar' });
    expect(read.json()).toMatchObject({ data: hero, version: 1 });
  });

  it('refuses a forged or unknown session cookie', async () => {
    const forged = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/',
      payload: hero,
      headers: { cookie: `sid=${fastifyCookie.sign('x'.repeat(43), 'wrong-secret-wrong-secret-wrong-secret')}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/',
      payload: hero,
      headers: { cookie: await cookieFor(['admin']), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Requests from other sites are not allowed');
  });

  it('sets security headers: the full set on pages, the API set on JSON answers', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const api = await gateway.inject({ method: 'GET', url: '/content/hero' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['x-request-id']).toBeTruthy();
    // Rate-limit counts are for the refused client only (see the rate-limit test).
    expect(api.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('keeps the sandbox a service puts on a file, and the attachment, adding its own policy after', async () => {
    const files = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="document.pdf"',
        'content-security-policy': 'sandbox',
      });
      response.end('%PDF-1.7\n%%EOF\n');
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const withFiles = await gatewayWith({ POSTS_URL: `http://127.0.0.1:${(files.address() as AddressInfo).port}` });
    try {
      const file = await withFiles.inject({
        method: 'GET',
        url: '/api/v1/media/00000000-0000-4000-8000-000000000001',
        headers: { cookie: await cookieFor(['user']) },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-security-policy']).toMatch(/^sandbox; default-src 'self'/);
      expect(file.headers['content-disposition']).toBe('attachment; filename="document.pdf"');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await withFiles.close();
      files.closeAllConnections();
      await new Promise((resolve) => files.close(resolve));
    }
  });

  it('answers unknown API paths with JSON 404 and page paths with the web app', async () => {
    const api = await gateway.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'No route for GET /api/v1/nothing-here' });
    const page = await gateway.inject({ method: 'GET', url: '/some/client/route' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it('shows the demo band on every page of a demo (NASHR_DEMO=1), and on none otherwise', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/some/client/route' })).body).not.toContain('data-demo');
    const demo = await gatewayWith({ WEB_DIST: webDist, NASHR_DEMO: '1' });
    try {
      for (const url of ['/some/client/route', '/']) {
        const page = await demo.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toContain('text/html');
        expect(page.body, url).toContain('Demo: nothing reaches LinkedIn, no money moves');
        expect(page.body, url).toContain('لا يصل شيء إلى لينكدإن');
        expect(page.body.indexOf('data-demo-band'), url).toBeLessThan(page.body.indexOf('<div id="root">'));
      }
    } finally {
      await demo.close();
    }
  });

  it('sends the web build compressed when the browser accepts it, and cached for good', async () => {
    const br = await gateway.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await gateway.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await gateway.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('is ready only when every service is', async () => {
    const ready = await gateway.inject({ method: 'GET', url: '/readyz' });
    // Services other than content are down in this test, whatever runs on their default ports.
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toMatchObject({ redis: 'ok', content: 'ok', auth: 'unavailable' });
  });

  it('answers 503 with a clear message when a service is down', async () => {
    const broken = await gatewayWith({});
    const res = await broken.inject({ method: 'GET', url: '/content/hero' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'service.unavailable',
      message: expect.stringMatching(/temporarily unavailable/),
    });
    await broken.close();
  });

  it('limits request rates per client', async () => {
    const limited = await gatewayWith({ RATE_LIMIT_PER_MINUTE: '2' });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await limited.inject({ method: 'GET', url: '/content/faq', remoteAddress: '192.0.2.7' })).statusCode);
    expect(codes).toEqual([503, 503, 429]);
    const refused = await limited.inject({ method: 'GET', url: '/content/faq', remoteAddress: '192.0.2.7' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'request.rate_limited',
      params: { seconds: expect.any(Number) },
    });
    await limited.close();
  });

  describe('oversized bodies', () => {
    // The services behind this gateway count what reaches them and never answer: whatever the
    // gateway forwards shows, and an answer that waits for one never comes.
    let reached = 0;
    let upstream: Server;
    let guarded: ServiceApp;
    let address: string;
    beforeAll(async () => {
      upstream = createServer(() => {
        reached += 1;
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      guarded = await gatewayWith({ CONTENT_URL: url, POSTS_URL: url });
      address = await guarded.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await guarded?.close();
      upstream?.closeAllConnections();
      await new Promise((resolve) => upstream?.close(resolve));
    });

    /** Sends the headers and `body` (which may be less than announced); resolves with the answer. */
    const post = (path: string, headers: Record<string, string>, body: (req: ClientRequest) => void) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${address}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        body(req);
      });

    const errorLines = (since: number) =>
      lines()
        .slice(since)
        .filter((line) => JSON.parse(line).level >= 50);

    it('answers 413 with the limit, without forwarding, and logs no error', async () => {
      const before = lines().length;
      const huge = await guarded.inject({
        method: 'POST',
        url: '/content/hero/save_content/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ headline: 'x'.repeat(6 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({
        success: false,
        code: 'request.too_large',
        message: 'The request is too large: the limit is 5.5 MB',
        params: { limit: '5.5 MB' },
      });
      // Routes that read an ordinary body have the ordinary limit.
      const posts = await guarded.inject({
        method: 'POST',
        url: '/api/v1/posts',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(posts.statusCode).toBe(413);
      expect(posts.json()).toMatchObject({ code: 'request.too_large', params: { limit: '1 MB' } });
      expect(reached).toBe(0);
      expect(errorLines(before)).toEqual([]);
    });

    it('answers as soon as the headers announce too much, without waiting for the body', async () => {
      // One kilobyte of the six megabytes announced: the answer must come without the rest.
      const answer = await post('/content/hero/save_content/', { 'content-length': String(6 * 1024 * 1024) }, (req) =>
        req.write(`{"headline":"${'x'.repeat(1024)}`),
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'request.too_large' });
      expect(reached).toBe(0);
    });

    it('refuses a body sent in chunks once it passes the limit, and logs no error', async () => {
      const before = lines().length;
      // No content-length: the size is known only as the chunks arrive.
      const answer = await post('/api/v1/posts', { 'transfer-encoding': 'chunked' }, (req) => {
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 3 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once('drain', pump);
              return;
            }
          }
          req.end();
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'request.too_large', params: { limit: '1 MB' } });
      expect(errorLines(before)).toEqual([]);
    });
  });

  it('lets a service know at once when the caller leaves, also before its answer began (a stopped AI draft)', async () => {
    // A service that starts its answer late, as the AI service does while it prepares a draft.
    const left = new Promise<'left' | 'finished'>((resolve, reject) => {
      const slow = createServer((req, res) => {
        req.resume();
        const timer = setTimeout(() => {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('event: token\ndata: {}\n\n');
          const done = setTimeout(() => res.end(), 3000);
          res.on('close', () => {
            clearTimeout(done);
            resolve(res.writableFinished ? 'finished' : 'left');
          });
        }, 400);
        res.on('close', () => {
          if (!res.headersSent) {
            clearTimeout(timer);
            resolve('left');
          }
        });
      });
      slow.on('error', reject);
      slow.listen(0, '127.0.0.1', async () => {
        const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
        const proxy = await gatewayWith({ AI_URL: url });
        const address = await proxy.listen({ port: 0, host: '127.0.0.1' });
        const caller = httpRequest(`${address}/api/v1/ai/generate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: await cookieFor(['user']) },
        });
        caller.on('error', () => undefined);
        caller.end('{}');
        // The caller stops before the service has begun to answer.
        setTimeout(() => caller.destroy(), 100);
        void left.finally(async () => {
          await proxy.close();
          slow.closeAllConnections();
          slow.close();
        });
      });
    });
    expect(await left).toBe('left');
  });

  it('gives each client one budget across every API route, not one per route', async () => {
    const limited = await gatewayWith({ CONTENT_URL: 'http://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '4' });
    const call = (url: string, remoteAddress = '192.0.2.8') =>
      limited.inject({ method: 'GET', url, remoteAddress }).then((res) => res.statusCode);
    // Four calls to four owners: the content service, the API reference, auth and posts.
    const spent = [
      await call('/content/faq'),
      await call('/api/v1/openapi.json'),
      await call('/api/v1/auth/me'),
      await call('/api/v1/posts'),
    ];
    expect(spent).not.toContain(429);
    expect(await call('/content/hero')).toBe(429);
    expect(await call('/api/v1/linkedin/accounts')).toBe(429);
    // Another client has a budget of its own, and the web app's pages and files cost none.
    expect(await call('/content/hero', '192.0.2.9')).not.toBe(429);
    expect(await call('/some/client/route')).not.toBe(429);
    await limited.close();
  });
});
