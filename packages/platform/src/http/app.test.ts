import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { createCapturingLogger, TEST_INTERNAL_SECRET, testIdentity } from '../testing/index.js';
import { createServiceApp } from './app.js';
import { identityHeaders, requireRole } from './identity.js';

const { logger, lines } = createCapturingLogger();
let healthy = true;
const app = createServiceApp({
  name: 'sample',
  logger,
  internalSecret: TEST_INTERNAL_SECRET,
  readiness: [
    {
      name: 'postgres',
      check: async () => {
        if (!healthy) throw new Error('connection refused');
      },
    },
  ],
});
app.post('/items', { schema: { body: z.object({ title: z.string().min(1).max(5) }) } }, async (request) => ({
  success: true,
  title: request.body.title,
}));
app.get('/admin-only', { preHandler: requireRole('admin') }, async () => ({ success: true }));
app.get('/boom', async () => {
  throw new Error('secret internal detail');
});
/** Resolved when /until-client-leaves has its request, so the test knows when to walk away. */
let arrived: () => void = () => {};
app.get('/until-client-leaves', async (request) => {
  arrived();
  await new Promise((resolve) => request.raw.once('close', resolve));
  // What a proxied answer's stream throws once the browser is gone.
  throw new Error('Request aborted');
});
app.get('/vanished', async () => {
  // What postgres.js throws, wrapped by the query builder, for a row whose user was deleted meanwhile.
  throw new Error('Failed query: insert into "workspace_members"', {
    cause: Object.assign(new Error('violates foreign key constraint'), { code: '23503' }),
  });
});
app.get('/conflict', async () => {
  throw new AppError('CONFLICT', 'Someone changed this first');
});
afterAll(() => app.close());

const asGateway = identityHeaders(testIdentity(['user']), TEST_INTERNAL_SECRET);

describe('service app', () => {
  it('refuses requests that do not come through the gateway', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin-only' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'auth.gateway_only',
      message: 'This service only accepts requests through the gateway',
    });
  });

  it('answers validation errors with 400, a readable message and the issues', async () => {
    const res = await app.inject({ method: 'POST', url: '/items', headers: asGateway, payload: { title: 'too long' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^title: /);
    expect(body.issues[0].path).toBe('title');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { ...asGateway, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it('says why a JSON body is refused: not UTF-8, a __proto__ key, or empty', async () => {
    const post = (payload: Buffer | string) =>
      app.inject({
        method: 'POST',
        url: '/items',
        headers: { ...asGateway, 'content-type': 'application/json' },
        payload,
      });
    const latin1 = await post(Buffer.from('{"title":"caf\xe9"}', 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toMatchObject({ code: 'request.invalid_utf8' });
    const proto = await post('{"title":"ok","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toMatchObject({
      code: 'request.forbidden_key',
      message: expect.stringContaining('__proto__'),
    });
    const prototype = await post('{"title":"ok","constructor":{"prototype":{"admin":true}}}');
    expect(prototype.json()).toMatchObject({ code: 'request.forbidden_key' });
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'request.empty_body' });
    // Well-formed UTF-8, Arabic included, goes through.
    const arabic = await post('{"title":"نشر"}');
    expect(arabic.json()).toEqual({ success: true, title: 'نشر' });
  });

  it('hides the detail of unexpected errors but logs it with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom', headers: asGateway });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    const requestId = res.headers['x-request-id'];
    const logged = lines().find((l) => l.includes('secret internal detail'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged as string).requestId).toBe(requestId);
  });

  it('answers a write that refers to a row removed meanwhile with 409, never 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/vanished', headers: asGateway });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'request.conflict' });
    expect(res.body).not.toContain('workspace_members');
  });

  it('logs a client that left mid-request as such, not as a failure', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = new AbortController();
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const call = fetch(`${address}/until-client-leaves`, { headers: asGateway, signal: leaving.signal }).catch(
      () => null,
    );
    await reached;
    leaving.abort();
    await call;
    const parsed = () => lines().map((line) => JSON.parse(line));
    await expect
      .poll(() => parsed().find((line) => line.msg === 'client went away before the answer'))
      .toMatchObject({ level: 30, reason: 'Request aborted' });
    expect(
      parsed().filter((line) => line.msg === 'request failed' && /Request aborted/.test(JSON.stringify(line))),
    ).toEqual([]);
  });

  it('logs one line per request, its path without query values', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz?token=very-secret-token&code=abc' });
    const all = lines().join('\n');
    expect(all).toContain('/healthz?token=[redacted]&code=[redacted]');
    expect(all).not.toContain('very-secret-token');
    const mine = lines()
      .map((line) => JSON.parse(line))
      .filter((line) => line.requestId === res.headers['x-request-id']);
    expect(mine).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        method: 'GET',
        url: '/healthz?token=[redacted]&code=[redacted]',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('maps application errors to their status', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict', headers: asGateway });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'Someone changed this first' });
  });

  it('answers unknown routes with 404 in the same shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope?x=1', headers: asGateway });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'route.not_found', message: 'No route for GET /nope' });
  });

  it('checks roles: 401 without identity, 403 without the role', async () => {
    const anonymous = await app.inject({
      method: 'GET',
      url: '/admin-only',
      headers: { 'x-internal-secret': TEST_INTERNAL_SECRET },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await app.inject({ method: 'GET', url: '/admin-only', headers: asGateway });
    expect(user.statusCode).toBe(403);
    const admin = await app.inject({
      method: 'GET',
      url: '/admin-only',
      headers: identityHeaders(testIdentity(['user', 'admin']), TEST_INTERNAL_SECRET),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('keeps a well-formed request id from the gateway and replaces a hostile one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123-def-456' } });
    expect(kept.headers['x-request-id']).toBe('abc-123-def-456');
    const replaced = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a\nb' } });
    expect(replaced.headers['x-request-id']).not.toBe('a\nb');
  });

  it('reports readiness from its checks', async () => {
    healthy = true;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    healthy = false;
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, checks: { postgres: 'unavailable' } });
  });
});
