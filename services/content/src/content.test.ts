import { createDatabase, identityHeaders, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { STALE_MESSAGE } from './content-store.js';
import { schema } from './db/schema.js';
import { seedContent } from './seed/index.js';

let testDb: TestDatabase;
let database: ReturnType<typeof createDatabase<typeof schema>>;
let app: ServiceApp;

const admin = identityHeaders(testIdentity(['user', 'admin']), TEST_INTERNAL_SECRET);
const user = identityHeaders(testIdentity(['user']), TEST_INTERNAL_SECRET);
const anonymous = { 'x-internal-secret': TEST_INTERNAL_SECRET };

/** A real PNG header followed by filler, `bytes` long once decoded. */
function pngDataUrl(bytes: number): string {
  const png = Buffer.alloc(bytes, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const testimonials = (image: string, count = 1) => ({
  heading: { badge: 'TESTIMONIALS', title: 'What people say' },
  testimonials: Array.from({ length: count }, (_, i) => ({
    name: `Person ${i}`,
    badges: [{ text: 'Followers', background: '#eef6ff' }],
    description: 'Great product',
    image,
  })),
});

const save = (block: string, payload: unknown, headers: Record<string, string> = admin, query = '') =>
  app.inject({ method: 'POST', url: `/content/${block}/save_content/${query}`, headers, payload: payload as object });
const read = (block: string, lang = 'ar') =>
  app.inject({ method: 'GET', url: `/content/${block}?lang=${lang}`, headers: anonymous });

beforeAll(async () => {
  testDb = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' }]);
  database = createDatabase({ url: testDb.url, schema });
  app = buildApp({
    config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET },
    logger: createCapturingLogger().logger,
    database,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await testDb.drop();
});

describe('reading content', () => {
  it('serves the seeded copy of a block never saved, per language', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const res = await read('pricing', lang);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, lang, version: 0, data: seedContent[lang].pricing });
    }
  });

  it('defaults to Arabic', async () => {
    const res = await app.inject({ method: 'GET', url: '/content/hero', headers: anonymous });
    expect(res.json().lang).toBe('ar');
  });

  it('answers 404 for an unknown block, for reads and saves', async () => {
    expect((await read('prices')).statusCode).toBe(404);
    const res = await save('prices', { anything: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'content.block_not_found',
      message: 'There is no content block named "prices"',
      params: { name: 'prices' },
    });
  });

  it('refuses an unknown language', async () => {
    const res = await read('hero', 'fr');
    expect(res.statusCode).toBe(400);
  });
});

describe('saving content', () => {
  it('requires a signed-in admin', async () => {
    const hero = { headline: 'Hello', subheadline: '' };
    expect((await save('hero', hero, anonymous)).statusCode).toBe(401);
    expect((await save('hero', hero, user)).statusCode).toBe(403);
    expect((await read('hero')).json().version).toBe(0);
  });

  it('saves each language on its own and raises the version', async () => {
    const res = await save('hero', { headline: 'English headline', subheadline: 'Sub' }, admin, '?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, version: 1, lang: 'en' });
    expect((await read('hero', 'en')).json().data.headline).toBe('English headline');
    expect((await read('hero', 'ar')).json().version).toBe(0);
  });

  it('refuses invalid blocks field by field and changes nothing', async () => {
    const res = await save('hero', { headline: '', subheadline: 'x'.repeat(401) }, admin, '?lang=ar');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['headline', 'subheadline']);
    expect((await read('hero', 'ar')).json().version).toBe(0);
  });

  it('accepts a small PNG and refuses SVG, mislabelled and oversized images with clear messages', async () => {
    expect((await save('testimonials', testimonials(pngDataUrl(2048)))).statusCode).toBe(200);

    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const svgRes = await save('testimonials', testimonials(svg));
    expect(svgRes.statusCode).toBe(400);
    expect(svgRes.json().message).toContain('image/svg+xml are not accepted');

    const fakePng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
    expect((await save('testimonials', testimonials(fakePng))).json().message).toContain('not a valid PNG image');

    const big = await save('testimonials', testimonials(pngDataUrl(1024 * 1024 + 1)));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('1 MB or smaller');

    const remote = await save('testimonials', testimonials('https://example.com/a.png'));
    expect(remote.statusCode).toBe(400);

    expect((await read('testimonials')).json().version).toBe(1);
  });

  it('refuses a block over 5 MB even when each image is within its limit', async () => {
    // 5 × 800 KB images: about 5.3 MB of JSON, over the block limit but within the body limit.
    const res = await save('testimonials', testimonials(pngDataUrl(800 * 1024), 5));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'content.too_large',
      message: expect.stringContaining('larger than 5 MB'),
    });
    const huge = await save('testimonials', testimonials(pngDataUrl(1000 * 1024), 8));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large: the limit is 5.5 MB/);
    expect((await read('testimonials')).json().version).toBe(1);
  });

  it('refuses a save from a stale copy and keeps the newer one', async () => {
    const first = { heading: { badge: 'FAQ', title: 'First', description: '' }, faqs: [] };
    const second = { heading: { badge: 'FAQ', title: 'Second', description: '' }, faqs: [] };
    // Both admins opened version 0.
    expect((await save('faq', first, admin, '?version=0')).statusCode).toBe(200);
    const stale = await save('faq', second, admin, '?version=0');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE_MESSAGE);
    expect(stale.json().code).toBe('content.stale');
    expect((await read('faq')).json()).toMatchObject({ version: 1, data: { heading: { title: 'First' } } });
  });

  it('strips unknown keys instead of storing them', async () => {
    const res = await save('hero', { headline: 'Clean', subheadline: '', __proto__: { admin: true }, extra: 'x' });
    expect(res.statusCode).toBe(200);
    expect((await read('hero')).json().data).toEqual({ headline: 'Clean', subheadline: '' });
  });
});

describe('the audit trail of content saves', () => {
  const audit = (headers: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/content/admin/audit',
      headers: { ...headers, 'x-forwarded-for': '198.51.100.7' },
    });

  it('records who saved which block, from where and when, newest first, for administrators only', async () => {
    const editor = testIdentity(['user', 'admin']);
    const headers = { ...identityHeaders(editor, TEST_INTERNAL_SECRET), 'x-forwarded-for': '198.51.100.7' };
    expect((await save('hero', { headline: 'Audited', subheadline: '' }, headers, '?lang=ar')).statusCode).toBe(200);
    expect((await save('hero', { headline: 'Audited again', subheadline: '' }, headers, '?lang=en')).statusCode).toBe(
      200,
    );
    // A refused save is not an action: nothing is recorded for it.
    expect((await save('hero', { headline: 'Not mine' }, user)).statusCode).toBe(403);

    const res = await audit(admin);
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.filter((entry: { actorId: string }) => entry.actorId === editor.userId);
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'content.save',
        actorEmail: editor.email,
        ip: '198.51.100.7',
        service: 'content',
      }),
      expect.objectContaining({ action: 'content.save', actorEmail: editor.email, ip: '198.51.100.7' }),
    ]);
    expect(mine[0].target).toMatch(/^hero \(en\)/);
    expect(mine[1].target).toMatch(/^hero \(ar\)/);
    expect(Date.parse(mine[0].at)).toBeGreaterThanOrEqual(Date.parse(mine[1].at));

    expect((await audit(user)).statusCode).toBe(403);
    expect((await audit(anonymous)).statusCode).toBe(401);
  });
});
