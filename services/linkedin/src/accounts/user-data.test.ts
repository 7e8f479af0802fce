import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../providers/provider-error.js';
import { createHarness, type Harness } from '../testing/harness.js';

/** Set to make the network refuse the next disconnection. */
let refuseDisconnect: ProviderError | null = null;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    provider: (_db, sandbox) =>
      Object.assign(Object.create(sandbox), {
        disconnect: async (accountId: string) => {
          if (refuseDisconnect) throw refuseDisconnect;
          return sandbox.disconnect(accountId);
        },
      }),
  });
});
afterAll(() => h?.close());

async function connected(username: string) {
  const user = testIdentity();
  const res = await h.call(user, 'POST', '/api/v1/linkedin/accounts', { username, password: 'her password' });
  expect(res.json().data.connected).toBe(true);
  return user;
}

describe("a deleted user's linkedin data", () => {
  it('is given back by the export, then deleted with the network session ended', async () => {
    const user = await connected('leaver@sandbox.test');
    const exported = await h.call(user, 'GET', '/api/v1/linkedin/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data.networkAccount).toMatchObject({ status: 'connected', provider: 'sandbox' });

    expect(await h.services.userData.forget(user.userId)).toMatchObject({ disconnected: 1 });
    expect(await h.services.accounts.findByUser(user.userId)).toBeUndefined();
    const [network] = await h.database.sql<{ connected: boolean }[]>`
      select connected from linkedin.sandbox_accounts where username = 'leaver@sandbox.test'`;
    expect(network?.connected).toBe(false);
    // Running again (a retried job) finds nothing left and does not fail.
    expect(await h.services.userData.forget(user.userId)).toEqual({ disconnected: 0, forgotten: 0 });
    expect((await h.call(user, 'GET', '/api/v1/linkedin/export')).json().data).toEqual({
      networkAccount: null,
      publishAttempts: [],
      analytics: { posts: [], postSnapshots: [], profileSnapshots: [], memberDays: [], pageDays: [] },
    });
  });

  it('is kept while the network cannot end the session, so the retried job can', async () => {
    const user = await connected('stuck@sandbox.test');
    refuseDisconnect = new ProviderError('unavailable');
    await expect(h.services.userData.forget(user.userId)).rejects.toThrow(ProviderError);
    expect(await h.services.accounts.findByUser(user.userId)).toBeDefined();

    refuseDisconnect = null;
    expect(await h.services.userData.forget(user.userId)).toMatchObject({ disconnected: 1 });
    expect(await h.services.accounts.findByUser(user.userId)).toBeUndefined();
  });
});
