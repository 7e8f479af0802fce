/**
 * The footer's Terms of Use and Privacy Policy lead to real pages in both languages, with the same
 * sections under the same anchors and a table of contents: what using and paying for Nashr means
 * (plans, trial, cancellation and refunds, Engage and autopilot's risk), and what Nashr keeps, why,
 * for how long, who processes it, and the rights Saudi and UAE law give over it.
 */

import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
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

/** Every section each page must have, by its anchor: the same in both languages. */
const SECTIONS = {
  terms: ['account', 'linkedin', 'content', 'engage', 'api', 'payments', 'trial', 'refunds', 'fair-use', 'contact'],
  privacy: [
    'account',
    'sign-in',
    'sessions',
    'personalization',
    'linkedin',
    'posts',
    'uploads',
    'ai',
    'voice',
    'analytics',
    'engage',
    'payments',
    'notifications',
    'push',
    'api',
    'webhooks',
    'logs',
    'processors',
    'export',
    'deletion',
    'rights',
    'contact',
  ],
} as const;

/** The privacy sections about something kept: each says for how long. */
const KEPT_SECTIONS = SECTIONS.privacy.filter(
  (id) => !['processors', 'export', 'deletion', 'rights', 'contact'].includes(id),
);

/** What a section must say, in each language. */
const SAYS = {
  ar: {
    terms: {
      payments: [/Stripe/, /24\.99 دولار أمريكي/, /الدولار الأمريكي/, /ضريبة/, /في بداية كل فترة شهرية/],
      trial: [/7 أيام/, /فترة تجريبية واحدة لكل شخص/, /100 نقطة للذكاء الاصطناعي/],
      refunds: [/إدارة الاشتراك/, /يُلغى الاشتراك الذي أنشأته فورًا/, /يُردّ مبلغها كاملًا تلقائيًا/],
      engage: [/من حسابك وباسمك/, /الوضع التلقائي/, /اتفاقية مستخدم لينكدإن/, /25 تعليقًا/],
      api: [/رمز الوصول/, /ككلمة المرور/, /20 رمزًا/, /120 طلبًا في الدقيقة/, /10 خطافات ويب/],
      contact: [/support@nashr\.app/],
    },
    privacy: {
      sessions: [/User-Agent/, /203\.0\.113\.0\/24/, /لا يستنتج «نشر» منه موقعًا/],
      analytics: [/المتابعين/, /90 يومًا/],
      uploads: [/24 ساعة/, /تُزال تفاصيلها المخفية/],
      push: [/يُشفَّر كل إشعار/, /20 جهازًا/],
      api: [/SHA-256/, /خادم MCP/],
      webhooks: [/50 عملية إرسال/],
      voice: [/تعرّف على أسلوبي/, /ولا يوجد زر مستقل لمحو القياس/],
      processors: [/OpenAI/, /Stripe/, /Unipile/, /مزوّد البريد الإلكتروني/, /الاستضافة/],
      export: [/تنزيل بياناتي/, /ZIP/, /JSON/],
      deletion: [/حذف حسابي/, /فورًا/],
      rights: [
        /نظام حماية البيانات الشخصية/,
        /رقم \(45\) لسنة 2021/,
        /الاطلاع/,
        /التصحيح/,
        /الحذف/,
        /الاعتراض/,
        /قابلية النقل/,
        /سدايا/,
        /مكتب الإمارات للبيانات/,
      ],
      contact: [/support@nashr\.app/],
    },
  },
  en: {
    terms: {
      payments: [/Stripe/, /24\.99 US dollars/, /US dollars/, /tax/, /start of each monthly period/],
      trial: [/7 days/, /One trial per person/, /100 AI credits for the whole trial/],
      refunds: [/Manage subscription/, /cancelled at once/, /refunded in full automatically/],
      engage: [/from your account, in your name/, /Autopilot/, /User Agreement/, /25 a day/],
      api: [/access token/, /like a password/, /20 tokens/, /120 requests a minute/, /10 webhooks/],
      contact: [/support@nashr\.app/],
    },
    privacy: {
      sessions: [/User-Agent/, /203\.0\.113\.0\/24/, /does not look up a location/],
      analytics: [/followers/, /90 days/],
      uploads: [/24 hours/, /removes its hidden details/],
      push: [/encrypted for your device/, /20 devices/],
      api: [/SHA-256/, /MCP server/],
      webhooks: [/50 deliveries/],
      voice: [/Learn my voice/, /no separate button to erase/],
      processors: [/OpenAI/, /Stripe/, /Unipile/, /e-mail delivery provider/, /hosting/],
      export: [/Download my data/, /ZIP/, /JSON/],
      deletion: [/Delete my account/, /at once/],
      rights: [
        /Personal Data Protection Law \(PDPL\)/,
        /Federal Decree-Law No\. 45 of 2021/,
        /Access/,
        /Correction/,
        /Deletion/,
        /Objection/,
        /Portability/,
        /SDAIA/,
        /UAE Data Office/,
      ],
      contact: [/support@nashr\.app/],
    },
  },
} as const;

