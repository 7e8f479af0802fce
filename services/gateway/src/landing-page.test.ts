import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import { buildApp as buildContentApp, schema as contentSchema, MIGRATIONS_FOLDER } from '@nashr/content';
import { CONTACT_EMAIL_META, DEFAULT_CONTACT_EMAIL } from '@nashr/contracts';
import { createDatabase, type ServiceApp, SessionStore } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  type DownService,
  startDownService,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
  testIdentity,
} from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { LANDING_RENDERER } from './landing-page.js';
import { pickEncoding } from './page-template.js';

/**
 * The landing page rendered by the gateway, with the web app's real build (`npx turbo run build`
 * writes `web/dist` and, beside it, the renderer `web/dist-ssr/landing.js`) and a real content
 * service. Billing is down here: the pricing cards then show the admins' prices.
 */
const WEB_DIST = resolve(import.meta.dirname, '../../../web/dist');
const COOKIE_SECRET = 'c'.repeat(40);
const { logger, lines: logLines } = createCapturingLogger();
let db: TestDatabase;
let redis: TestRedis;
let contentDb: ReturnType<typeof createDatabase<typeof contentSchema>>;
let down: DownService;
let sessions: SessionStore;
const closing: { close: () => Promise<unknown> }[] = [];

async function startContent(): Promise<{ app: ServiceApp; url: string }> {
  const app = buildContentApp({ config: { INTERNAL_SECRET: TEST_INTERNAL_SECRET }, logger, database: contentDb });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

async function gatewayWith(contentUrl: string, env: Record<string, string> = {}): Promise<ServiceApp> {
  const config = configSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    AUTH_URL: down.url,
    LINKEDIN_URL: down.url,
    POSTS_URL: down.url,
    CONTENT_URL: contentUrl,
    AI_URL: down.url,
    BILLING_URL: down.url,
    ENGAGE_URL: down.url,
    WEB_DIST,
    ...env,
  });
  const app = await buildApp({ config, logger, redis: redis.redis });
  closing.push(app);
  return app;
}

async function adminCookie(): Promise<string> {
  const id = await sessions.create(testIdentity(['admin']));
  return `sid=${fastifyCookie.sign(id, COOKIE_SECRET)}`;
}

/** The page as a browser without a session gets it, uncompressed. */
async function landing(gateway: ServiceApp, lang?: 'ar' | 'en') {
  const res = await gateway.inject({ method: 'GET', url: '/', headers: lang ? { cookie: `lang=${lang}` } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
}

/** The JSON beside the rendered page, which the browser hydrates with. */
function landingData(html: string): {
  lang: string;
  signedIn: boolean;
  blocks: { hero: { data: { headline: string } } };
} {
  const match = /<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html);
  expect(match, 'the page carries its data').not.toBeNull();
  return JSON.parse(match?.[1] ?? '');
}

async function heroOf(gateway: ServiceApp, lang: 'ar' | 'en') {
  const res = await gateway.inject({ method: 'GET', url: `/content/hero?lang=${lang}` });
  return res.json().data as { headline: string; subheadline: string };
}

beforeAll(async () => {
  if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(join(WEB_DIST, LANDING_RENDERER))) {
    throw new Error(`${WEB_DIST} has no web build with its landing renderer: run npx turbo run build first`);
  }
  db = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'content' }]);
  redis = await createTestRedis();
  down = await startDownService();
  sessions = new SessionStore(redis.redis, redis.prefix);
  contentDb = createDatabase({ url: db.url, schema: contentSchema });
});

afterAll(async () => {
  for (const app of closing.reverse()) await app.close().catch(() => {});
  await down?.close();
  await contentDb?.close();
  await redis?.cleanup();
  await db?.drop();
});

