import { crc32, deflateSync } from 'node:zlib';
import { schema as authSchema, UserStore } from '@nashr/auth';
import { STALE_MESSAGE } from '@nashr/content';
import {
  ALLOWED_IMAGE_TYPES,
  CONTENT_BLOCK_NAMES,
  type ContentBlockName,
  type ContentBlocks,
  MAX_IMAGE_BYTES,
  type Role,
} from '@nashr/contracts';
import { createDatabase } from '@nashr/platform';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { waitForLandingContent } from './support/landing';
import { createSession, type TestSession } from './support/session';

let stack: Stack;
let browser: Browser;
let admin: TestSession;
let secondAdmin: TestSession;
let member: TestSession;

/**
 * A signed-in account as the auth service knows it: the user row /me reads (roles included) and
 * a session whose identity the gateway forwards to the content service.
 */
async function signIn(email: string, roles: Role[]): Promise<TestSession> {
  const database = createDatabase({ url: stack.databaseUrl, schema: authSchema, applicationName: 'e2e-admin' });
  try {
    const user = await new UserStore(database.db, null).signIn(email, roles);
    return await createSession(stack, { userId: user.id, email: user.email, roles });
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    // Three accounts are signed in below: enough, against a threshold of 2, for the sign-up page to count them.
    startStack({ services: ['auth', 'content'], env: { auth: { MEMBER_COUNT_MIN: '2' } } }),
    launchBrowser(),
  ]);
  [admin, secondAdmin, member] = await Promise.all([
    signIn('admin@example.test', ['user', 'admin']),
    signIn('second-admin@example.test', ['user', 'admin']),
    signIn('member@example.test', ['user']),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface Stored<N extends ContentBlockName> {
  data: ContentBlocks[N];
  version: number;
}

/** What the content service holds now, read as any visitor reads it (no cache). */
async function stored<N extends ContentBlockName>(name: N, lang: Language): Promise<Stored<N>> {
  const response = await fetch(`${stack.url}/content/${name}?lang=${lang}`, { cache: 'no-store' });
  expect(response.status).toBe(200);
  return (await response.json()) as Stored<N>;
}

/** A save straight to the API, as another admin's browser (or a script) would send it. */
function apiSave(name: string, lang: Language, body: unknown, session?: TestSession, version?: number) {
  const query = `lang=${lang}${version === undefined ? '' : `&version=${version}`}`;
  return fetch(`${stack.url}/content/${name}/save_content/?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { cookie: session.cookieHeader } : {}) },
    body: JSON.stringify(body),
  });
}

type Tab = 'hero' | 'features' | 'choose-us' | 'testimonials' | 'pricing' | 'faqs' | 'signup';

interface AdminPageOptions {
  /** Interface language (the copy language starts the same). */
  lang?: Language;
  viewport?: ViewportName;
  session?: TestSession;
}

async function adminPage({ lang = 'en', viewport, session = admin }: AdminPageOptions = {}): Promise<Page> {
  const page = await openPage(browser, `${stack.url}/admin/dashboard`, {
    lang,
    viewport,
    cookies: [session.browserCookie],
  });
  await page.locator('[name="headline"]').waitFor();
  return page;
}

const field = (scope: Page | Locator, name: string, lang?: Language) =>
  scope.locator(lang ? `[name="${name}"][lang="${lang}"]` : `[name="${name}"]`);

/** Opens a tab and a copy language, and waits until that copy is in the form. */
async function openEditor(page: Page, tab: Tab, lang: Language, probe: string): Promise<void> {
  await page.getByTestId(`admin-tab-${tab}`).click();
  await page.getByTestId(`editor-${tab}`).waitFor();
  await page.getByTestId(`copy-lang-${lang}`).click();
  await field(page, probe, lang).waitFor();
}

const toast = (page: Page, text: string, type: 'success' | 'error') =>
  page.locator(`[data-sonner-toast][data-type="${type}"]`, { hasText: text });

/**
 * Saves and waits for this save's own success toast: toasts already on screen (an earlier save
 * of the same editor says the same words) are marked first, so they cannot answer for it.
 */
async function save(page: Page, successToast: string): Promise<void> {
  await page.evaluate(() => {
    for (const node of document.querySelectorAll('[data-sonner-toast]')) node.setAttribute('data-e2e-seen', '');
  });
  await page.getByTestId('save-changes').click();
  await page
    .locator('[data-sonner-toast][data-type="success"]:not([data-e2e-seen])', { hasText: successToast })
    .waitFor();
  expect(await page.getByTestId('editor-dirty').count()).toBe(0);
}

/** Full-page screenshots read best from the top: sticky bars then sit where they belong. */
const scrollToTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/** A small but real PNG (a two-colour square), made here so the test needs no fixture file. */
function makePng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.from(type, 'ascii');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head, data])));
    return Buffer.concat([length, head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(...(x < y ? [10, 102, 194] : [252, 211, 77]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('access to /admin/dashboard', () => {
  it('shows a signed-in non-admin a refusal, never the editors, and the API refuses them with 403', async () => {
    const page = await openPage(browser, `${stack.url}/admin/dashboard`, {
      lang: 'en',
      cookies: [member.browserCookie],
    });
    try {
      const refusal = page.getByTestId('admin-forbidden');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain('You are not allowed to view this page');
      expect(await refusal.textContent()).toContain('member@example.test');
      expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      expect(await page.locator('[role="tab"]').count()).toBe(0);
      expect(await page.locator('input, textarea').count()).toBe(0);
      await screenshot(page, 'admin-forbidden-en-desktop');
    } finally {
      await page.context().close();
    }

    const before = await stored('hero', 'en');
    for (const name of CONTENT_BLOCK_NAMES) {
      const response = await apiSave(name, 'en', (await stored(name, 'en')).data, member);
      expect(response.status, name).toBe(403);
    }
    expect((await stored('hero', 'en')).version).toBe(before.version);
  });

  it('asks an anonymous visitor to sign in, and the API answers their saves with 401', async () => {
    const page = await openPage(browser, `${stack.url}/admin/dashboard`, { viewport: 'phone' });
    try {
      const refusal = page.getByTestId('admin-sign-in-required');
      await refusal.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.getByRole('link', { name: 'تسجيل الدخول' }).getAttribute('href')).toBe('/signup');
      expect(await page.locator('[role="tab"]').count()).toBe(0);
      await screenshot(page, 'admin-sign-in-required-ar-phone');
    } finally {
      await page.context().close();
    }
    for (const name of CONTENT_BLOCK_NAMES) {
      const response = await apiSave(name, 'ar', (await stored(name, 'ar')).data);
      expect(response.status, name).toBe(401);
    }
  });
});

/** One field of each editor, its block, where the value sits and the editor's success toast. */
const EDITS: { tab: Tab; block: ContentBlockName; name: string; toast: string; read: (data: never) => string }[] = [
  {
    tab: 'hero',
    block: 'hero',
    name: 'headline',
    toast: 'Hero Content Saved',
    read: (d: ContentBlocks['hero']) => d.headline,
  },
  {
    tab: 'features',
    block: 'feature',
    name: 'feature.title',
    toast: 'Feature content saved',
    read: (d: ContentBlocks['feature']) => d.feature.title,
  },
  {
    tab: 'choose-us',
    block: 'why-choose',
    name: 'title',
    toast: 'Choose Us Content Saved',
    read: (d: ContentBlocks['why-choose']) => d.title,
  },
  {
    tab: 'testimonials',
    block: 'testimonials',
    name: 'heading.title',
    toast: 'Testimonials Content Saved',
    read: (d: ContentBlocks['testimonials']) => d.heading.title,
  },
  {
    tab: 'pricing',
    block: 'pricing',
    name: 'heading.title',
    toast: 'Pricing Content Saved',
    read: (d: ContentBlocks['pricing']) => d.heading.title,
  },
  {
    tab: 'faqs',
    block: 'faq',
    name: 'heading.title',
    toast: 'FAQ Content Saved',
    read: (d: ContentBlocks['faq']) => d.heading.title,
  },
  {
    tab: 'signup',
    block: 'signup',
    name: 'headline',
    toast: 'Sign-up Panel Saved',
    read: (d: ContentBlocks['signup']) => d.headline,
  },
];

describe('the editors, as an admin', () => {
  it('change a field of every section in both languages, and the landing and sign-up pages show the change', async () => {
    const page = await adminPage({ lang: 'en' });
    const written: Record<Language, string[]> = { ar: [], en: [] };
    const panelHeadline: Partial<Record<Language, string>> = {};
    try {
      await screenshot(page, 'admin-hero-en-desktop');
      for (const edit of EDITS) {
        for (const lang of ['en', 'ar'] as const) {
          await openEditor(page, edit.tab, lang, edit.name);
          const value = lang === 'ar' ? `عنوان ${edit.tab} ${Date.now()}` : `Edited ${edit.tab} ${Date.now()}`;
          await field(page, edit.name, lang).fill(value);
          await save(page, edit.toast);
          const after = await stored(edit.block, lang);
          expect(edit.read(after.data as never), `${edit.tab} ${lang}`).toBe(value);
          // The other language's copy is a different block and stays as it was.
          const other = await stored(edit.block, lang === 'ar' ? 'en' : 'ar');
          expect(edit.read(other.data as never)).not.toBe(value);
          if (edit.block === 'signup') panelHeadline[lang] = value;
          // The testimonials' heading shows only above testimonials: none ship with the product.
          else if (edit.block !== 'testimonials' || (await stored('testimonials', lang)).data.testimonials.length > 0) {
            written[lang].push(value);
          }
        }
      }
    } finally {
      await page.context().close();
    }

    for (const lang of ['en', 'ar'] as const) {
      const landing = await openPage(browser, stack.url, { lang });
      try {
        await waitForLandingContent(landing);
        expect(await landing.getByTestId('hero-headline').textContent()).toBe(written[lang][0]);
        const body = await landing.locator('main').textContent();
        for (const value of written[lang]) expect(body, lang).toContain(value);
      } finally {
        await landing.context().close();
      }
      const signup = await openPage(browser, `${stack.url}/signup`, { lang });
      try {
        const headline = signup.getByTestId('signup-panel').getByRole('heading', { level: 2 });
        await expect.poll(() => headline.textContent()).toBe(panelHeadline[lang]);
      } finally {
        await signup.context().close();
      }
    }
  });

  it("writes the sign-up panel's quotes and shows the real number of members only when asked to", async () => {
    const before = await stored('signup', 'en');
    // A fresh installation's panel: benefits only, no one quoted, no number.
    expect(before.data.quotes).toEqual([]);
    expect(before.data.showMemberCount).toBe(false);
    const signup = await openPage(browser, `${stack.url}/signup`, { lang: 'en' });
    try {
      const panel = signup.getByTestId('signup-panel');
      await panel.getByTestId('signup-benefits').waitFor();
      expect(await panel.getByTestId('signup-quotes').count()).toBe(0);
      expect(await panel.getByTestId('member-count').count()).toBe(0);
      // (The headline carries the previous test's edit, with its time stamp: no figure to check there.)
      expect(await panel.getByTestId('signup-benefits').textContent()).not.toMatch(/\d/);
      expect(await panel.textContent()).not.toMatch(/joined|10,000/);
    } finally {
      await signup.context().close();
    }

    const page = await adminPage({ lang: 'en' });
    try {
      await openEditor(page, 'signup', 'en', 'headline');
      // The stack counts 3 accounts against a threshold of 2: the editor says what the page would show.
      await page.getByText('Shown now: “At least 3 people have joined Nashr”').waitFor();
      await page.getByTestId('add-quote').click();
      const quote = page.getByTestId('quote-item').last();
      await field(quote, 'quotes.0.quote').fill('I plan my posts on Sunday and forget about them.');
      await field(quote, 'quotes.0.name').fill('Rana Aziz');
      await field(quote, 'quotes.0.role').fill('Product lead');
      await page.getByText('Show how many people have joined').click();
      await save(page, 'Sign-up Panel Saved');
    } finally {
      await page.context().close();
    }
    const after = await stored('signup', 'en');
    expect(after.version).toBe(before.version + 1);
    expect(after.data.quotes).toEqual([
      { quote: 'I plan my posts on Sunday and forget about them.', name: 'Rana Aziz', role: 'Product lead' },
    ]);
    expect(after.data.showMemberCount).toBe(true);
    // The Arabic copy is its own block and keeps its defaults.
    expect((await stored('signup', 'ar')).data.quotes).toEqual([]);

    const shown = await openPage(browser, `${stack.url}/signup`, { lang: 'en' });
    try {
      const panel = shown.getByTestId('signup-panel');
      await panel.getByTestId('signup-quotes').getByText('Rana Aziz').waitFor();
      expect(await panel.getByTestId('member-count').textContent()).toBe('At least 3 people have joined Nashr');
      await screenshot(shown, 'signup-panel-admin-text-en-desktop');
    } finally {
      await shown.context().close();
    }

    // Turned off again by a save straight to the API: the number goes, the quote stays.
    const off = await apiSave('signup', 'en', { ...after.data, showMemberCount: false }, admin, after.version);
    expect(off.status).toBe(200);
    const again = await openPage(browser, `${stack.url}/signup`, { lang: 'en' });
    try {
      const panel = again.getByTestId('signup-panel');
      await panel.getByTestId('signup-quotes').waitFor();
      expect(await panel.getByTestId('member-count').count()).toBe(0);
    } finally {
      await again.context().close();
    }
  });

  it("shows the hero's 'Saving...' then 'Saved!' for 2 s, and a failed save as an error with the field's problem", async () => {
    const page = await adminPage({ lang: 'en' });
    try {
      // Hold the save for a moment so its in-between state can be seen.
      await page.route('**/save_content/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      const button = page.getByTestId('save-changes');
      expect(await button.textContent()).toBe('Save Changes');
      await field(page, 'headline').fill(`Timed headline ${Date.now()}`);
      await button.click();
      await page.getByTestId('save-changes').filter({ hasText: 'Saving...' }).waitFor();
      await page.getByTestId('save-changes').filter({ hasText: 'Saved!' }).waitFor();
      const savedAt = Date.now();
      await page.getByTestId('save-changes').filter({ hasText: 'Save Changes' }).waitFor({ timeout: 5000 });
      const shown = Date.now() - savedAt;
      expect(shown).toBeGreaterThan(1500);
      expect(shown).toBeLessThan(3500);
      await page.unroute('**/save_content/**');

      const before = await stored('hero', 'en');
      await field(page, 'headline').fill('   ');
      await button.click();
      await toast(page, 'Failed to save Hero Content', 'error').waitFor();
      const problem = page.locator('[name="headline"][aria-invalid="true"]');
      await problem.waitFor();
      const describedBy = (await problem.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).not.toBe('');
      expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toBe(
        'This field is required.',
      );
      expect((await stored('hero', 'en')).version).toBe(before.version);

      // A direction override is refused in the browser, in the words of the API's refusal.
      const saves: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('save_content')) saves.push(request.url());
      });
      await field(page, 'headline').fill('Invoice\u202Egpj.exe');
      await button.click();
      await page.getByText('reverses the direction of writing').waitFor();
      expect(saves).toEqual([]);
      expect((await stored('hero', 'en')).version).toBe(before.version);
      // A refusal by the service: its field lines are in the interface language, never its English.
      const serverWords = 'Too big: expected string to have <=120 characters';
      await page.route('**/save_content/**', (route) =>
        route.fulfill({
          status: 400,
          json: {
            success: false,
            code: 'request.invalid',
            message: `headline: ${serverWords}`,
            issues: [{ path: 'headline', message: serverWords }],
          },
        }),
      );
      await field(page, 'headline').fill(`Refused headline ${Date.now()}`);
      await button.click();
      await page.locator('[name="headline"][aria-invalid="true"]').waitFor();
      const refusedBy = (await problem.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${refusedBy.split(' ').pop()}"]`).textContent()).toBe('This value is not valid.');
      expect(await page.getByText(serverWords).count()).toBe(0);
      await page.unroute('**/save_content/**');
    } finally {
      await page.context().close();
    }
  });

  it('adds and removes testimonials with the spec defaults, badges, an uploaded image and the full-width flag', async () => {
    const before = await stored('testimonials', 'en');
    const page = await adminPage({ lang: 'en' });
    try {
      await openEditor(page, 'testimonials', 'en', 'heading.title');
      const items = page.getByTestId('testimonial-item');
      expect(await items.count()).toBe(before.data.testimonials.length);
      await page.getByTestId('add-testimonial').click();
      expect(await items.count()).toBe(before.data.testimonials.length + 1);
      const index = before.data.testimonials.length;
      const added = items.last();
      expect(await field(added, `testimonials.${index}.name`).inputValue()).toBe('New Testimonial');
      expect(await field(added, `testimonials.${index}.description`).inputValue()).toBe('Add description here...');
      expect(await field(added, `testimonials.${index}.badges.0.text`).inputValue()).toBe('Followers');
      expect(await field(added, `testimonials.${index}.badges.1.text`).inputValue()).toBe('Title');

      await field(added, `testimonials.${index}.name`).fill('Dana Haddad');
      await added.getByTestId('add-badge').click();
      await field(added, `testimonials.${index}.badges.2.text`).fill('Verified');
      await added.getByText('Show as a full-width card').click();
      const image = added.getByTestId(`image-field-testimonials.${index}.image`);
      expect(await image.getByTestId('image-input').getAttribute('accept')).toBe(ALLOWED_IMAGE_TYPES.join(','));
      await image
        .getByTestId('image-input')
        .setInputFiles({ name: 'dana.png', mimeType: 'image/png', buffer: makePng() });
      const preview = image.getByTestId('image-preview');
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
      await scrollToTop(page);
      await screenshot(page, 'admin-testimonials-en-desktop');
      await save(page, 'Testimonials Content Saved');

      const saved = (await stored('testimonials', 'en')).data.testimonials;
      expect(saved).toHaveLength(before.data.testimonials.length + 1);
      const last = saved[saved.length - 1];
      expect(last?.name).toBe('Dana Haddad');
      expect(last?.description).toBe('Add description here...');
      expect(last?.badges.map((badge) => badge.text)).toEqual(['Followers', 'Title', 'Verified']);
      expect(last?.isFullWidth).toBe(true);
      expect(last?.image).toBe(`data:image/png;base64,${makePng().toString('base64')}`);

      // The landing page shows the new testimonial with its picture.
      const landing = await openPage(browser, stack.url, { lang: 'en' });
      try {
        const card = landing.getByTestId('testimonial').filter({ hasText: 'Dana Haddad' });
        await card.waitFor();
        expect(await card.locator('img[src^="data:image/png"]').count()).toBe(1);
      } finally {
        await landing.context().close();
      }

      // Remove the first testimonial: the rest move up.
      await items.first().getByTestId('remove-testimonial').click();
      expect(await items.count()).toBe(before.data.testimonials.length);
      await save(page, 'Testimonials Content Saved');
      const after = (await stored('testimonials', 'en')).data.testimonials;
      expect(after.map((t) => t.name)).toEqual(
        [...before.data.testimonials.map((t) => t.name), 'Dana Haddad'].slice(1),
      );
    } finally {
      await page.context().close();
    }
  });

  it('adds a plan with the spec defaults, sets its flags, edits its feature list, and removes a plan', async () => {
    const before = await stored('pricing', 'en');
    const page = await adminPage({ lang: 'en', viewport: 'phone' });
    try {
      await openEditor(page, 'pricing', 'en', 'heading.title');
      await page.getByTestId('add-plan').click();
      const index = before.data.plans.length;
      const plan = page.getByTestId('plan-item').last();
      expect(await field(plan, `plans.${index}.name`).inputValue()).toBe('Basic');
      expect(await field(plan, `plans.${index}.price`).inputValue()).toBe('Free');
      const features = plan.getByTestId('planFeature-item');
      const names = await Promise.all(
        [0, 1, 2, 3].map((i) => field(plan, `plans.${index}.features.${i}.name`).inputValue()),
      );
      expect(names).toEqual([
        '10 Posts/week',
        'AI Profile Optimization',
        'AI Driven Keywords',
        'Priority Customer Support',
      ]);
      const included = await features
        .locator('input[type="checkbox"]')
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));
      expect(included).toEqual([true, true, false, false]);

      await field(plan, `plans.${index}.name`).fill('Team');
      await field(plan, `plans.${index}.price`).fill('$99');
      await plan.getByText('Highlighted plan').click();
      await plan.getByText('“Everything included” badge', { exact: true }).click();
      await features.nth(2).getByTestId('remove-planFeature').click();
      await plan.getByTestId('add-planFeature').click();
      await field(plan, `plans.${index}.features.3.name`).fill('Shared calendar');
      await scrollToTop(page);
      await screenshot(page, 'admin-pricing-en-phone');
      await save(page, 'Pricing Content Saved');

      const saved = (await stored('pricing', 'en')).data.plans;
      expect(saved[index]).toMatchObject({
        name: 'Team',
        price: '$99',
        highlighted: true,
        isPremium: true,
        features: [
          { name: '10 Posts/week', included: true },
          { name: 'AI Profile Optimization', included: true },
          { name: 'Priority Customer Support', included: false },
          { name: 'Shared calendar', included: true },
        ],
      });

      await page.getByTestId('plan-item').last().getByTestId('remove-plan').click();
      await save(page, 'Pricing Content Saved');
      expect((await stored('pricing', 'en')).data.plans).toEqual(before.data.plans);
    } finally {
      await page.context().close();
    }
  });

  it("edits the main feature's statistic, the statistics list and the questions, in Arabic", async () => {
    const page = await adminPage({ lang: 'ar', viewport: 'phone' });
    try {
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(page, 'admin-hero-ar-phone');

      await openEditor(page, 'features', 'ar', 'feature.stats.count');
      await field(page, 'feature.stats.count', 'ar').fill('+٢٠٠٠');
      await field(page, 'feature.stats.text', 'ar').fill('منشور كل يوم');
      await page.getByTestId('add-additionalFeature').click();
      const featureCount = (await stored('feature', 'ar')).data.additionalFeatures.length;
      await field(page, `additionalFeatures.${featureCount}.title`, 'ar').fill('تحليلات أسبوعية');
      await scrollToTop(page);
      await screenshot(page, 'admin-features-ar-phone');
      await save(page, 'تم حفظ محتوى المزايا');
      const feature = (await stored('feature', 'ar')).data;
      expect(feature.feature.stats).toEqual({ count: '+٢٠٠٠', text: 'منشور كل يوم' });
      expect(feature.additionalFeatures.at(-1)?.title).toBe('تحليلات أسبوعية');

      const stats = (await stored('why-choose', 'ar')).data.stats;
      await openEditor(page, 'choose-us', 'ar', 'title');
      await page.getByTestId('add-stat').click();
      await field(page, `stats.${stats.length}.value`, 'ar').fill('٢٤/٧');
      await field(page, `stats.${stats.length}.description`, 'ar').fill('دعم متواصل');
      await save(page, 'تم حفظ محتوى «لماذا تختارنا»');
      expect((await stored('why-choose', 'ar')).data.stats).toEqual([
        ...stats,
        { value: '٢٤/٧', description: 'دعم متواصل' },
      ]);

      const faqs = (await stored('faq', 'ar')).data.faqs;
      await openEditor(page, 'faqs', 'ar', 'heading.title');
      await page.getByTestId('add-faq').click();
      await field(page, `faqs.${faqs.length}.question`, 'ar').fill('هل يمكنني الإلغاء في أي وقت؟');
      await field(page, `faqs.${faqs.length}.answer`, 'ar').fill('نعم، بنقرة واحدة.');
      await save(page, 'تم حفظ الأسئلة الشائعة');
      expect((await stored('faq', 'ar')).data.faqs.at(-1)).toEqual({
        question: 'هل يمكنني الإلغاء في أي وقت؟',
        answer: 'نعم، بنقرة واحدة.',
      });
      await page.getByTestId('faq-item').last().getByTestId('remove-faq').click();
      await save(page, 'تم حفظ الأسئلة الشائعة');
      expect((await stored('faq', 'ar')).data.faqs).toEqual(faqs);
    } finally {
      await page.context().close();
    }
  });

  it('refuses a non-image and an oversized image in the browser, before anything is sent', async () => {
    const before = await stored('feature', 'en');
    const page = await adminPage({ lang: 'en' });
    try {
      await openEditor(page, 'features', 'en', 'feature.title');
      const image = page.getByTestId('image-field-feature.image');
      const input = image.getByTestId('image-input');
      const alert = image.getByRole('alert');

      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await alert.getByText('“notes.txt” is not an image we accept').waitFor();

      const oversized = Buffer.concat([makePng(), Buffer.alloc(MAX_IMAGE_BYTES)]);
      await input.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: oversized });
      await alert.getByText('Images must be 1 MB or smaller').waitFor();

      // A file that only claims to be a PNG is caught by the same signature check the service runs.
      await input.setInputFiles({ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a, not PNG') });
      await alert.getByText('“renamed.png” is not a valid image file.').waitFor();

      await scrollToTop(page);
      await screenshot(page, 'admin-image-refused-en-desktop');
      // Nothing changed: the form is clean and the service still holds the old image.
      expect(await page.getByTestId('editor-dirty').count()).toBe(0);
      expect(await page.getByTestId('save-changes').isDisabled()).toBe(true);
      expect((await stored('feature', 'en')).version).toBe(before.version);

      // A good file then goes through.
      await input.setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: makePng() });
      await image.getByTestId('image-preview').and(page.locator('[src^="data:image/png"]')).waitFor();
      expect(await alert.count()).toBe(0);
      await save(page, 'Feature content saved');
      expect((await stored('feature', 'en')).data.feature.image).toMatch(/^data:image\/png;base64,/);
    } finally {
      await page.context().close();
    }

    // The service checks again: a script sending a non-image gets 400 naming the field.
    const current = await stored('feature', 'en');
    const response = await apiSave(
      'feature',
      'en',
      { ...current.data, feature: { ...current.data.feature, image: 'data:text/plain;base64,aGVsbG8=' } },
      admin,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toContain('feature.image');
  });

  it("refuses a stale save with a clear message, keeps the admin's draft, and reloads the latest on request", async () => {
    const page = await adminPage({ lang: 'en' });
    try {
      const opened = await stored('hero', 'en');
      // A second admin saves after this editor loaded.
      const theirs = `Second admin's headline ${Date.now()}`;
      const response = await apiSave('hero', 'en', { ...opened.data, headline: theirs }, secondAdmin, opened.version);
      expect(response.status).toBe(200);

      const mine = `My stale headline ${Date.now()}`;
      await field(page, 'headline').fill(mine);
      await page.getByTestId('save-changes').click();
      const banner = page.getByTestId('conflict-banner');
      await banner.waitFor();
      expect(await page.getByTestId('conflict-message').textContent()).toBe(STALE_MESSAGE);
      await toast(page, 'Failed to save Hero Content', 'error').waitFor();
      expect(await field(page, 'headline').inputValue()).toBe(mine);
      expect((await stored('hero', 'en')).data.headline).toBe(theirs);
      await scrollToTop(page);
      await screenshot(page, 'admin-stale-en-desktop');

      // Keeping the draft keeps it; saving it again is still refused.
      await page.getByTestId('conflict-keep').click();
      await banner.waitFor({ state: 'detached' });
      expect(await field(page, 'headline').inputValue()).toBe(mine);
      await page.getByTestId('save-changes').click();
      await banner.waitFor();
      expect((await stored('hero', 'en')).data.headline).toBe(theirs);

      // Loading the latest version shows the other admin's work; then a save goes through.
      await page.getByTestId('conflict-reload').click();
      await banner.waitFor({ state: 'detached' });
      expect(await field(page, 'headline').inputValue()).toBe(theirs);
      expect(await page.getByTestId('editor-dirty').count()).toBe(0);
      await field(page, 'headline').fill(mine);
      await save(page, 'Hero Content Saved');
      expect((await stored('hero', 'en')).data.headline).toBe(mine);
    } finally {
      await page.context().close();
    }
  });

  it('switches the copy language from the keyboard, and the focus stays on the switch', async () => {
    const page = await adminPage({ lang: 'en' });
    const focusedCopy = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        return focused instanceof HTMLInputElement && focused.type === 'radio' ? focused.value : null;
      });
    try {
      await page.getByTestId('copy-lang-en').locator('input').focus();
      // The arrows move through the switch's radios, as in any radio group, choosing as they go.
      await page.keyboard.press('ArrowUp');
      await field(page, 'headline', 'ar').waitFor();
      expect(await focusedCopy()).toBe('ar');
      await page.keyboard.press('ArrowDown');
      await field(page, 'headline', 'en').waitFor();
      expect(await focusedCopy()).toBe('en');
    } finally {
      await page.context().close();
    }
  });

  it('asks before unsaved changes are dropped by a tab switch, a copy switch or leaving the page', async () => {
    const page = await adminPage({ lang: 'ar' });
    try {
      await field(page, 'headline', 'ar').fill('مسودة لم تُحفظ');
      await page.getByTestId('admin-tab-pricing').click();
      const dialog = page.getByTestId('discard-dialog');
      await dialog.waitFor();
      await screenshot(page, 'admin-unsaved-ar-desktop');
      await page.getByTestId('discard-keep').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await field(page, 'headline', 'ar').inputValue()).toBe('مسودة لم تُحفظ');

      await page.getByTestId('copy-lang-en').click();
      await dialog.waitFor();
      await page.getByTestId('discard-keep').click();
      expect(await field(page, 'headline', 'ar').inputValue()).toBe('مسودة لم تُحفظ');

      // In-app navigation (the logo links home) is held too.
      await page.locator('header a[href="/"]').first().click();
      await dialog.waitFor();
      await page.getByTestId('discard-keep').click();
      expect(new URL(page.url()).pathname).toBe('/admin/dashboard');

      // Closing the tab asks the browser's own question.
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (d) => {
          resolve(d.type());
          void d.dismiss();
        }),
      );
      await page.close({ runBeforeUnload: true });
      expect(await asked).toBe('beforeunload');
      // Dismissed: the page stays open with the draft.
      expect(await field(page, 'headline', 'ar').inputValue()).toBe('مسودة لم تُحفظ');
    } finally {
      await page.context().close();
    }

    const again = await adminPage({ lang: 'ar' });
    try {
      await field(again, 'headline', 'ar').fill('مسودة أخرى');
      await again.getByTestId('admin-tab-pricing').click();
      await again.getByTestId('discard-confirm').click();
      await field(again, 'heading.title', 'ar').waitFor();
      await again.getByTestId('admin-tab-hero').click();
      await field(again, 'headline', 'ar').waitFor();
      expect(await field(again, 'headline', 'ar').inputValue()).toBe((await stored('hero', 'ar')).data.headline);
      expect((await stored('hero', 'ar')).data.headline).not.toBe('مسودة أخرى');
      await screenshot(again, 'admin-hero-ar-desktop');
    } finally {
      await again.context().close();
    }
  });
});

describe('the audit trail', () => {
  it('shows administrators who saved what, from where and when, newest first, in both languages', async () => {
    const current = await stored('hero', 'en');
    const saved = await apiSave('hero', 'en', { ...current.data, headline: 'Audited headline' }, secondAdmin);
    expect(saved.status).toBe(200);

    for (const [lang, label] of [
      ['en', 'Saved landing content'],
      ['ar', 'حفظ محتوى الصفحة الرئيسية'],
    ] as const) {
      const page = await adminPage({ lang });
      try {
        const newest = page.getByTestId('audit-entry').first();
        await newest.waitFor();
        const text = (await newest.textContent()) ?? '';
        expect(text).toContain('second-admin@example.test');
        expect(text).toContain(label);
        expect(text).toMatch(/hero \(en\)/);
        // This stack runs no ai service: its entries are missing, and the page says so.
        await page.getByTestId('audit-partial').waitFor();
      } finally {
        await page.context().close();
      }
    }
  });
});
