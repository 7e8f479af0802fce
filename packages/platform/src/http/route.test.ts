import { defineEndpoint } from '@nashr/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCapturingLogger, TEST_INTERNAL_SECRET, testIdentity } from '../testing/index.js';
import { createServiceApp } from './app.js';
import { identityHeaders } from './identity.js';
import { route } from './route.js';

const item = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/items/{id}',
  owner: 'posts',
  access: 'signed-in',
  summary: 'Rename an item',
  params: z.object({ id: z.string().uuid() }),
  query: z.object({ dryRun: z.enum(['0', '1']).optional() }),
  body: z.object({ title: z.string().min(1).max(5) }),
  responses: { 200: { description: 'Renamed', schema: z.object({ success: z.literal(true), title: z.string() }) } },
});
const adminOnly = defineEndpoint({
  method: 'GET',
  path: '/api/v1/items/admin',
  owner: 'posts',
  access: 'admin',
  summary: 'For administrators',
  responses: { 200: { description: 'Yes', schema: z.object({ success: z.literal(true) }) } },
});
const free = defineEndpoint({
  method: 'POST',
  path: '/api/v1/items/free',
  owner: 'posts',
  access: 'visitor',
  summary: 'Checks its own body',
  body: z.object({ n: z.number() }),
  responses: { 200: { description: 'Echo', schema: z.object({ success: z.literal(true), seen: z.unknown() }) } },
});

const { logger } = createCapturingLogger();
const app = createServiceApp({ name: 'sample', logger, internalSecret: TEST_INTERNAL_SECRET });
route(app, item, { checkResponses: true }, async (request) => ({
  success: true as const,
  title: `${request.body.title}${request.query.dryRun === '1' ? ' (dry run)' : ''} ${request.params.id.slice(0, 4)}`,
}));
route(app, adminOnly, {}, async () => ({ success: true as const }));
route(app, free, { bodyCheck: 'handler' }, async (request) => ({ success: true as const, seen: request.body }));
afterAll(() => app.close());

const asUser = identityHeaders(testIdentity(['user']), TEST_INTERNAL_SECRET);
const anonymous = { 'x-internal-secret': TEST_INTERNAL_SECRET };
const id = '0b6a3a57-2f0e-4a3c-9f1e-7c1d2a3b4c5d';

describe('route(): serving a catalogue endpoint', () => {
  it('serves the method and path the entry declares (the router form of `{id}`)', async () => {
    expect(app.hasRoute({ method: 'PATCH', url: '/api/v1/items/:id' })).toBe(true);
    expect(app.hasRoute({ method: 'PUT', url: '/api/v1/items/:id' })).toBe(false);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/items/${id}?dryRun=1`,
      headers: asUser,
      payload: { title: 'hey' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, title: 'hey (dry run) 0b6a' });
  });

  it('validates params, query and body with the entry’s schemas', async () => {
    const badId = await app.inject({
      method: 'PATCH',
      url: '/api/v1/items/nope',
      headers: asUser,
      payload: { title: 'a' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('request.invalid');
    const badQuery = await app.inject({
      method: 'PATCH',
      url: `/api/v1/items/${id}?dryRun=2`,
      headers: asUser,
      payload: { title: 'a' },
    });
    expect(badQuery.statusCode).toBe(400);
    const badBody = await app.inject({
      method: 'PATCH',
      url: `/api/v1/items/${id}`,
      headers: asUser,
      payload: { title: 'too long' },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().issues[0].path).toBe('title');
  });

  it('guards by the entry’s access before the body is read: 401 without a session, 403 for a non-admin', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/items/${id}`,
      headers: anonymous,
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.required');
    const admin = await app.inject({ method: 'GET', url: '/api/v1/items/admin', headers: asUser });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('auth.forbidden');
  });

  it('leaves the body to the handler when it checks it itself', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/items/free',
      headers: anonymous,
      payload: { n: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, seen: { n: 'x' } });
  });
});
