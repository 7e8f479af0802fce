import { OPS_AUDIT_RECORD_PATH } from '@nashr/contracts';
import { identityHeaders } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromGateway, type Harness, startHarness } from './test-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const record = (headers: Record<string, string>, body: unknown = { action: 'ops.queue_change', target: 'PUT /x' }) =>
  h.app.inject({ method: 'POST', url: OPS_AUDIT_RECORD_PATH, headers, payload: body as object });

const trail = async (admin: ReturnType<typeof testIdentity>) =>
  (
    await h.app.inject({
      method: 'GET',
      url: '/api/v1/auth/admin/audit',
      headers: { ...fromGateway(), ...identityHeaders(admin, TEST_INTERNAL_SECRET) },
    })
  ).json().data as { actorId: string; action: string; target: string; ip: string }[];

describe("the gateway's record of a change on the operations pages", () => {
  it('enters the trail with the administrator and the address the gateway forwards', async () => {
    const admin = testIdentity(['user', 'admin']);
    const res = await record(
      { ...fromGateway('198.51.100.7'), ...identityHeaders(admin, TEST_INTERNAL_SECRET) },
      { action: 'ops.queue_change', target: 'PUT /api/queues/auth-mail/pause' },
    );
    expect(res.statusCode).toBe(204);
    const mine = (await trail(admin)).filter((entry) => entry.actorId === admin.userId);
    expect(mine).toMatchObject([
      { action: 'ops.queue_change', target: 'PUT /api/queues/auth-mail/pause', ip: '198.51.100.7' },
    ]);
  });

  it('is refused without the internal secret, for a non-administrator, and for an unknown action', async () => {
    const admin = testIdentity(['user', 'admin']);
    const { 'x-internal-secret': _secret, ...withoutSecret } = identityHeaders(admin, TEST_INTERNAL_SECRET);
    expect((await record(withoutSecret)).statusCode).toBeGreaterThanOrEqual(400);
    const member = testIdentity(['user']);
    expect((await record({ ...fromGateway(), ...identityHeaders(member, TEST_INTERNAL_SECRET) })).statusCode).toBe(403);
    const forged = await record(
      { ...fromGateway(), ...identityHeaders(admin, TEST_INTERNAL_SECRET) },
      { action: 'credits.set_plan', target: 'someone' },
    );
    expect(forged.statusCode).toBe(400);
    expect(await trail(admin)).not.toContainEqual(expect.objectContaining({ actorId: admin.userId }));
  });
});
