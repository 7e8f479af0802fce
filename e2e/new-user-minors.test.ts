/**
 * What a second new-user test tripped over, each in a real browser against the built stack:
 * a double click runs an action once and shows one outcome (Follow in Engage, Pay on the test
 * checkout); an action asked for offline fails at once in words, and an emptied composer says
 * nothing stale; a post too long to publish is still kept as a draft, and a draft too long to
 * keep says why; the composer's upload errors go with the post; the notification list closes
 * behind its link; deleting an account names the paid plan it cancels and says it was deleted;
 * a first-time user is welcomed, not welcomed back; the voice card asks a connected user only
 * for the button.
 */
import { MAX_DRAFT_LENGTH, MAX_POST_LENGTH } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page, Request } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage } from './support/browser';
import { callAs, fullUser, type StackUser, sandboxPostsWith } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai', 'billing', 'engage'],
      workers: ['auth', 'linkedin', 'posts', 'billing', 'engage', 'ai'],
      env: { ai: { AI_PROVIDER: 'offline' }, 'ai-worker': { AI_PROVIDER: 'offline' } },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const open = (user: StackUser, lang: Language, path: string) =>
  openPage(browser, `${stack.url}${path}`, { lang, cookies: [user.session.browserCookie] });

const toasts = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Requests to a path the page sends, and a wait until every one has been answered. */
function watch(page: Page, method: string, ending: string | RegExp) {
  const sent: Request[] = [];
  let answered = 0;
  const matches = (request: Request) =>
    request.method() === method &&
    (typeof ending === 'string' ? new URL(request.url()).pathname.endsWith(ending) : ending.test(request.url()));
  page.on('request', (request) => {
    if (matches(request)) sent.push(request);
  });
  const done = (request: Request) => {
    if (sent.includes(request)) answered += 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { sent, settled: () => expect.poll(() => answered === sent.length && sent.length > 0, POLL).toBe(true) };
}

/** A day some days ahead in the browser's calendar, as a date input writes it. */
const browserDay = (page: Page, offset: number): Promise<string> =>
  page.evaluate((days) => {
    const day = new Date();
    day.setDate(day.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, offset);

describe('a double click runs an action once (item 1)', () => {
  it('follows a creator once, without "you already follow this person"', async () => {
    const user = await fullUser(stack, 'double-follow');
    await startTrial(stack, user);
    const page = await open(user, 'en', '/engage');
    const follows = watch(page, 'POST', '/api/v1/engage/people');
    const follow = page.getByRole('button', { name: 'Follow Emma Carter' });
    await follow.dblclick();
    await page.getByTestId('engage-people').getByText('Emma Carter').waitFor();
    await follows.settled();
    expect(follows.sent).toHaveLength(1);
    // The creator reads as followed (no second Follow to press), and no refusal was shown.
    await page.getByTestId('engage-creators').getByText('Following').first().waitFor();
    expect(await follow.count()).toBe(0);
    expect(await toasts(page, 'already follow').count()).toBe(0);
    const targets = await callAs(stack, user, 'GET', '/api/v1/engage/targets');
    expect(targets.body.people.map((p: { name: string }) => p.name)).toEqual(['Emma Carter']);
    await page.context().close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`pays a test checkout once when Pay is double-clicked, and a paid checkout's page says so (${lang})`, async () => {
      const user = await fullUser(stack, `double-pay-${lang}`);
      await startTrial(stack, user);
      const checkout = await callAs(stack, user, 'POST', '/api/v1/billing/checkout', { planId: 'starter' });
      expect(checkout.status).toBe(200);
      const page = await open(user, lang, checkout.body.url);
      await page.getByRole('button', { name: /Pay \(test\)/ }).dblclick();
      // The page is a plain form: the second press sends it again and the browser drops the first
      // navigation for it (which waitForURL reports as aborted). Both end where the payment went.
      await expect.poll(() => page.url(), POLL).toMatch(/\/billing\?checkout=done/);
      await page.getByTestId('billing-status').waitFor();
      expect(await page.locator('body').textContent()).not.toContain('checkout_not_found');
      await expect
        .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/billing/me')).body.entitlement.plan, POLL)
        .toBe('starter');

      // The checkout's address again (the back button, a second tab): a page saying it is paid, in words.
      const again = await page.goto(`${stack.url}${checkout.body.url}`);
      expect(again?.headers()['content-type']).toContain('text/html');
      const paid = page.getByTestId('checkout-paid');
      await paid.waitFor();
      expect(await paid.textContent()).toContain(lang === 'ar' ? 'دُفع هذا الاشتراك' : 'This checkout is paid');
      await page.getByRole('link', { name: /Billing/ }).click();
      await page.waitForURL(/\/billing/);
      // Paying it once more changes nothing, and says so on the same page.
      const repeat = await fetch(`${stack.url}${checkout.body.url}/pay`, {
        method: 'POST',
        headers: {
          cookie: user.session.cookieHeader,
          origin: stack.url,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: '',
        redirect: 'manual',
      });
      expect(repeat.status).toBe(303);
      expect(repeat.headers.get('location')).toBe('/billing?checkout=done');
      await page.context().close();
    });
  }
});

describe('offline, and what the composer says (items 2 and 3)', () => {
  const WORDS = {
    en: {
      offline: 'Cannot reach the server. Check your connection and try again.',
      scheduleError: 'An error occurred while scheduling your post',
      kept: 'Kept on this device',
      tooLong: 'Too long: LinkedIn accepts at most 3,000 characters.',
      draftTooLong: `A draft can be at most 20,000 characters (this one has 20,001).`,
      publishNow: 'Publish now',
      schedule: 'Schedule',
    },
    ar: {
      offline: 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
      scheduleError: 'حدث خطأ أثناء جدولة منشورك',
      kept: 'محفوظ على هذا الجهاز',
      tooLong: 'المنشور طويل جدًا',
      draftTooLong: 'المسودة أطول مما يمكن حفظه: عدد أحرفها 20,001، والحد الأقصى 20,000.',
      publishNow: 'انشر الآن',
      schedule: 'جدولة',
    },
  } as const;

  for (const lang of ['en', 'ar'] as const) {
    it(`fails Post and Schedule at once offline, in words, and runs nothing when the network returns (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `offline-${lang}`);
      const page = await open(user, lang, '/generate-post');
      const composer = page.getByTestId('composer');
      const text = `Written offline ${Date.now()}`;
      await composer.getByRole('textbox').first().fill(text);
      await expect.poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), POLL).toBe('saved');
      await page.context().setOffline(true);

      const started = Date.now();
      await composer.getByTestId('composer-post').click();
      await page.getByTestId('publish-confirm-post').click();
      await page.getByTestId('post-error').getByText(W.offline).waitFor({ timeout: 5_000 });
      expect(Date.now() - started).toBeLessThan(5_000);
      // Not spinning: Post can be pressed again.
      expect(await composer.getByTestId('composer-post').isDisabled()).toBe(false);

      await composer.getByTestId('composer-schedule').click();
      const dialog = page.getByTestId('schedule-dialog');
      await pickScheduleDate(dialog, await browserDay(page, 2));
      await pickScheduleTime(dialog, '11:15');
      await dialog.getByRole('button', { name: W.schedule, exact: true }).click();
      const failed = toasts(page, W.scheduleError);
      await failed.waitFor({ timeout: 5_000 });
      expect(await failed.textContent()).toContain(W.offline);
      // Closed, with what was typed in it let go (the composer keeps its own text).
      await page.keyboard.press('Escape');
      await page.getByTestId('discard-confirm').click();
      await dialog.waitFor({ state: 'detached' });

      // Typing on offline: not saved, and it says why.
      await composer.getByRole('textbox').first().fill(`${text} and more`);
      await expect
        .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), POLL)
        .toBe('unsaved');
      expect(await composer.getByTestId('draft-save-reason').textContent()).toContain(W.kept);
      // Emptied, the composer has nothing left unsaved to speak of.
      await composer.getByRole('textbox').first().fill('');
      await composer.getByTestId('draft-save-state').waitFor({ state: 'detached' });

      // The network back: the next change is saved (the app is online again), and neither the post
      // nor the scheduling was left waiting to run meanwhile.
      await page.context().setOffline(false);
      await composer.getByRole('textbox').first().fill(`${text} once online`);
      await expect.poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), POLL).toBe('saved');
      const scheduled = await callAs(stack, user, 'GET', `/linkedln/getScheduledPosts/${user.userId}`);
      expect(scheduled.body.data.filter((p: { content: string }) => p.content.startsWith(text))).toEqual([]);
      expect(await sandboxPostsWith(stack, user, text)).toEqual([]);
      await page.context().close();
    });

    it(`keeps a post over 3,000 characters as a draft, refuses to publish it, and says why a longer one is not kept (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `long-draft-${lang}`);
      const page = await open(user, lang, '/generate-post');
      const composer = page.getByTestId('composer');
      const long = `Long ${'word '.repeat((MAX_POST_LENGTH + 500) / 5)}`.trim();
      await composer.getByRole('textbox').first().fill(long);
      await expect.poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), POLL).toBe('saved');
      const drafts = await callAs(stack, user, 'GET', '/api/v1/drafts');
      expect(drafts.body.data.map((d: { content: string }) => d.content)).toEqual([long]);
      // Too long to publish or schedule: said, and the buttons wait.
      expect(await composer.getByTestId('length-warning').textContent()).toContain(W.tooLong);
      expect(await composer.getByTestId('composer-post').isDisabled()).toBe(true);
      expect(await composer.getByTestId('composer-schedule').isDisabled()).toBe(true);

      await composer
        .getByRole('textbox')
        .first()
        .fill('x'.repeat(MAX_DRAFT_LENGTH + 1));
      await expect
        .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), POLL)
        .toBe('unsaved');
      expect(await composer.getByTestId('draft-save-reason').textContent()).toBe(W.draftTooLong);
      await page.context().close();
    });
  }
});

