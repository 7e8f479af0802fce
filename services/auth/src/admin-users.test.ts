import { identityHeaders } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromGateway, type Harness, signInByMail, startHarness, storedUserId } from './test-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const find = (who: ReturnType<typeof testIdentity>, email: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/auth/admin/users?email=${encodeURIComponent(email)}`,
    headers: { ...fromGateway(), ...identityHeaders(who, TEST_INTERNAL_SECRET) },
  });

describe('the admin area looks up an account by its address', () => {
  it('finds the account whatever the case and spaces typed, for an administrator only', async () => {
    const email = `lookup-${Date.now()}@example.com`;
    await signInByMail(h, email);
    const admin = testIdentity(['user', 'admin']);
    const found = await find(admin, `  ${email.toUpperCase()} `);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.user).toMatchObject({ id: await storedUserId(h, email), email, roles: ['user'] });

    const member = testIdentity(['user']);
    expect((await find(member, email)).statusCode).toBe(403);
  });

  it('says when no account has the address, and refuses what is not one', async () => {
    const admin = testIdentity(['user', 'admin']);
    const missing = await find(admin, 'nobody-here@example.com');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('admin.user_not_found');
    const bad = await find(admin, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeTruthy();
  });
});
