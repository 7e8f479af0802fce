/**
 * The footer's Terms of Use and Privacy Policy lead to real pages in both languages (they were
 * Page Not Found), saying what Nashr stores, why, for how long, and how to delete it.
 */

import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ services: ['content'] }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const PAGES = {
  ar: {
    terms: 'شروط الاستخدام',
    privacy: 'سياسة الخصوصية',
    retention: '١٥ دقيقة',
    untilDeleted: 'حتى تحذف حسابك',
    deletion: 'حذف بياناتك',
  },
  en: {
    terms: 'Terms of Use',
    privacy: 'Privacy Policy',
    retention: '15 minutes',
    untilDeleted: 'until you delete your account',
    deletion: 'Deleting your data',
  },
} as const;

/** Words that say how long something is kept, in each language. */
const KEPT = { ar: /نحفظ|تنتهي|لا نحفظ/, en: /[Kk]ept|expires|never stored/ } as const;
/** Technical logs are kept as long as the installation's log system keeps them: no period to state here. */
const LOGS = { ar: 'السجلات التقنية', en: 'Logs' } as const;

describe.each(['ar', 'en'] as const)('legal pages in %s', (lang) => {
  it('open from the landing page footer, in the page language and direction', async () => {
    const page = await openPage(browser, `${stack.url}/`, { lang, viewport: 'phone' });
    const copy = PAGES[lang];
    await page.getByRole('link', { name: copy.privacy }).click();
    await page.getByTestId('legal-privacy').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.privacy);
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const text = (await page.getByTestId('legal-privacy').textContent()) ?? '';
    expect(text).toContain(copy.retention);
    // How long: every kind of data the page lists says it (AI request records and notifications included).
    const sections = await page.getByTestId('legal-privacy').locator('section').all();
    expect(sections.length).toBeGreaterThanOrEqual(8);
    for (const section of sections) {
      const heading = await section.getByRole('heading').textContent();
      if (heading === copy.deletion || heading === LOGS[lang]) continue;
      expect(await section.textContent(), `how long "${heading}" is kept`).toMatch(KEPT[lang]);
    }
    expect(text).toContain(copy.deletion);
    await screenshot(page, `privacy-${lang}-phone`, { fullPage: true });

    await page.getByRole('link', { name: lang === 'ar' ? 'اقرأ شروط الاستخدام' : 'Read the Terms of Use' }).click();
    await page.getByTestId('legal-terms').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.terms);
    expect(await page.title()).toContain(copy.terms);

    // Opened directly, as a link shared elsewhere would be.
    await page.goto(`${stack.url}/terms`);
    await page.getByTestId('legal-terms').waitFor();
    await page.context().close();
  });
});