const TITLES = {
  ar: { terms: 'شروط الاستخدام', privacy: 'سياسة الخصوصية', readTerms: 'الاطلاع على شروط الاستخدام' },
  en: { terms: 'Terms of Use', privacy: 'Privacy Policy', readTerms: 'Read the Terms of Use' },
} as const;

/** The page's sections by anchor, with their heading. */
async function sectionsOf(page: Page, name: 'terms' | 'privacy'): Promise<Map<string, string>> {
  const main = page.getByTestId(`legal-${name}`);
  const entries = await main
    .locator('section[id]')
    .evaluateAll((sections) =>
      sections.map((section) => [section.id, section.querySelector('h2')?.textContent?.trim() ?? ''] as const),
    );
  return new Map(entries);
}

/** Checks a page: every section present with a heading, listed in the contents, saying what it must. */
async function checkPage(page: Page, lang: 'ar' | 'en', name: 'terms' | 'privacy'): Promise<Map<string, string>> {
  const main = page.getByTestId(`legal-${name}`);
  await main.waitFor();
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLES[lang][name]);
  expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  // A real date: the one the texts were last changed on, written out in the page's language.
  expect(await main.getByTestId('legal-updated').locator('time').getAttribute('datetime')).toMatch(
    /^\d{4}-\d{2}-\d{2}$/,
  );

  const sections = await sectionsOf(page, name);
  for (const id of SECTIONS[name]) {
    expect(sections.get(id), `${lang} ${name}: section #${id}`).toBeTruthy();
  }
  // The table of contents links every section, in page order.
  const contents = await main
    .getByTestId('legal-contents')
    .locator('a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(contents).toEqual([...sections.keys()].map((id) => `#${id}`));

  for (const [id, patterns] of Object.entries(SAYS[lang][name])) {
    const text = (await main.locator(`section#${id}`).textContent()) ?? '';
    for (const pattern of patterns) expect(text, `${lang} ${name} #${id}`).toMatch(pattern);
  }
  if (name === 'privacy') {
    for (const id of KEPT_SECTIONS) {
      expect(await main.locator(`section#${id}`).getByTestId('legal-kept').count(), `how long #${id} is kept`).toBe(1);
    }
  }
  return sections;
}

const headings: Record<'ar' | 'en', Partial<Record<'terms' | 'privacy', Map<string, string>>>> = { ar: {}, en: {} };

describe.each(['ar', 'en'] as const)('legal pages in %s', (lang) => {
  it('open from the landing page footer, with every section, a table of contents and the facts each must state', async () => {
    const page = await openPage(browser, `${stack.url}/`, { lang, viewport: 'phone' });
    await page.getByRole('link', { name: TITLES[lang].privacy }).click();
    headings[lang].privacy = await checkPage(page, lang, 'privacy');
    await screenshot(page, `privacy-${lang}-phone`, { fullPage: true });

    // A contents link goes to its section.
    await page.getByTestId('legal-contents').locator('a[href="#rights"]').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#rights');
    await expect.poll(() => page.locator('section#rights h2').isVisible()).toBe(true);

    await page.getByRole('link', { name: TITLES[lang].readTerms }).click();
    headings[lang].terms = await checkPage(page, lang, 'terms');
    expect(await page.title()).toContain(TITLES[lang].terms);
    await screenshot(page, `terms-${lang}-phone`, { fullPage: true });

    // Opened directly, as a link shared elsewhere would be, at one of its sections.
    await page.goto(`${stack.url}/terms#refunds`);
    await page.getByTestId('legal-terms').waitFor();
    await page.context().close();
  });
});

describe('legal pages in both languages', () => {
  it('have the same sections, each written in its own language', () => {
    for (const name of ['terms', 'privacy'] as const) {
      const [ar, en] = [headings.ar[name], headings.en[name]];
      expect(ar && en, `${name} checked in both languages`).toBeTruthy();
      if (!ar || !en) continue;
      expect([...ar.keys()]).toEqual([...en.keys()]);
      for (const [id, heading] of ar) {
        expect(heading, `#${id}`).not.toBe(en.get(id));
        expect(heading, `#${id}`).toMatch(/\p{Script=Arabic}/u);
      }
    }
  });
});