describe('the composer and the notification list leave nothing behind (item 4)', () => {
  it("drops the last post's upload errors when the composer starts a new post", async () => {
    const user = await fullUser(stack, 'upload-errors');
    const page = await open(user, 'en', '/generate-post');
    const composer = page.getByTestId('composer');
    await composer.getByRole('textbox').first().fill(`With a broken picture ${Date.now()}`);
    await composer
      .getByTestId('media-input')
      .setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') }]);
    await composer.getByTestId('media-error').waitFor();
    await composer.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();
    await toasts(page, 'Post published successfully').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => composer.getByRole('textbox').first().inputValue()).toBe('');
    expect(await composer.getByTestId('media-error').count()).toBe(0);
    await page.context().close();
  });

  it('closes the notification list once one of its links is followed', async () => {
    const user = await fullUser(stack, 'bell-link');
    const page = await open(user, 'en', '/dashboard');
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('notification-panel');
    await panel.waitFor();
    await panel.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL((url) => url.pathname === '/personalization');
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('deleting an account with a paid plan (item 4)', () => {
  it('names the plan cancelled at once before the button, and shows a signed-out page after', async () => {
    const user = await fullUser(stack, 'delete-paid');
    await startTrial(stack, user);
    await takeStarter(stack, user);
    const page = await open(user, 'en', '/personalization');
    const section = page.getByTestId('your-data');
    const notice = section.getByTestId('delete-subscription-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Your Starter subscription is cancelled at once when the account is deleted: it will not renew, nothing more is charged, and its payment records are deleted with the rest of your data.',
    );
    await section.getByTestId('delete-account').click();
    await section.getByTestId('delete-confirmation').fill(user.email);
    await section.getByTestId('delete-account-confirm').click();
    await page.waitForURL((url) => url.pathname === '/account-deleted');
    await page.getByRole('heading', { level: 1, name: 'Your account is deleted' }).waitFor();
    expect(await page.getByTestId('account-deleted-plan').textContent()).toBe(
      'Your Starter subscription was cancelled with it: nothing more will be charged.',
    );
    expect((await callAs(stack, user, 'GET', '/api/v1/auth/me')).status).toBe(401);
    await page.context().close();
  });
});

describe('words for a first-time user (item 5)', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`welcomes a new account, and welcomes back an older one (${lang})`, async () => {
      const user = await fullUser(stack, `greeting-new-${lang}`);
      const page = await open(user, lang, '/dashboard');
      const greeting = page.getByTestId('dashboard-greeting');
      await greeting.waitFor();
      const text = (await greeting.textContent()) ?? '';
      expect(text).toMatch(lang === 'en' ? /^Welcome, / : /^أهلًا بك، /);
      const sql = postgres(stack.databaseUrl, { max: 1 });
      try {
        await sql`update auth.users set created_at = now() - interval '3 days' where id = ${user.userId}`;
      } finally {
        await sql.end();
      }
      await page.reload();
      await greeting.waitFor();
      expect(await greeting.textContent()).toMatch(lang === 'en' ? /^Welcome back, / : /^أهلًا بعودتك، /);
      await page.context().close();
    });
  }

  it('asks a connected user only for the button on the voice card, and names tones and choices plainly', async () => {
    const user = await fullUser(stack, 'voice-connected');
    const page = await open(user, 'en', '/personalization');
    const missing = page.getByTestId('voice-missing');
    await missing.waitFor();
    const words = (await missing.textContent()) ?? '';
    expect(words).toContain("Choose 'Learn my voice'");
    expect(words).not.toContain('Connect your LinkedIn account');
    // The personalization form shows 'Humble' (stored as the spec's 'Ignorant') and sentence-case choices.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByText('Humble', { exact: true }).waitFor();
    expect(await page.getByText('Ignorant', { exact: true }).count()).toBe(0);
    await page.getByText('Grow network', { exact: true }).waitFor();
    await page.getByText('Simple language', { exact: true }).waitFor();
    await page.context().close();
  });
});
