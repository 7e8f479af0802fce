/**
 * The count of accounts the sign-up page may show: real (counted in the users table), rounded
 * down, and not said at all below the installation's threshold.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEMBER_COUNT_FRESH_MS } from './routes/client-config.js';
import { fromGateway, type Harness, startHarness } from './test-harness.js';
import { UserStore } from './users/user-store.js';

let h: Harness;
let users: UserStore;

beforeAll(async () => {
  h = await startHarness({ env: { MEMBER_COUNT_MIN: '3' } });
  users = new UserStore(h.database.db, null);
});

afterAll(async () => {
  await h?.close();
});

async function memberCount(): Promise<number | null> {
  const response = await h.app.inject({
    method: 'GET',
    url: '/api/v1/auth/client-config',
    headers: fromGateway(),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.memberCount;
}

describe('the member count of client-config', () => {
  it('is null below MEMBER_COUNT_MIN, then the real number of accounts, counted at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await users.signIn('first@example.test', ['user']);
      await users.signIn('second@example.test', ['user']);
      expect(await memberCount()).toBeNull();

      await users.signIn('third@example.test', ['user']);
      await users.signIn('fourth@example.test', ['user']);
      // Still the count taken a moment ago.
      expect(await memberCount()).toBeNull();

      vi.setSystemTime(Date.now() + MEMBER_COUNT_FRESH_MS + 1);
      expect(await memberCount()).toBe(4);

      // A deleted account is no longer counted.
      const gone = await users.findByEmail('fourth@example.test');
      if (!gone) throw new Error('no account');
      await users.delete(gone);
      // Signing in again is the same account, not a new member.
      await users.signIn('first@example.test', ['user']);
      vi.setSystemTime(Date.now() + MEMBER_COUNT_FRESH_MS + 1);
      expect(await memberCount()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
