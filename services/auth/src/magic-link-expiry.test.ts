import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  openLink,
  requestLink,
  sessionCookieOf,
  startHarness,
  verifyStatus,
  waitForMail,
} from './test-harness.js';

let h: Harness;

// Links that live one second, so expiry can be observed without waiting fifteen minutes.
beforeAll(async () => {
  h = await startHarness({ env: { MAGIC_LINK_TTL_SECONDS: '1' } });
});
afterAll(async () => {
  await h?.close();
});

describe('an expired sign-in link', () => {
  it('is refused with status expired and signs nobody in', async () => {
    const email = 'late-reader@example.com';
    await requestLink(h, { destination: email });
    const { mail, link } = await waitForMail(h, email);
    expect(mail.text).toContain('دقيقة واحدة');
    await new Promise((r) => setTimeout(r, 1500));
    const res = await openLink(h, link);
    expect(res.statusCode).toBe(400);
    expect(verifyStatus(res)).toBe('expired');
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});
