import { apiTokensResponseSchema, createdApiTokenResponseSchema, MAX_API_TOKENS } from '@nashr/contracts';
import type { ApiTokenStore } from '@nashr/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGateway, type Harness, signInByMail, standInBilling, startHarness } from './test-harness.js';

let h: Harness;
let store: ApiTokenStore;

beforeAll(async () => {
  h = await startHarness();
  store = h.tokens;
});
afterAll(async () => {
  await h?.close();
});

async function call(sid: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return h.app.inject({ method, url, headers: await asGateway(h, sid), payload });
}

const create = (sid: string, body: object = { name: 'Assistant', scopes: ['posts:read', 'drafts:write'] }) =>
  call(sid, 'POST', '/api/v1/auth/tokens', body);

describe('/api/v1/auth/tokens', () => {
  it('shows the secret once at creation, then lists the token without it', async () => {
    const sid = await signInByMail(h, 'maker@example.com');
    const made = await create(sid, { name: 'Assistant', scopes: ['posts:read'], expiresInDays: 30 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const { token, apiToken } = createdApiTokenResponseSchema.parse(made.json()).data;
    expect(apiToken).toMatchObject({ name: 'Assistant', scopes: ['posts:read'], lastUsedAt: null });
    const days = (Date.parse(apiToken.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await store.resolve(token))?.scopes).toEqual(['posts:read']);

    const listed = await call(sid, 'GET', '/api/v1/auth/tokens');
    expect(listed.statusCode).toBe(200);
    expect(apiTokensResponseSchema.parse(listed.json()).data.tokens.map((t) => t.id)).toEqual([apiToken.id]);
    expect(listed.body).not.toContain(token.slice(14));
  });

  it('refuses bad input with a stable code', async () => {
    const sid = await signInByMail(h, 'careless@example.com');
    for (const body of [
      { name: '', scopes: ['posts:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['posts:read', 'posts:read'] },
      { name: 'x', scopes: ['posts:read'], expiresInDays: 0 },
    ]) {
      const res = await create(sid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    const bidi = await create(sid, { name: 'a\u202Eb', scopes: ['posts:read'] });
    expect(bidi.json().code).toBe('text.bidi_override');
  });

  it(`keeps at most ${MAX_API_TOKENS} tokens per account`, async () => {
    const sid = await signInByMail(h, 'hoarder@example.com');
    for (let i = 0; i < MAX_API_TOKENS; i++) expect((await create(sid)).statusCode).toBe(201);
    const refused = await create(sid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'token.limit_reached', params: { max: MAX_API_TOKENS } });
  });

  it("revokes the caller's own token at once; another user's id is not found", async () => {
    const alice = await signInByMail(h, 'alice-tokens@example.com');
    const bob = await signInByMail(h, 'bob-tokens@example.com');
    const { token, apiToken } = createdApiTokenResponseSchema.parse((await create(alice)).json()).data;
    const byBob = await call(bob, 'DELETE', `/api/v1/auth/tokens/${apiToken.id}`);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json().code).toBe('token.not_found');
    expect(await store.resolve(token)).not.toBeNull();
    expect((await call(alice, 'DELETE', `/api/v1/auth/tokens/${apiToken.id}`)).statusCode).toBe(200);
    expect(await store.resolve(token)).toBeNull();
    expect((await call(alice, 'DELETE', `/api/v1/auth/tokens/${apiToken.id}`)).statusCode).toBe(404);
  });

  it('ends every token with the account', async () => {
    const sid = await signInByMail(h, 'leaver@example.com');
    const { token } = createdApiTokenResponseSchema.parse((await create(sid)).json()).data;
    // Billing answers that no subscription was running.
    const billing = standInBilling(h, 'answers');
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: await asGateway(h, sid),
      payload: { confirmation: 'leaver@example.com' },
    });
    await billing.close();
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await store.resolve(token)).toBeNull();
  });
});
