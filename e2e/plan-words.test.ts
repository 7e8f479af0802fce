/**
 * What each plan and the trial include, said in the same words wherever they are said: the
 * sidebar's credits line, the header's plan button, the Billing page and the landing page's plan
 * cards, for someone on the trial and someone who bought Starter, in Arabic and in English. The
 * trial is never promised as a trial of every plan, and a plan button that cannot be used says why.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage } from './support/browser';
import { fullUser, type StackUser } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai', 'billing', 'engage'],
      workers: ['auth', 'linkedin', 'billing', 'engage', 'ai'],
      env: { ai: { AI_PROVIDER: 'offline' }, 'ai-worker': { AI_PROVIDER: 'offline' } },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Text as read, without the bidi isolates around numbers and with spaces made plain. */
const read = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

const WORDS = {
  en: {
    trialLine: 'Trial: 100 credits for the whole trial',
    starterLine: 'Starter: 500 credits each month',
    trialRenewal: "The trial's credits do not renew",
    trialNote:
      "Every new account starts with a 7-day free trial: 10 posts a week, 100 AI credits for the whole trial, the library's 30 newest posts, a team of 2 people, 2 workspaces, your profile and 1 company page, no Engage.",
    upgrade: 'Upgrade to Starter',
    change: 'Change plan',
    current: 'Your current plan',
    why: 'You have a subscription: change your plan from Manage subscription.',
    yourCard: 'Your plan: Starter',
    chooseCard: 'Choose ',
    retired: /Premium|free trial on every plan/,
  },
  ar: {
    trialLine: 'الفترة التجريبية: 100 نقطة طوال الفترة',
    starterLine: 'الانطلاقة: 500 نقطة كل شهر',
    trialRenewal: 'نقاط الفترة التجريبية لا تتجدد',
    trialNote:
      'يبدأ كل حساب جديد بفترة تجريبية مجانية مدتها 7 أيام: 10 منشورات أسبوعيًا، 100 نقطة للذكاء الاصطناعي طوال الفترة، أحدث 30 منشورًا في مكتبة الإلهام، فريق من شخصَين، مساحتا عمل، ملفك الشخصي وصفحة شركة واحدة، دون مساعد التفاعل.',
    upgrade: 'الترقية إلى «الانطلاقة»',
    change: 'تغيير الخطة',
    current: 'خطتك الحالية',
    why: 'لديك اشتراك قائم: غيّر خطتك من «إدارة الاشتراك».',
    yourCard: 'خطتك: «الانطلاقة»',
    chooseCard: 'اختر «',
    retired: /بريميوم|في كل خطة|وصول كامل/,
  },
} as const;

/**
 * The characters of an element in the order they stand on screen, left to right (what the eye
 * reads, after the browser's bidi layout), without the invisible marks and with plain spaces.
 */
const onScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const placed: { x: number; char: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) placed.push({ x: box.left, char: text[i] === '\u00a0' ? ' ' : (text[i] ?? '') });
      }
    }
    return placed
      .sort((a, b) => a.x - b.x)
      .map((entry) => entry.char)
      .join('');
  });

const open = (lang: Language, path: string, user?: StackUser) =>
  openPage(browser, `${stack.url}${path}`, { lang, cookies: user ? [user.session.browserCookie] : [] });

