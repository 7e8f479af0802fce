/**
 * The product with the keyboard alone (issue "Arabic-first in depth", accessibility): from the
 * sign-up screen to a published post with Tab, Enter, Space and Escape and no mouse click, in
 * English on a desktop and in Arabic on a phone (Gulf Arabic asked of the AI endpoint, the Hijri
 * date turned on); a dialog gives the focus back to the button that opened it; toasts and the
 * streaming AI draft are in live regions; every icon button has a name. And the desktop sidebar's
 * panel runs the whole height of a long page. Against the whole stack with the local mail catcher
 * and a local server speaking the AI endpoint's wire format, which records what it was asked.
 */
import { randomUUID } from 'node:crypto';
import { type FakeOpenAi, startFakeOpenAi } from '@nashr/ai/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, waitUntilLive } from './support/browser';
import { fullUser } from './support/full-user';
import { followSignInLink, fromNewestMail, signInLinkIn } from './support/mail';

let stack: Stack;
let browser: Browser;
let writer: FakeOpenAi;

beforeAll(async () => {
  writer = await startFakeOpenAi();
  const endpoint = { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-keyboard-test', OPENAI_BASE_URL: writer.url };
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: true,
      helpers: ['mail'],
      env: { ai: endpoint, 'ai-worker': endpoint },
    }),
    launchBrowser({ full: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await writer?.close();
});

/** The AI endpoint answers with `text`, streamed slowly enough that the draft is seen being written. */
const answerWith = (text: string) => writer.behave({ kind: 'ok', text, chunks: 12, chunkDelayMs: 60 });

/** Waits for the sign-in mail to the address (the local mail catcher) and returns its link. */
const signInLink = (address: string) => fromNewestMail(stack, address, 1, signInLinkIn, 30_000);

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through the page; fails
 * when it is never reached (not focusable, or hidden from the tab order).
 */
async function tabTo(page: Page, target: Locator, most = 120): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < most; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  if (await isFocused(target)) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Tab never reached the target after ${most} presses; the focus is on ${focused}`);
}

/**
 * Buttons and links the page shows that have no accessible name: no text, no aria-label, no
 * aria-labelledby, no title, no image with alt text. An icon alone names nothing.
 */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = (element: Element): boolean => {
      if (element.getAttribute('aria-label')?.trim()) return true;
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy?.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text only; text under display: none names nothing.
      if ((element as HTMLElement).innerText?.trim()) return true;
      if (element.getAttribute('title')?.trim()) return true;
      return [...element.querySelectorAll('img[alt]')].some((image) => image.getAttribute('alt')?.trim());
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    return [...document.querySelectorAll('button, a[href], [role="button"], [role="link"]')]
      .filter((element) => visible(element) && !named(element))
      .map((element) => element.outerHTML.slice(0, 200));
  });
}

async function expectNamedControls(page: Page, screen: string) {
  expect(await unnamedControls(page), `unnamed buttons or links on ${screen}`).toEqual([]);
}

const waitForPath = (page: Page, path: string) =>
  page.waitForURL((url) => url.pathname === path, { timeout: 30_000, waitUntil: 'domcontentloaded' });

/** The words a keyboard journey meets, in the language it runs in. */
interface JourneyWords {
  email: string;
  login: string;
  password: string;
  who: string;
  whoAnswer: string;
  choices: string[];
  createAccount: string;
  published: string;
}

/** Sign up with the e-mail and Enter, then open the link from the mail as the mail program would. */
async function signUpWithKeys(page: Page, address: string, words: JourneyWords) {
  await page.goto(`${stack.url}/signup`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectNamedControls(page, '/signup');
  await tabTo(page, page.getByLabel(words.email));
  await page.keyboard.type(address);
  await page.keyboard.press('Enter');
  await page.getByTestId('verify-check-email').waitFor();
  await followSignInLink(page, await signInLink(address));
  await waitForPath(page, '/connect-linkedIn');
  await expectNamedControls(page, '/connect-linkedIn');
}

/** Connect in the popup, with the keyboard there too, then continue to /personalize. */
async function connectWithKeys(page: Page, address: string, words: JourneyWords) {
  await tabTo(page, page.getByTestId('connect-button'));
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await popup.waitForLoadState('domcontentloaded');
  await expectNamedControls(popup, 'the connect popup');
  await tabTo(popup, popup.getByLabel(words.login));
  await popup.keyboard.type(address);
  await tabTo(popup, popup.getByLabel(words.password, { exact: true }));
  await popup.keyboard.type('sandbox-secret');
  await popup.keyboard.press('Enter');
  const next = page.getByTestId('connect-continue');
  await expect.poll(() => next.isEnabled(), { timeout: 30_000 }).toBe(true);
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await waitForPath(page, '/personalize');
  await expectNamedControls(page, '/personalize');
}

/**
 * Personalize: a text field, a tone (radio group: Space picks the first), check boxes, then
 * `more` for what a journey adds before creating the account.
 */
async function personalizeWithKeys(page: Page, words: JourneyWords, more: () => Promise<void> = async () => {}) {
  await tabTo(page, page.getByLabel(words.who));
  await page.keyboard.type(words.whoAnswer);
  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  for (const choice of words.choices) {
    const box = page.getByRole('checkbox', { name: choice, exact: true });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
  }
  await more();
  await tabTo(page, page.getByRole('button', { name: words.createAccount }));
  await page.keyboard.press('Enter');
  await waitForPath(page, '/dashboard');
  await page.getByTestId('dashboard-greeting').waitFor();
  await expectNamedControls(page, '/dashboard');
}

/** Post: a confirmation dialog takes the focus; Enter on 'Publish now'; the toast is in the live region. */
async function publishWithKeys(page: Page, words: JourneyWords) {
  await tabTo(page, page.getByTestId('composer-post'));
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('publish-confirm');
  await confirm.waitFor();
  expect(await confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await tabTo(page, page.getByTestId('publish-confirm-post'));
  await page.keyboard.press('Enter');
  await page
    .locator('[aria-live="polite"] [data-sonner-toast]')
    .filter({ hasText: words.published })
    .waitFor({ timeout: 30_000 });
}

const ENGLISH: JourneyWords = {
  email: 'Email address',
  login: 'Email or phone',
  password: 'Password',
  who: 'Who are you?',
  whoAnswer: 'Founder',
  choices: ['Grow network', 'Leadership', 'Simple language'],
  createAccount: 'Continue',
  published: 'Post published successfully',
};

const ARABIC: JourneyWords = {
  email: 'البريد الإلكتروني',
  login: 'البريد الإلكتروني أو رقم الهاتف',
  password: 'كلمة المرور',
  who: 'من أنت؟',
  whoAnswer: 'مديرة تسويق',
  choices: ['توسيع شبكة علاقاتك', 'القيادة', 'لغة بسيطة'],
  createAccount: 'متابعة',
  published: 'تم نشر المنشور بنجاح',
};

describe('keyboard only', () => {
  it('signs up, connects, personalizes, writes with AI and publishes with the keyboard alone', {
    timeout: 240_000,
  }, async () => {
    const address = `keys-${randomUUID().slice(0, 8)}@example.test`;
    answerWith('Remote work taught me that clear writing is the real office. Three habits that help.');
    const context = await newContext(browser, { lang: 'en', viewport: 'desktop' });
    const page = await context.newPage();
    try {
      await signUpWithKeys(page, address, ENGLISH);
      await connectWithKeys(page, address, ENGLISH);
      await personalizeWithKeys(page, ENGLISH);

      // The composer from the sidebar; the AI writes from a topic.
      await tabTo(page, page.getByTestId('sidebar').getByRole('link', { name: 'Generate Post' }));
      await page.keyboard.press('Enter');
      await waitForPath(page, '/generate-post');
      const text = page.getByTestId('composer-text');
      await tabTo(page, text);
      await page.keyboard.type('Remote work');
      await expectNamedControls(page, '/generate-post');
      await tabTo(page, page.getByTestId('write-with-ai'));
      await page.keyboard.press('Enter');
      // Screen readers hear that the draft is being written and when it is done, not each word.
      const status = page.getByTestId('draft-status');
      expect(await status.getAttribute('role')).toBe('status');
      await status.getByText('Generating...', { exact: true }).waitFor();
      expect(await text.getAttribute('aria-busy')).toBe('true');
      await status.getByText('AI draft', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await text.getAttribute('aria-busy')).toBe('false');
      const draft = await text.inputValue();
      expect(draft).toContain('Remote work');

      await publishWithKeys(page, ENGLISH);

      // A dialog opened from the keyboard closes with Escape and gives the focus back to its opener.
      await tabTo(page, page.getByTestId('sidebar').getByRole('link', { name: 'My Posts' }));
      await page.keyboard.press('Enter');
      await waitForPath(page, '/posts');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNamedControls(page, '/posts');
      const opener = page.getByTestId('sidebar-schedule');
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('schedule-dialog');
      await dialog.waitFor();
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await expectNamedControls(page, 'the schedule dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(opener)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('keyboard only, in Arabic on a phone', () => {
  it('signs up, asks for Gulf Arabic, writes with AI, publishes and turns the Hijri date on', {
    timeout: 240_000,
  }, async () => {
    const address = `mafatih-${randomUUID().slice(0, 8)}@example.test`;
    const gulfDraft = 'الشغل عن بعد علّمني إن الكتابة الواضحة هي المكتب الحقيقي. ثلاث عادات تساعدك.';
    answerWith(gulfDraft);
    const asked = writer.requests.length;
    const context = await newContext(browser, { lang: 'ar', viewport: 'phone' });
    const page = await context.newPage();
    try {
      await signUpWithKeys(page, address, ARABIC);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await connectWithKeys(page, address, ARABIC);
      // Gulf Arabic chosen in the list with the arrow keys.
      await personalizeWithKeys(page, ARABIC, async () => {
        const variety = page.getByLabel('العربية التي تكتب بها');
        await tabTo(page, variety);
        for (let presses = 0; presses < 5 && (await variety.inputValue()) !== 'gulf'; presses++) {
          await page.keyboard.press('ArrowDown');
        }
        expect(await variety.inputValue()).toBe('gulf');
      });

      // On a phone the sidebar is a drawer behind the menu button.
      const goTo = async (name: string, path: string) => {
        await tabTo(page, page.getByRole('button', { name: 'فتح القائمة' }));
        await page.keyboard.press('Enter');
        const drawer = page.getByTestId('mobile-drawer');
        await drawer.waitFor();
        await tabTo(page, drawer.getByRole('link', { name, exact: true }));
        await page.keyboard.press('Enter');
        await waitForPath(page, path);
      };
      await goTo('إنشاء منشور', '/generate-post');
      const text = page.getByTestId('composer-text');
      await tabTo(page, text);
      await page.keyboard.type('العمل عن بعد');
      await expectNamedControls(page, '/generate-post');
      await tabTo(page, page.getByTestId('write-with-ai'));
      await page.keyboard.press('Enter');
      const status = page.getByTestId('draft-status');
      await status.getByText('مسودة الذكاء الاصطناعي', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await text.inputValue()).toBe(gulfDraft);
      // What the AI endpoint was asked: the whole post in Gulf Arabic.
      const request = writer.requests.slice(asked).find((recorded) => recorded.path.endsWith('/chat/completions'));
      const system = request?.body.messages.find((message) => message.role === 'system')?.content ?? '';
      expect(system).toContain('Gulf Arabic (الخليجية)');

      await publishWithKeys(page, ARABIC);

      // The Hijri date, turned on in the settings with Space, shows on the calendar.
      await goTo('التخصيص', '/personalization');
      const hijri = page.getByTestId('display-hijri');
      await tabTo(page, hijri);
      await page.keyboard.press('Space');
      await expect.poll(() => hijri.isChecked(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => hijri.isEnabled(), { timeout: 15_000 }).toBe(true);
      await goTo('منشوراتي', '/posts');
      const hijriMonth = page.getByTestId('posts-calendar').getByTestId('calendar-hijri-month');
      await hijriMonth.waitFor({ timeout: 30_000 });
      expect(await hijriMonth.textContent()).toContain('هـ');
    } finally {
      await context.close();
    }
  });
});

describe('the desktop sidebar', () => {
  it('runs the whole height of a long page and keeps its content in view', async () => {
    const user = await fullUser(stack, 'tall');
    const context = await newContext(browser, {
      lang: 'ar',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.url}/personalization`);
      await page.getByTestId('personalization-form').waitFor();
      // Measure the app's page, not the gateway's inert screen before the app takes it over; web
      // fonts change line heights as well.
      await waitUntilLive(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const windowHeight = await page.evaluate(() => window.innerHeight);
      const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
      expect(await pageHeight(), 'the page must be longer than the window for this check').toBeGreaterThan(
        windowHeight + 200,
      );

      // The panel's background and edge reach the end of the page, not the first window's height.
      // Each try scrolls to the end and reads the sidebar in the same task, so a page that grows
      // (its sections loading, the account's history coming in) cannot come between the two.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const end = document.documentElement.scrollHeight;
            window.scrollTo(0, end);
            const sidebar = document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect();
            return {
              atEnd: Math.round(window.scrollY + window.innerHeight) === end,
              bottom: Math.round(sidebar.bottom) === window.innerHeight,
              height: Math.round(sidebar.height) === end,
            };
          }),
        )
        .toEqual({ atEnd: true, bottom: true, height: true });
      const panel = await page.getByTestId('sidebar-panel').boundingBox();
      // Its content stays in view at the top of the window, Log out included.
      expect(Math.round(panel?.y ?? -1)).toBe(0);
      expect(await page.getByTestId('sidebar').getByRole('button', { name: 'تسجيل الخروج' }).isVisible()).toBe(true);
      const logout = await page.getByTestId('sidebar').getByRole('button', { name: 'تسجيل الخروج' }).boundingBox();
      expect((logout?.y ?? Number.POSITIVE_INFINITY) + (logout?.height ?? 0)).toBeLessThanOrEqual(windowHeight);
    } finally {
      await context.close();
    }
  });
});
