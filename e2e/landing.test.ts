import type { ContentBlockName, ContentBlocks, PlanInfo } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage, screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { startLandingApp, waitForLandingContent } from './support/landing';
import { createSession } from './support/session';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ services: ['content', 'billing'] }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** What the content service answers right now, read the way any visitor's browser reads it. */
async function block<N extends ContentBlockName>(name: N, lang: Language): Promise<ContentBlocks[N]> {
  const response = await fetch(`${stack.url}/content/${name}?lang=${lang}`, { cache: 'no-store' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ContentBlocks[N] }).data;
}

/** The plans as the billing service sets them: the pricing cards linked to one must show its price. */
async function billingPlans(): Promise<PlanInfo[]> {
  const response = await fetch(`${stack.url}/api/v1/billing/plans`, { cache: 'no-store' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { plans: PlanInfo[] }).plans;
}

/**
 * What the shipped copy once claimed as fact with nothing to back it: "10,000+ users", "1M+ posts
 * a month", "99% satisfaction", "18k followers", five-star ratings and customer logos.
 */
const INVENTED_CLAIM =
  /10,000|10٬000|١٠٬٠٠٠|1M\+|مليون|99%|satisfaction|رضا العملاء|k followers|ألف متابع|آلاف متابع|Loved by|يثق به|Rated 5|التقييم 5|Northwind|Helios|Atlas Labs/;

/** The digits of a price as written in either language ('US$ ٢٤٫٩٩' and '$24.99' are both 2499). */
const digits = (text: string | null) =>
  (text ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, '');

async function landing(options: { lang?: Language; viewport?: ViewportName } = {}): Promise<Page> {
  const page = await openPage(browser, stack.url, options);
  await waitForLandingContent(page);
  return page;
}

const documentDirection = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/**
 * Waits until every image has loaded, for a complete screenshot, and fails on a broken one. Lazy
 * images are made eager rather than scrolled past: on a busy machine a quick scroll can pass an
 * image before the browser looks at it, and such an image then never loads.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const img of document.images) img.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
  );
  expect(broken).toEqual([]);
}

describe.each([
  ['ar', 'rtl'],
  ['en', 'ltr'],
] as const)('the landing page in %s', (lang, dir) => {
  it.each(['phone', 'desktop'] as const)('reads its copy from the content service at %s width', async (viewport) => {
    // Arabic is what a first-time visitor gets: nothing stored.
    const page = await landing({ lang: lang === 'ar' ? undefined : lang, viewport });
    try {
      expect(await documentDirection(page)).toEqual({ lang, dir });
      const [hero, feature, whyChoose, testimonials, pricing, faq] = await Promise.all([
        block('hero', lang),
        block('feature', lang),
        block('why-choose', lang),
        block('testimonials', lang),
        block('pricing', lang),
        block('faq', lang),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(hero.headline);
      await settle(page);

      const body = await page.locator('main').textContent();
      for (const text of [
        hero.subheadline,
        feature.feature.title,
        ...feature.additionalFeatures.map((item) => item.title),
        whyChoose.title,
        ...whyChoose.stats.map((stat) => stat.value),
        ...testimonials.testimonials.map((item) => item.name),
        faq.faqs[0]?.question ?? '',
      ]) {
        expect(body).toContain(text);
      }
      const plans = page.getByTestId('pricing-plan');
      expect(await plans.count()).toBe(pricing.plans.length);
      const offered = await billingPlans();
      // The seeded cards each sell a billing plan.
      expect(pricing.plans.filter((plan) => plan.planId).length).toBe(3);
      for (const [index, plan] of pricing.plans.entries()) {
        const card = plans.nth(index);
        expect(await card.textContent()).toContain(plan.name);
        // A card linked to a plan shows billing's price, never a price of its own.
        const sold = offered.find((entry) => entry.id === plan.planId);
        const price = card.getByTestId('plan-price');
        if (sold) {
          // The plan's limits are drawn once billing answered; the price is billing's then.
          await card.getByTestId('plan-limit').first().waitFor();
          expect(digits(await price.textContent())).toBe(String(sold.price.amountMinor));
        } else {
          expect(await price.textContent()).toBe(plan.price);
        }
      }
      expect(await page.locator('[data-highlighted="true"]').count()).toBe(
        pricing.plans.filter((plan) => plan.highlighted).length,
      );
      expect(await page.getByTestId('testimonial').count()).toBe(testimonials.testimonials.length);
      // A fresh installation claims nothing it did not count: no testimonials (their section is
      // hidden), no crowd in the hero, no company logos, no user or post counts, no ratings.
      expect(testimonials.testimonials).toEqual([]);
      expect(await page.locator('#testimonials-title').count()).toBe(0);
      expect(await page.getByTestId('hero-people-badge').count()).toBe(0);
      expect(await page.locator('#logos-title').count()).toBe(0);
      expect(body).not.toMatch(INVENTED_CLAIM);

      // Nothing may stick out sideways (a phone would zoom the whole page out to show it).
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await screenshot(page, `landing-${lang}-${viewport}`);
    } finally {
      await page.context().close();
    }
  });
});

describe('the landing page', () => {
  it('switches language with the toggle, mirrors, and keeps the choice after a reload', async () => {
    const page = await landing({ viewport: 'desktop' });
    try {
      const [arabic, english] = await Promise.all([block('hero', 'ar'), block('hero', 'en')]);
      expect(await documentDirection(page)).toEqual({ lang: 'ar', dir: 'rtl' });

      await page.locator('header').getByTestId('language-toggle').click();
      await expect.poll(() => page.getByTestId('hero-headline').textContent()).toBe(english.headline);
      expect(await documentDirection(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

      await page.reload();
      await page.getByTestId('hero-headline').waitFor();
      expect(await documentDirection(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(await page.getByTestId('hero-headline').textContent()).toBe(english.headline);

      await page.locator('header').getByTestId('language-toggle').click();
      await expect.poll(() => page.getByTestId('hero-headline').textContent()).toBe(arabic.headline);
      expect(await documentDirection(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    } finally {
      await page.context().close();
    }
  });

  it('opens one FAQ answer at a time, the first one to begin with', async () => {
    const page = await landing({ lang: 'en' });
    try {
      const { faqs } = await block('faq', 'en');
      const triggers = page.getByTestId('faq').getByRole('button');
      await triggers.first().waitFor();
      const expanded = () => triggers.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')));
      const only = (index: number | null) => faqs.map((_, i) => (i === index ? 'true' : 'false'));

      expect(await expanded()).toEqual(only(0));
      expect(await page.getByTestId('faq').textContent()).toContain(faqs[0]?.answer);

      await triggers.nth(2).click();
      expect(await expanded()).toEqual(only(2));
      await expect.poll(() => page.getByText(faqs[2]?.answer ?? '').isVisible()).toBe(true);
      expect(await page.getByText(faqs[0]?.answer ?? '').isVisible()).toBe(false);

      await triggers.nth(2).click();
      expect(await expanded()).toEqual(only(null));
    } finally {
      await page.context().close();
    }
  });

  it('has a full-screen phone menu that traps focus, closes with Escape and scrolls to a section', async () => {
    const page = await landing({ lang: 'ar', viewport: 'phone' });
    try {
      const button = page.getByTestId('mobile-menu-button');
      await button.click();
      const menu = page.getByRole('dialog');
      await menu.waitFor();
      const box = await menu.boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
      await screenshot(page, 'landing-ar-phone-menu', { fullPage: false });

      const focusInMenu = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="mobile-menu"]'));
      expect(await focusInMenu()).toBe(true);
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInMenu()).toBe(true);
      }

      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

      await button.click();
      await menu.getByRole('link', { name: 'الأسعار' }).click();
      await menu.waitFor({ state: 'detached' });
      await page.getByTestId('pricing-plan').first().waitFor();
      await expect
        .poll(() => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThanOrEqual(80);
    } finally {
      await page.context().close();
    }
  });

  it('scrolls to Features and Pricing from the header', async () => {
    const page = await landing({ lang: 'en', viewport: 'desktop' });
    try {
      await page.getByTestId('pricing-plan').first().waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [label, id] of [
        ['Pricing', 'pricing'],
        ['Features', 'features'],
      ] as const) {
        await nav.getByRole('link', { name: label }).click();
        await expect
          .poll(() => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
          .toBeLessThanOrEqual(80);
        expect(await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
          -1,
        );
      }
    } finally {
      await page.context().close();
    }
  });

  it('offers a scroll-to-top button only past 300 px', async () => {
    const page = await landing({ lang: 'en', viewport: 'phone' });
    try {
      await page.getByTestId('pricing-plan').first().waitFor();
      const button = page.getByTestId('scroll-to-top');
      expect(await button.count()).toBe(0);
      // Scroll events fire with the next frame and the button renders at once: two frames on, it would be there.
      await page.evaluate(async () => {
        window.scrollTo(0, 250);
        for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      expect(await button.count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 1200));
      await button.waitFor();
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await button.waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
  });

  it('sends every start and free-trial button to sign-up', async () => {
    const page = await landing({ lang: 'en', viewport: 'desktop' });
    try {
      const trial = page.getByTestId('plan-trial');
      await trial.first().waitFor();
      expect(await trial.count()).toBe((await block('pricing', 'en')).plans.length);
      for (const link of [...(await trial.all()), page.getByTestId('header-signup'), page.getByTestId('hero-signup')]) {
        expect(await link.getAttribute('href')).toBe('/signup');
      }
      await trial.nth(1).click();
      await page.waitForURL((url) => url.pathname === '/signup');
    } finally {
      await page.context().close();
    }
  });

  it('shows a signed-in visitor the loading screen while the app starts, then skeletons for blocks still on their way', async () => {
    // A signed-in visitor gets the app itself, which loads the copy (a visitor gets it rendered).
    const member = await createSession(stack, { roles: ['user'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([member.browserCookie]);
    const page = await context.newPage();
    try {
      const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await page.route(
        (url) => url.pathname === '/content/hero',
        async (route) => {
          await delay(1200);
          await route.continue();
        },
      );
      await page.route(
        (url) => url.pathname === '/content/pricing',
        async (route) => {
          await delay(4000);
          await route.continue();
        },
      );
      await page.goto(stack.url, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('loading-screen').waitFor();
      expect(await page.getByTestId('hero-headline').count()).toBe(0);

      await page.getByTestId('hero-headline').waitFor();
      expect(await page.getByTestId('loading-screen').count()).toBe(0);
      // The sections below the hero follow it in the next render (web/src/features/landing/landing-screen.tsx).
      await page.locator('#pricing [data-testid="block-skeleton"]').waitFor();
      expect(await page.getByTestId('pricing-plan').count()).toBe(0);
      expect(await page.locator('#pricing [data-testid="block-skeleton"]').count()).toBe(1);
      expect(await page.locator('#pricing [aria-busy="true"]').count()).toBe(1);

      await page.getByTestId('pricing-plan').first().waitFor();
      expect(await page.locator('#pricing [data-testid="block-skeleton"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('explains, and recovers, when the content service cannot be reached', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
    const page = await context.newPage();
    try {
      await page.addInitScript(() => localStorage.setItem('lang', 'en'));
      const contentCalls = (url: URL) => url.pathname.startsWith('/content/');
      await page.route(contentCalls, (route) => route.abort('connectionrefused'));
      await page.goto(stack.url);
      const problem = page.getByTestId('content-unavailable');
      await problem.waitFor({ timeout: 15_000 });
      expect(await problem.textContent()).toContain('Try again');
      await screenshot(page, 'landing-en-phone-unavailable');

      await page.unroute(contentCalls);
      await problem.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('hero-headline').waitFor();
      expect(await page.getByTestId('hero-headline').textContent()).toBe((await block('hero', 'en')).headline);
    } finally {
      await context.close();
    }
  });

  it('shows Page Not Found for an unknown address, with a working Go Home', async () => {
    const page = await openPage(browser, `${stack.url}/no/such/page`, { lang: 'en' });
    try {
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByTestId('hero-headline').textContent()).toBe((await block('hero', 'en')).headline);
    } finally {
      await page.context().close();
    }
  });

  it('shows an admin save on the next visit, and ignores a non-admin one', async () => {
    const hero = await block('hero', 'en');
    const headline = `Grow on LinkedIn while you sleep ${Date.now()}`;
    const save = (cookieHeader: string, body: unknown) =>
      fetch(`${stack.url}/content/hero/save_content/?lang=en`, {
        method: 'POST',
        headers: { cookie: cookieHeader, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const member = await createSession(stack, { roles: ['user'] });
    expect((await save(member.cookieHeader, { ...hero, headline: 'Not allowed' })).status).toBe(403);

    const admin = await createSession(stack, { roles: ['admin'] });
    const saved = await save(admin.cookieHeader, { ...hero, headline });
    expect(saved.status).toBe(200);

    const page = await landing({ lang: 'en', viewport: 'desktop' });
    try {
      expect(await page.getByTestId('hero-headline').textContent()).toBe(headline);
    } finally {
      await page.context().close();
    }
    // The Arabic copy is a separate block and stays as it was.
    expect((await block('hero', 'ar')).headline).not.toBe(headline);
  });
});

describe('the landing page as the gateway renders it', () => {
  it.each([
    ['ar', 'rtl'],
    ['en', 'ltr'],
  ] as const)('reads and links in %s with no script run at all', async (lang, dir) => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    await context.addCookies([{ name: 'lang', value: lang, url: stack.url }]);
    const page = await context.newPage();
    try {
      await page.goto(stack.url);
      const [hero, pricing, faq] = await Promise.all([block('hero', lang), block('pricing', lang), block('faq', lang)]);
      expect(await documentDirection(page)).toEqual({ lang, dir });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(hero.headline);
      expect(await page.getByTestId('pricing-plan').count()).toBe(pricing.plans.length);
      expect(await page.getByTestId('faq').textContent()).toContain(faq.faqs[0]?.answer);
      expect(await page.title()).toBe(
        lang === 'ar'
          ? '«نشر»: ابنِ علامتك الشخصية على لينكدإن بالذكاء الاصطناعي'
          : 'Nashr: build your personal brand on LinkedIn with AI',
      );
      for (const link of [page.getByTestId('hero-signup'), ...(await page.getByTestId('plan-trial').all())]) {
        expect(await link.getAttribute('href')).toBe('/signup');
      }
      await page.getByTestId('hero-signup').click();
      await page.waitForURL((url) => url.pathname === '/signup');
    } finally {
      await context.close();
    }
  });

  it('fetches no script but its small boot script until the visitor does something, and asks nothing of /auth/me', async () => {
    const page = await openPage(browser, stack.url, { lang: 'en', viewport: 'phone' });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    try {
      await page.reload({ waitUntil: 'load' });
      expect(await page.getByTestId('hero-headline').textContent()).toBe((await block('hero', 'en')).headline);
      expect(requests.filter((path) => path.endsWith('.js'))).toEqual(['/landing-boot.js']);

      await startLandingApp(page);
      expect(requests.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
      // The page the server rendered is taken over as it is: the copy is not fetched again.
      expect(requests.filter((path) => path.startsWith('/content/'))).toEqual([]);
      expect(requests).not.toContain('/api/v1/auth/me');
      expect(failures).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('presses a button pressed before its code had loaded once the code has', async () => {
    const page = await openPage(browser, stack.url, { lang: 'en', viewport: 'desktop' });
    try {
      const arabic = await block('hero', 'ar');
      await page.getByTestId('hero-headline').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
      await page.locator('header').getByTestId('language-toggle').click();
      await expect.poll(() => page.getByTestId('hero-headline').textContent()).toBe(arabic.headline);
      expect(await documentDirection(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ar');
    } finally {
      await page.context().close();
    }
  });

  it('keeps a language chosen before the language cookie existed (stored in the browser only)', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    const page = await context.newPage();
    try {
      const english = await block('hero', 'en');
      await page.goto(stack.url);
      await expect.poll(() => page.getByTestId('hero-headline').textContent()).toBe(english.headline);
      expect(await documentDirection(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');
      // From then on the gateway renders it in English.
      const response = await page.request.get(stack.url);
      expect(await response.text()).toContain('<html lang="en" dir="ltr">');
    } finally {
      await context.close();
    }
  });
});

describe('delivery', () => {
  it('sends the scripts and styles compressed (brotli, all but the tiny ones) and cacheable for good', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const assets: { url: string; encoding?: string; cache?: string; length: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && /\.(js|css)$/.test(response.url())) {
        const headers = response.headers();
        assets.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
          length: Number(headers['content-length'] ?? Number.NaN),
        });
      }
    });
    try {
      await page.goto(stack.url, { waitUntil: 'load' });
      await waitForLandingContent(page);
      expect(assets.filter((asset) => asset.encoding === 'br').length).toBeGreaterThan(1);
      for (const asset of assets) {
        expect(asset.cache, asset.url).toContain('immutable');
        // Files under 1 kB are not worth compressing: the build leaves them as they are.
        if (asset.encoding !== 'br') expect(asset.length, asset.url).toBeLessThan(1024);
      }
    } finally {
      await context.close();
    }
  });
});
