/**
 * One rule for unusual text, through the real gateway: a lone surrogate or a direction override
 * (U+202A to U+202E) is refused in every text field with the same code and a message saying
 * which it is, never silently changed or stored; the marks Arabic needs (RLM, LRM, ALM, the
 * isolates) are kept as sent. A JSON body that is not UTF-8, or carries `__proto__`, is refused
 * with its real reason.
 */
import { GOAL_OPTIONS, INTEREST_OPTIONS, STYLE_OPTIONS, TONE_OPTIONS } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/gateway-client.js';

let stack: Stack;
let cookie: string;
let adminCookie: string;
const alice = testIdentity(['user']);
const admin = testIdentity(['user', 'admin']);

beforeAll(async () => {
  stack = await startStack({ gateway: true });
  cookie = await stack.cookieFor(alice);
  adminCookie = await stack.cookieFor(admin);
}, 60_000);
afterAll(async () => stack?.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every kind of text field, each as a request carrying `value` in that field. */
const FIELDS: Record<
  string,
  (value: string) => { method: string; path: string; body: unknown; who: 'user' | 'admin' }
> = {
  'post content (schedule)': (value) => ({
    method: 'POST',
    path: '/linkedln/saveSchedulePost',
    who: 'user',
    body: {
      userId: alice.userId,
      content: `A post ${value} with a mark`,
      date: inDays(3),
      time: '10:30 AM',
      status: 'scheduled',
      timeZone: 'Asia/Riyadh',
    },
  }),
  'job title': (value) => ({
    method: 'PUT',
    path: '/api/v1/personalization',
    who: 'user',
    body: {
      jobTitle: `Engineer ${value}`,
      language: 'Arabic',
      accent: '',
      goals: [GOAL_OPTIONS[0]],
      interests: [INTEREST_OPTIONS[0]],
      tones: [TONE_OPTIONS[0]],
      styles: [STYLE_OPTIONS[0]],
    },
  }),
  'landing content (admin)': (value) => ({
    method: 'POST',
    path: '/content/hero/save_content/?lang=ar',
    who: 'admin',
    body: { headline: `Headline ${value}`, subheadline: 'Sub' },
  }),
  'AI topic': (value) => ({
    method: 'POST',
    path: '/api/v1/ai/generate',
    who: 'user',
    body: { topic: `A topic ${value}`, lang: 'en' },
  }),
};

const sendField = (field: string, value: string) => {
  const request = FIELDS[field]?.(value);
  if (!request) throw new Error(`no field ${field}`);
  return send(stack, request.method, request.path, {
    cookie: request.who === 'admin' ? adminCookie : cookie,
    body: request.body,
  });
};

describe('unusual characters in text, the same rule in every field', () => {
  for (const field of Object.keys(FIELDS)) {
    it(`refuses a lone surrogate in the ${field}`, async () => {
      const res = await sendField(field, 'broken \uD800 half');
      expect(res.status, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'text.lone_surrogate' });
      expect(res.json().message).toMatch(/broken character/);
    });

    for (const override of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E']) {
      it(`refuses the direction override U+${override.charCodeAt(0).toString(16).toUpperCase()} in the ${field}`, async () => {
        const res = await sendField(field, `invoice\u202Egpj.exe`.replace('\u202E', override));
        expect(res.status, res.body).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'text.bidi_override' });
        expect(res.json().message).toMatch(/direction override/);
      });
    }
  }

  it('keeps the marks Arabic writing needs, stored exactly as sent', async () => {
    const marks = '\u200F\u200E\u061C\u2066ملف.pdf\u2069\u2067x\u2069\u2068y\u2069 😀';
    const res = await sendField('post content (schedule)', marks);
    expect(res.status, res.body).toBe(201);
    const [row] = await stack.sql<
      { content: string }[]
    >`select content from posts.posts where content like ${'%ملف.pdf%'}`;
    expect(row?.content).toBe(`A post ${marks} with a mark`);
    const landing = await sendField('landing content (admin)', marks);
    expect(landing.status, landing.body).toBe(200);
    const read = await send(stack, 'GET', '/content/hero?lang=ar');
    expect(read.json().data.headline).toBe(`Headline ${marks}`);
  });

  it('refuses an override spelled as an escape inside a JSON-encoded post text', async () => {
    const res = await send(stack, 'POST', '/linkedln/createPost', {
      cookie,
      body: { text: '"invoice\\u202Egpj.exe"', visibility: 'PUBLIC' },
    });
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'text.bidi_override' });
  });

  it('stores nothing of a refused text', async () => {
    await sendField('post content (schedule)', 'stored? \u202E');
    await sendField('post content (schedule)', 'stored? \uD800');
    const rows = await stack.sql`select 1 from posts.posts where content like ${'%stored?%'}`;
    expect(rows).toHaveLength(0);
  });
});

describe('JSON bodies refused for their real reason', () => {
  const raw = (body: Buffer | string) =>
    fetch(`${stack.gatewayUrl}/api/v1/personalization`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    }).then(async (res) => ({ status: res.status, json: (await res.json()) as { message: string } }));

  it('refuses invalid UTF-8 instead of replacing it', async () => {
    // 0xC3 0x28 is not UTF-8: a lead byte followed by an ASCII byte.
    const body = Buffer.concat([Buffer.from('{"jobTitle":"Eng'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const res = await raw(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'request.invalid_utf8' });
    expect(res.json.message).toMatch(/not valid UTF-8/);
  });

  it('says a __proto__ key is not allowed, rather than calling the JSON invalid', async () => {
    const res = await raw('{"jobTitle":"Engineer","__proto__":{"admin":true}}');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'request.forbidden_key' });
    expect(res.json.message).toMatch(/__proto__/);
  });

  it('still calls broken JSON broken JSON', async () => {
    const res = await raw('{"jobTitle":');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'request.invalid_json' });
  });
});
