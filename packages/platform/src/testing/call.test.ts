import { API, IDENTITY_HEADERS } from '@nashr/contracts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readIdentity } from '../http/identity.js';
import { callEndpoint } from './call.js';
import { TEST_INTERNAL_SECRET as SECRET, testIdentity } from './index.js';

const me = testIdentity();

/** An app that answers each request with what it received. */
const app = Fastify();
app.all('/*', async (request) => ({
  method: request.method,
  url: request.url,
  body: request.body ?? null,
  key: request.headers['idempotency-key'] ?? null,
  secret: request.headers[IDENTITY_HEADERS.internalSecret] ?? null,
  userId: readIdentity(request)?.userId ?? null,
}));
afterAll(() => app.close());

describe('a call by the catalogue', () => {
  it("sends the endpoint's method and path, its parameters filled in, as the gateway forwards for the identity", async () => {
    const answer = await callEndpoint(app, SECRET, me, API.posts.updateDraft, {
      params: { id: 'a draft/1' },
      body: { content: 'Saved again', version: 2 },
      headers: { 'idempotency-key': 'k1' },
    });
    expect(answer.json()).toEqual({
      method: 'PATCH',
      url: '/api/v1/drafts/a%20draft%2F1',
      body: { content: 'Saved again', version: 2 },
      key: 'k1',
      secret: SECRET,
      userId: me.userId,
    });
  });

  it('needs no input for an endpoint without parameters or body, and appends a query', async () => {
    expect((await callEndpoint(app, SECRET, me, API.posts.drafts)).json()).toMatchObject({
      method: 'GET',
      url: '/api/v1/drafts',
      body: null,
    });
    const list = await callEndpoint(app, SECRET, me, API.posts.list, {
      query: { from: '2026-01-01', status: 'scheduled' },
    });
    expect(list.json()).toMatchObject({ method: 'GET', url: '/api/v1/posts?from=2026-01-01&status=scheduled' });
  });
});
