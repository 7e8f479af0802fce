import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGateway, fromGateway, type Harness, signInByMail, startHarness } from './test-harness.js';

let h: Harness;
let sid: string;
let otherSid: string;

beforeAll(async () => {
  h = await startHarness();
  sid = await signInByMail(h, 'display@example.com');
  otherSid = await signInByMail(h, 'display-other@example.com');
});
afterAll(async () => {
  await h?.close();
});

const URL = '/api/v1/preferences/display';

async function read(who: string | null = sid) {
  return h.app.inject({ method: 'GET', url: URL, headers: who ? await asGateway(h, who) : fromGateway() });
}

async function save(body: unknown, who: string | null = sid) {
  return h.app.inject({
    method: 'PUT',
    url: URL,
    headers: who ? await asGateway(h, who) : fromGateway(),
    payload: body as object,
  });
}

describe('display preferences', () => {
  // null: no session at all (undefined would take the default).
  it('refuses an anonymous caller with 401, reading or saving', async () => {
    expect((await read(null)).statusCode).toBe(401);
    expect((await save({ hijri: true }, null)).statusCode).toBe(401);
  });

  it('are the defaults until saved: Gregorian only, Monday first, Western digits', async () => {
    const res = await read(otherSid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: true, data: DEFAULT_DISPLAY_PREFERENCES });
    expect(DEFAULT_DISPLAY_PREFERENCES).toEqual({ hijri: false, weekStart: 'monday', digits: 'latn' });
  });

  it('saves any part, keeps the others, and reads them back', async () => {
    const first = await save({ hijri: true });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ hijri: true, weekStart: 'monday', digits: 'latn' });

    const second = await save({ weekStart: 'saturday', digits: 'arab' });
    expect(second.json().data).toEqual({ hijri: true, weekStart: 'saturday', digits: 'arab' });
    expect((await read()).json().data).toEqual({ hijri: true, weekStart: 'saturday', digits: 'arab' });

    await save({ weekStart: 'sunday' });
    expect((await read()).json().data).toEqual({ hijri: true, weekStart: 'sunday', digits: 'arab' });
  });

  it("are part of 'Download my data'", async () => {
    await save({ hijri: false, weekStart: 'saturday', digits: 'latn' }, otherSid);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/auth/export',
      headers: await asGateway(h, otherSid),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account.displayPreferences).toEqual({ hijri: false, weekStart: 'saturday', digits: 'latn' });
  });

  it("never touches another user's preferences", async () => {
    await save({ digits: 'arab' });
    expect((await read(otherSid)).json().data.digits).toBe('latn');
  });

  it.each([
    ['a week starting on Friday', { weekStart: 'friday' }, /weekStart/],
    ['digits outside the list', { digits: 'thai' }, /digits/],
    ['a Hijri switch that is not true or false', { hijri: 'yes' }, /hijri/],
    ['an unknown part', { theme: 'dark' }, /theme|unrecognized/i],
  ])('refuses %s with 400 and changes nothing', async (_label, body, field) => {
    const before = (await read()).json();
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(field) });
    expect((await read()).json()).toEqual(before);
  });
});