for (const lang of ['en', 'ar'] as const) {
  const words = WORDS[lang];

  describe(`one account of what the trial and each plan include (${lang})`, () => {
    it('tells a trial user the same trial in the sidebar, on Billing and on the landing page', async () => {
      const user = await fullUser(stack, `plan-words-trial-${lang}`);
      await startTrial(stack, user);

      const billing = await open(lang, '/billing', user);
      await billing.getByTestId('credits-plan').waitFor();
      await expect.poll(() => read(billing, 'credits-plan'), POLL).toContain(words.trialLine);
      await expect.poll(() => read(billing, 'billing-credits-renewal'), POLL).toContain(words.trialRenewal);
      await expect.poll(() => read(billing, 'plans-button'), POLL).toContain(words.upgrade);
      await billing.getByTestId('plan-trial-note').waitFor();
      const billingNote = await read(billing, 'plan-trial-note');
      expect(billingNote).toContain(words.trialNote);
      // biome-ignore lint/performance/useDomNodeTextContent: the words a reader sees; textContent would also read the page's scripts and hidden text
      expect(await billing.locator('body').innerText()).not.toMatch(words.retired);
      await billing.context().close();

      // A visitor reads the trial in the Billing page's words, under the cards, and no card's
      // button offers its plan as the one on trial.
      const landing = await open(lang, '/');
      await landing.getByTestId('pricing-trial-note').waitFor();
      expect(await read(landing, 'pricing-trial-note')).toBe(billingNote);
      for (const button of await landing.getByTestId('plan-trial').all()) {
        expect(await button.textContent()).toContain(words.chooseCard);
      }
      // biome-ignore lint/performance/useDomNodeTextContent: the words a reader sees; textContent would also read the page's scripts and hidden text
      expect(await landing.locator('body').innerText()).not.toMatch(words.retired);
      await landing.context().close();
    });

    it("shows a plan's price in one way on the landing page and on Billing", async () => {
      const user = await fullUser(stack, `plan-words-price-${lang}`);
      await startTrial(stack, user);
      const billing = await open(lang, '/billing', user);
      await billing.getByTestId('plan-starter').waitFor();
      const onBilling = await onScreen(billing.getByTestId('plan-starter').getByTestId('plan-price'));
      await billing.context().close();
      const landing = await open(lang, '/');
      const price = landing.getByTestId('plan-price').filter({ hasText: '34' });
      await price.waitFor();
      // Once the page has the billing service's plans (until then it shows the admin's copy).
      await expect.poll(() => onScreen(price), POLL).toBe(onBilling);
      await landing.context().close();
      expect(onBilling).toBe(lang === 'ar' ? '34.99 US$' : '$34.99');
    });

    it('tells a Starter buyer Starter everywhere, and why the other plans cannot be chosen here', async () => {
      const user = await fullUser(stack, `plan-words-starter-${lang}`);
      await startTrial(stack, user);
      await takeStarter(stack, user);

      const billing = await open(lang, '/billing', user);
      await expect.poll(() => read(billing, 'credits-plan'), POLL).toContain(words.starterLine);
      await expect.poll(() => read(billing, 'plans-button'), POLL).toBe(words.change);
      const starter = billing.getByTestId('choose-starter');
      await expect.poll(() => starter.textContent(), POLL).toBe(words.current);
      expect(await starter.isDisabled()).toBe(true);
      for (const other of ['basic', 'pro'] as const) {
        const button = billing.getByTestId(`choose-${other}`);
        expect(await button.isDisabled()).toBe(true);
        // The reason is on screen beside the button, and read with it.
        const why = billing.getByTestId(`plan-${other}`).getByTestId('plan-disabled-reason');
        expect(await why.textContent()).toBe(words.why);
        expect(await why.isVisible()).toBe(true);
        expect(await button.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
      }
      // biome-ignore lint/performance/useDomNodeTextContent: the words a reader sees; textContent would also read the page's scripts and hidden text
      expect(await billing.locator('body').innerText()).not.toMatch(words.retired);
      await billing.context().close();

      // On the landing page the Starter card is theirs; the others are still there to choose.
      const landing = await open(lang, '/', user);
      const buttons = landing.getByTestId('plan-trial');
      await expect
        .poll(async () => (await buttons.allTextContents()).filter((text) => text === words.yourCard), POLL)
        .toHaveLength(1);
      expect((await buttons.allTextContents()).filter((text) => text.startsWith(words.chooseCard))).toHaveLength(2);
      await landing.context().close();
    });
  });
}