describe('the landing page rendered by the gateway', () => {
  it('is rendered in Arabic by default and in English by the lang cookie, from the current copy', async () => {
    const content = await startContent();
    closing.push(content.app);
    const gateway = await gatewayWith(content.url);

    const arabic = await landing(gateway);
    const arabicHero = await heroOf(gateway, 'ar');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain(`>${arabicHero.headline}</h1>`);
    expect(arabic).toContain('<title>«نشر»: ابنِ علامتك الشخصية على لينكدإن بالذكاء الاصطناعي</title>');
    expect(arabic).toContain('data-testid="pricing-plan"');
    expect(arabic).toContain('<footer');
    // No script of the app's is fetched at first: only the small boot script, which names it.
    expect(arabic).not.toMatch(/<script type="module"/);
    expect(arabic).not.toContain('modulepreload');
    // Without a `lang` cookie the boot script checks at once for a choice kept in the browser only.
    expect(arabic).toMatch(
      /<script defer src="\/landing-boot\.js" data-app="\/assets\/[\w-]+\.js( \/assets\/[\w-]+\.js)*" data-check-language><\/script>/,
    );
    expect(arabic).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[\w-]+\.css"/);
    expect(landingData(arabic)).toMatchObject({ lang: 'ar', signedIn: false });

    const english = await landing(gateway, 'en');
    const englishHero = await heroOf(gateway, 'en');
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain(`>${englishHero.headline}</h1>`);
    expect(english).toContain('<title>Nashr: build your personal brand on LinkedIn with AI</title>');
    expect(english).toContain(
      '<meta name="description" content="Nashr helps professionals write, personalize and schedule LinkedIn posts with AI." />',
    );
    expect(landingData(english).blocks.hero.data.headline).toBe(englishHero.headline);
    expect(english).toMatch(/data-app="[^"]+"><\/script>/);
    expect(english).not.toContain('data-check-language');
  });

  it("escapes the admins' copy in the HTML and in the data beside it, and shows a save at once", async () => {
    const content = await startContent();
    closing.push(content.app);
    const gateway = await gatewayWith(content.url);
    await landing(gateway, 'en');

    const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quoted" ${Date.now()}`;
    const hero = await heroOf(gateway, 'en');
    const save = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/?lang=en',
      headers: { cookie: await adminCookie(), 'content-type': 'application/json' },
      payload: { ...hero, headline: hostile },
    });
    expect(save.statusCode).toBe(200);

    const page = await landing(gateway, 'en');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; ',
    );
    // Two scripts in all: the boot script and the data, whose JSON reads back as saved.
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(landingData(page).blocks.hero.data.headline).toBe(hostile);
    // The Arabic copy is a block of its own and stays as it was.
    expect(await landing(gateway, 'ar')).not.toContain('alert(1)');
  });

  it('keeps the last page when the content service stops answering; index.html when it never answered', async () => {
    const content = await startContent();
    const gateway = await gatewayWith(content.url);
    const before = await landing(gateway, 'ar');
    // A save drops the rendered copy; then the content service goes away before anyone asks again.
    const hero = await heroOf(gateway, 'ar');
    const save = await gateway.inject({
      method: 'POST',
      url: '/content/hero/save_content/?lang=ar',
      headers: { cookie: await adminCookie(), 'content-type': 'application/json' },
      payload: hero,
    });
    expect(save.statusCode).toBe(200);
    await content.app.close();
    expect(await landing(gateway, 'ar')).toBe(before);

    const logged = logLines().length;
    const never = await gatewayWith(down.url);
    // Its render at start failed for both languages: noted (info), not a warning with a stack trace.
    const startLines = async () => {
      for (;;) {
        const found = logLines()
          .slice(logged)
          .map((line) => JSON.parse(line) as { level: number; msg: string; lang?: string; err?: unknown })
          .filter((entry) => entry.msg.startsWith('landing page not rendered'));
        if (found.length >= 2) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    expect(await startLines()).toEqual([
      expect.objectContaining({ level: 30, msg: 'landing page not rendered at start: the first visitor renders it' }),
      expect.objectContaining({ level: 30, msg: 'landing page not rendered at start: the first visitor renders it' }),
    ]);
    expect((await startLines()).some((entry) => 'err' in entry)).toBe(false);
    const plain = await landing(never, 'ar');
    // A visitor's render that fails is a warning, with its error.
    const warned = logLines()
      .slice(logged)
      .map((line) => JSON.parse(line) as { level: number; msg: string; lang?: string; err?: unknown })
      .filter((entry) => entry.level === 40 && entry.msg.startsWith('landing page not rendered'));
    expect(warned).toEqual([expect.objectContaining({ lang: 'ar', err: expect.anything() })]);
    // The app's own page: its scripts, the loading screen, no rendered copy.
    expect(plain).toMatch(/<script type="module"[^>]*src="\/assets\//);
    expect(plain).not.toContain('landing-data');
    expect(plain).not.toContain('<h1');
  });

  it('gives a signed-in caller the app as before', async () => {
    const content = await startContent();
    closing.push(content.app);
    const gateway = await gatewayWith(content.url);
    const res = await gateway.inject({ method: 'GET', url: '/', headers: { cookie: await adminCookie() } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<script type="module"/);
    expect(res.body).not.toContain('landing-data');
  });

  it('sends the page compressed as the browser accepts, never cached without asking', async () => {
    const content = await startContent();
    closing.push(content.app);
    const gateway = await gatewayWith(content.url);
    const plain = await landing(gateway, 'en');
    const ask = (encoding: string) =>
      gateway.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=en', 'accept-encoding': encoding } });

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toContain('cookie');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);

    const gzip = await ask('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);

    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
  });
});

describe("the installation's contact address (CONTACT_EMAIL)", () => {
  const ADDRESS = 'help@example.test';
  const mailto = `href="mailto:${ADDRESS}"`;
  /** What the app reads in the browser (web/src/lib/contact-email.ts). */
  const meta = `<meta name="${CONTACT_EMAIL_META}" content="${ADDRESS}" />`;

  it('is named by the landing page, the legal pages and every page the app reads it from', async () => {
    const content = await startContent();
    closing.push(content.app);
    const gateway = await gatewayWith(content.url, { CONTACT_EMAIL: ADDRESS });
    for (const lang of ['ar', 'en'] as const) {
      const page = await landing(gateway, lang);
      // The footer's address and the FAQ's "write to us".
      expect(page.split(mailto).length - 1, lang).toBe(2);
      expect(page, lang).toContain(meta);
      // (The admins' FAQ copy may name an address in its own words: theirs to edit.)
      expect(page, lang).not.toContain(`mailto:${DEFAULT_CONTACT_EMAIL}`);
    }
    for (const url of ['/terms', '/privacy']) {
      const res = await gateway.inject({ method: 'GET', url, headers: { cookie: 'lang=en; tz=UTC' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="app-screen-data"');
      expect(res.body, url).toContain(mailto);
      expect(res.body, url).toContain(meta);
      expect(res.body, url).not.toContain(DEFAULT_CONTACT_EMAIL);
    }
    // The app itself, for a screen rendered in the browser.
    const app = await gateway.inject({ method: 'GET', url: '/terms', headers: { 'accept-encoding': 'br' } });
    expect(app.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(app.rawPayload).toString();
    expect(html).toMatch(/<script type="module"/);
    expect(html).toContain(meta);
  });

  it("is the product's own address when unset or blank, and refuses what is not an e-mail address", () => {
    const base = { INTERNAL_SECRET: TEST_INTERNAL_SECRET, COOKIE_SECRET, REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(configSchema.parse(base).CONTACT_EMAIL).toBe(DEFAULT_CONTACT_EMAIL);
    expect(configSchema.parse({ ...base, CONTACT_EMAIL: ' ' }).CONTACT_EMAIL).toBe(DEFAULT_CONTACT_EMAIL);
    expect(configSchema.parse({ ...base, CONTACT_EMAIL: ` ${ADDRESS} ` }).CONTACT_EMAIL).toBe(ADDRESS);
    // Not required in production: the default is a real address, not a stand-in.
    expect(configSchema.parse({ ...base, NODE_ENV: 'production' }).CONTACT_EMAIL).toBe(DEFAULT_CONTACT_EMAIL);
    const refused = configSchema.safeParse({ ...base, CONTACT_EMAIL: 'support at nashr' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['CONTACT_EMAIL'], message: 'must be an e-mail address' }),
    ]);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
