/**
 * The post composer in a real browser against the whole stack (auth, linkedin with the sandbox
 * network, posts, content, ai with the offline writer, and their workers): write with AI and
 * watch the words arrive, adjust, page between versions, personalize, post now and schedule,
 * in Arabic and English, on a phone and a desktop (spec sections 2, 3, 4, 6 and 8; issue 6).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { callAs, personalize, signedInUser } from './support/full-user';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';
import type { TestSession } from './support/session';
import { until } from './support/until';

let stack: Stack;
let browser: Browser;

// Slow enough that a draft takes several seconds to arrive, so the test can watch it being written
// and a Stop pressed at once lands while the service is still writing, even on a busy machine (a
// draft the service finished before the Stop reached it is rightly paid for).
const OFFLINE_WRITER = { AI_PROVIDER: 'offline', AI_OFFLINE_TOKEN_DELAY_MS: '120' };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: true,
      env: { ai: OFFLINE_WRITER, 'ai-worker': OFFLINE_WRITER },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Writer {
  session: TestSession;
  // biome-ignore lint/suspicious/noExplicitAny: answers of several APIs, each read field by field in the checks.
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  name: string;
  accountID: string;
}

/**
 * A full user as the product makes one: an account row and a session (as a magic link would),
 * a network account connected through the linkedin API (the sandbox connects any other address at
 * once) and a saved personalization. Both services learn about it from events, which take a moment.
 */
async function fullUser(language: 'Arabic' | 'English'): Promise<Writer> {
  const user = await signedInUser(stack, 'writer');
  const { email, session } = user;
  const call: Writer['call'] = (method, path, body) => callAs(stack, user, method, path, body);

  const connected = await call('POST', '/api/v1/linkedin/accounts', { username: email, password: 'sandbox-secret' });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  await personalize(stack, user, language, language === 'Arabic' ? 'مديرة منتجات' : 'Product lead');
  await until(
    `the connected account of ${email}`,
    () => call('GET', '/api/v1/auth/me'),
    (me) => me.body?.data?.user?.linkedinConnected === true,
    { logs: () => stack.output('auth-worker') },
  );
  await until(
    'the personalization reaching the ai service',
    () => call('GET', '/api/v1/ai/choices'),
    (choices) => choices.body?.data?.source === 'personalization',
    { logs: () => stack.output('ai-worker') },
  );

  const info = await call('POST', '/linkedln/getUserInfo', { data: undefined });
  expect(info.status).toBe(200);
  const profile = await call('POST', '/linkedln/getUserProfile', { data: info.body.data });
  expect(profile.status).toBe(200);
  const name = `${profile.body.data.first_name} ${profile.body.data.last_name}`.trim();
  return { session, call, name, accountID: info.body.data.accountID };
}

async function openAs(writer: Writer, path: string, lang: Language, viewport: ViewportName): Promise<Page> {
  return openPage(browser, `${stack.url}${path}`, { lang, viewport, cookies: [writer.session.browserCookie] });
}

const ARABIC_LETTERS = /[\u0600-\u06FF]/g;
const arabicShare = (text: string) => (text.match(ARABIC_LETTERS)?.length ?? 0) / text.replace(/\s/g, '').length;

/**
 * Records, inside the page, every distinct text the draft box shows while the service streams
 * (checked every few milliseconds there, so a short answer's few words are all seen however slow
 * the test's own round trips are). Start it before the click that streams; `samples` waits for
 * the end of the stream and returns them: words arriving one after another, not one final answer.
 */
async function recordStream(text: Locator) {
  await text.evaluate((element) => {
    const area = element as HTMLTextAreaElement;
    const seen: string[] = [];
    const timer = window.setInterval(() => {
      if (area.dataset.streaming === 'true' && area.value && seen.at(-1) !== area.value) seen.push(area.value);
    }, 5);
    Object.assign(window, { streamSamples: seen, stopStreamSamples: () => window.clearInterval(timer) });
  });
  const read = () =>
    text.evaluate((element) => ({
      streaming: (element as HTMLTextAreaElement).dataset.streaming === 'true',
      seen: [...(window as unknown as { streamSamples: string[] }).streamSamples],
    }));
  return {
    samples: async (onFirst?: () => Promise<unknown>): Promise<string[]> => {
      let side: Promise<unknown> | undefined;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const { streaming, seen } = await read();
        // Not awaited here: recording goes on while, say, a screenshot is taken.
        if (seen.length > 0 && onFirst && !side) side = onFirst();
        if (!streaming && seen.length > 0) {
          await side;
          await text.evaluate(() => (window as unknown as { stopStreamSamples: () => void }).stopStreamSamples());
          return seen;
        }
        await sleep(50);
      }
      throw new Error(`the draft did not finish streaming; seen ${(await read()).seen.length} samples`);
    },
  };
}

function expectGrowingText(samples: string[], final: string) {
  expect(samples.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < samples.length; i++) {
    expect(samples[i]!.length).toBeGreaterThan(samples[i - 1]!.length);
    expect(samples[i]!.startsWith(samples[i - 1]!)).toBe(true);
  }
  expect(final.startsWith(samples.at(-1)!)).toBe(true);
  expect(final.length).toBeGreaterThan(samples[0]!.length);
}

/** Waits for a toast with this text; a timeout says which toasts were shown instead. */
async function toastSaying(page: Page, text: string, timeout = 20_000) {
  const shown = new Set<string>();
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    // Toasts close after 5 s: keep what each one said.
    for (const toast of await page.locator('[data-sonner-toast]').allTextContents()) shown.add(toast);
    if ([...shown].some((toast) => toast.includes(text))) return;
    await sleep(100);
  }
  throw new Error(`no toast "${text}"; shown: ${JSON.stringify([...shown])}`);
}

const position = (scope: Locator) => scope.getByTestId('version-position');

async function waitForPosition(scope: Locator, expected: string) {
  await until(
    `the pager to read "${expected}"`,
    () => position(scope).textContent(),
    (text) => text === expected,
  );
}

/** Everything a composer session of the test needs, in the interface's words. */
const WORDS = {
  ar: {
    placeholder: 'شارك أفكارك',
    public: 'عام',
    generating: 'جارٍ الإنشاء…',
    write: 'اكتب بالذكاء الاصطناعي',
    of: (n: number, m: number) => `${n} من ${m}`,
    offline: 'الكاتب المدمج',
    posted: 'تم نشر المنشور بنجاح',
    postError: 'حدث خطأ أثناء النشر على لينكدإن',
    scheduled: 'تمت جدولة المنشور بنجاح',
  },
  en: {
    placeholder: 'Share your thoughts',
    public: 'Public',
    generating: 'Generating...',
    write: 'Write with AI',
    of: (n: number, m: number) => `${n} of ${m}`,
    offline: 'Offline writer',
    posted: 'Post published successfully',
    postError: 'Error posting to LinkedIn',
    scheduled: 'Post scheduled successfully',
  },
} as const;

/** Write with AI from a topic, watching the stream; returns the first draft. */
async function writeWithAi(composer: Locator, lang: Language, topic: string, shot?: string): Promise<string> {
  const words = WORDS[lang];
  const text = composer.getByTestId('composer-text');
  expect(await text.getAttribute('placeholder')).toBe(words.placeholder);
  await text.fill(topic);
  expect(await composer.getByTestId('char-counter').locator('bdi').textContent()).toBe(`${topic.length} / 3,000`);
  const recording = await recordStream(text);
  await composer.getByTestId('write-with-ai').click();
  // The button says so while the words arrive.
  await composer.getByTestId('write-with-ai').getByText(words.generating, { exact: true }).waitFor();
  const samples = await recording.samples(async () => {
    if (shot) await screenshot(composer.page(), shot, { fullPage: false });
  });
  await waitForPosition(composer, words.of(1, 1));
  expect(await composer.getByTestId('write-with-ai').count()).toBe(0);
  const draft = await text.inputValue();
  expectGrowingText(samples, draft);
  expect(draft).toContain(topic);
  expect(await text.isEditable()).toBe(true);
  expect(await composer.getByTestId('offline-badge').textContent()).toContain(words.offline);
  return draft;
}

/** Shorter, then the pager back and forth between the two versions. */
async function shortenAndPage(page: Page, composer: Locator, lang: Language, first: string): Promise<string> {
  const words = WORDS[lang];
  const text = composer.getByTestId('composer-text');
  const recording = await recordStream(text);
  await composer.getByTestId('adjust-shorter').click();
  const samples = await recording.samples();
  await waitForPosition(composer, words.of(2, 2));
  const shorter = await text.inputValue();
  expectGrowingText(samples, shorter);
  expect(shorter.length).toBeLessThan(first.length);

  await composer.getByTestId('version-previous').click();
  await waitForPosition(composer, words.of(1, 2));
  expect(await text.inputValue()).toBe(first);
  await composer.getByTestId('version-next').click();
  await waitForPosition(composer, words.of(2, 2));
  expect(await text.inputValue()).toBe(shorter);

  // The keyboard follows the reading direction: in Arabic, the right arrow goes back.
  await composer.getByTestId('version-previous').focus();
  await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
  await waitForPosition(composer, words.of(1, 2));
  await page.keyboard.press('End');
  await waitForPosition(composer, words.of(2, 2));
  return shorter;
}

/** The network's posts of the account, as the sandbox answers them. */
async function networkPosts(writer: Writer): Promise<string[]> {
  const answer = await writer.call('POST', '/linkedln/getPosts', { data: { accountID: writer.accountID, limit: 50 } });
  expect(answer.status).toBe(200);
  return (answer.body.data.items as { text: string }[]).map((item) => item.text);
}

describe('the composer popup', () => {
  it('writes with AI in Arabic on a desktop, adjusts, pages between versions and posts', async () => {
    const writer = await fullUser('Arabic');
    const page = await openAs(writer, '/posts', 'ar', 'desktop');
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));

    await page.getByTestId('new-post').click();
    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();
    // The text has the focus; the profile gives the name and picture.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer-text');
    await until(
      'the network name',
      () => dialog.getByTestId('composer-author').textContent(),
      (name) => name === writer.name,
    );
    await dialog.getByTestId('composer-avatar').waitFor();
    await dialog.getByText(WORDS.ar.public, { exact: true }).waitFor();

    const topic = 'العمل عن بعد';
    const first = await writeWithAi(dialog, 'ar', topic, 'composer-ar-desktop-streaming');
    expect(arabicShare(first)).toBeGreaterThan(0.6);
    const shorter = await shortenAndPage(page, dialog, 'ar', first);

    // Two AI actions at 10 credits each, and the sidebar says so.
    const credits = await writer.call('GET', '/api/v1/ai/credits');
    expect(credits.body.data.remaining).toBe(80);
    await until(
      'the sidebar balance',
      () => page.getByTestId('credits-balance').textContent(),
      (text) => text?.includes('نقاط GPT-4o المتبقية: 80 من 100') ?? false,
    );
    await screenshot(page, 'composer-ar-desktop', { fullPage: false });

    // Post asks once where it goes, then publishes now; the popup closes on success.
    await dialog.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();
    await toastSaying(page, WORDS.ar.posted);
    await dialog.waitFor({ state: 'detached' });
    expect(await networkPosts(writer)).toContain(shorter);

    // Every request of the browser went to the product itself, never to an AI provider.
    expect([...origins].filter((origin) => origin !== stack.url && origin !== 'null')).toEqual([]);
    await page.context().close();
  });

  it('personalizes the next draft in English, then saves, reverts and closes with Escape', async () => {
    const writer = await fullUser('English');
    const page = await openAs(writer, '/profile', 'en', 'desktop');
    await page.getByTestId('quick-actions').getByRole('button', { name: 'Generate Post' }).click();
    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();

    await dialog.getByTestId('composer-personalize').click();
    const popup = page.getByTestId('personalize-dialog');
    await popup.waitFor();
    await popup.getByText('Based on your personalization').waitFor();
    const box = (name: string) => popup.getByRole('checkbox', { name, exact: true });
    const radio = (name: string) => popup.getByRole('radio', { name, exact: true });
    expect(await box('Leadership').isChecked()).toBe(true);
    expect(await box('Grow network').isChecked()).toBe(true);
    expect(await radio('Daily').isChecked()).toBe(true);
    await screenshot(page, 'composer-personalize-en-desktop', { fullPage: false });

    // Chosen here, used by the next draft of this composer, saved nowhere.
    await popup.getByText('Innovation', { exact: true }).click();
    await popup.getByText('Leadership', { exact: true }).click();
    await popup.getByTestId('personalize-close').click();
    await popup.waitFor({ state: 'detached' });
    expect((await writer.call('GET', '/api/v1/ai/choices')).body.data.source).toBe('personalization');
    const draft = await writeWithAi(dialog, 'en', 'Onboarding remote engineers');
    expect(draft).toContain('#Innovation');
    expect(draft).not.toContain('#Leadership');

    // Revert puts back what is stored; Save Changes keeps new choices for the user.
    await dialog.getByTestId('composer-personalize').click();
    await popup.waitFor();
    expect(await box('Innovation').isChecked()).toBe(true);
    await popup.getByTestId('personalize-revert').click();
    expect(await box('Innovation').isChecked()).toBe(false);
    expect(await box('Leadership').isChecked()).toBe(true);
    await popup.getByText('Bold', { exact: true }).click();
    await popup.getByText('Weekly', { exact: true }).click();
    await popup.getByTestId('personalize-save').click();
    await toastSaying(page, 'Your choices are saved for your next posts.');
    await popup.waitFor({ state: 'detached' });
    const saved = (await writer.call('GET', '/api/v1/ai/choices')).body.data;
    expect(saved.source).toBe('saved');
    expect(saved.choices.tones).toEqual(['Professional', 'Bold']);
    expect(saved.choices.postFrequency).toBe('Weekly');
    expect(saved.choices.interests).toEqual(['Leadership']);

    // Escape closes the popup and ends the session.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('keeps the popup open with the reason when posting fails, and explains AI failures (Arabic, phone)', async () => {
    const writer = await fullUser('Arabic');
    const page = await openAs(writer, '/posts', 'ar', 'phone');
    await page.getByTestId('new-post').click();
    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();
    const text = dialog.getByTestId('composer-text');

    // Stop: the stream ends at once, the button comes back and the service refunds the credits.
    const before = (await writer.call('GET', '/api/v1/ai/credits')).body.data.remaining;
    await text.fill('القيادة في الأزمات');
    await dialog.getByTestId('write-with-ai').click();
    // Stopped at once, while the service is still writing (a draft takes seconds at this pace).
    await dialog.getByTestId('composer-stop').click();
    await dialog.getByTestId('write-with-ai').getByText(WORDS.ar.write, { exact: true }).waitFor();
    expect(await text.inputValue()).toBe('القيادة في الأزمات');
    expect(await dialog.getByTestId('composer-error').count()).toBe(0);
    await until(
      'the refund of a stopped generation',
      async () => (await writer.call('GET', '/api/v1/ai/credits')).body.data.remaining,
      (remaining) => remaining === before,
      { logs: () => [stack.output('ai'), stack.output('gateway')].join('\n') },
    );

    // A failed generation says why, inline and as a toast, and never stays on 'Generating...'.
    await page.route('**/api/v1/ai/generate', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `event: meta\ndata: {"model":"gpt-4o","offline":false,"kind":"generate","language":"Arabic","credits":{"remaining":90,"premium":true}}\n\nevent: token\ndata: {"text":"كلمة "}\n\nevent: error\ndata: {"success":false,"code":"ai.rate_limited","message":"The AI provider is receiving too many requests right now. Please try again in a minute."}\n\n`,
      }),
    );
    await dialog.getByTestId('write-with-ai').click();
    const error = dialog.getByTestId('composer-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('يتلقى الذكاء الاصطناعي طلبات كثيرة الآن');
    await dialog.getByTestId('write-with-ai').getByText(WORDS.ar.write, { exact: true }).waitFor();
    await page.unroute('**/api/v1/ai/generate');

    const first = await writeWithAi(dialog, 'ar', 'القيادة في الأزمات');
    await screenshot(page, 'composer-ar-phone', { fullPage: false });

    // The network refuses: the popup stays, with the spec's message and the network's reason,
    // translated by its code (never the network's English words).
    const reason = 'LinkedIn rejected the post: duplicate content';
    await page.route('**/linkedln/createPost', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'post.publish_failed',
          message: reason,
          params: { reason, reasonCode: 'linkedin.rejected' },
        }),
      }),
    );
    await dialog.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();
    await toastSaying(page, WORDS.ar.postError);
    const postError = dialog.getByTestId('post-error');
    await postError.waitFor();
    expect(await postError.textContent()).toContain('رفض لينكدإن هذا الطلب.');
    expect(await postError.textContent()).not.toContain(reason);
    expect(await dialog.isVisible()).toBe(true);
    expect(await text.inputValue()).toBe(first);
    await page.unroute('**/linkedln/createPost');

    // The server cannot be reached at all: said in Arabic too, and the draft stays.
    await page.route('**/linkedln/createPost', (route) => route.abort('connectionrefused'));
    await dialog.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();
    await expect
      .poll(() => dialog.getByTestId('post-error').textContent())
      .toContain('تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.');
    expect(await text.inputValue()).toBe(first);
    await page.unroute('**/linkedln/createPost');

    // The Personalize popup in Arabic on a phone.
    await dialog.getByTestId('composer-personalize').click();
    await page.getByTestId('personalize-dialog').waitFor();
    await screenshot(page, 'composer-personalize-ar-phone', { fullPage: false });
    await page.context().close();
  });
});

describe('the /generate-post page', () => {
  it('writes, adjusts and schedules in English on a phone', async () => {
    const writer = await fullUser('English');
    const page = await openAs(writer, '/generate-post', 'en', 'phone');
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await until(
      'the network name',
      () => composer.getByTestId('composer-author').textContent(),
      (name) => name === writer.name,
    );
    const first = await writeWithAi(composer, 'en', 'Mentoring junior engineers');
    expect(arabicShare(first)).toBe(0);
    const shorter = await shortenAndPage(page, composer, 'en', first);
    await screenshot(page, 'composer-en-phone');

    // Schedule for later opens the schedule popup with the current text.
    await composer.getByTestId('composer-schedule').click();
    const schedule = page.getByTestId('schedule-dialog');
    await schedule.waitFor();
    expect(await schedule.getByLabel('Post content').inputValue()).toBe(shorter);
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await pickScheduleDate(schedule, date);
    await pickScheduleTime(schedule, '10:30');
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toastSaying(page, WORDS.en.scheduled);
    await schedule.waitFor({ state: 'detached' });

    const listed = await writer.call('GET', `/linkedln/getScheduledPosts/${writer.session.identity.userId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ content: shorter, date, time: '10:30 AM', status: 'scheduled' }),
    ]);
    // The page starts a new post.
    expect(await composer.getByTestId('composer-text').inputValue()).toBe('');
    await composer.getByTestId('write-with-ai').waitFor();
    await page.context().close();
  });

  it('shows the English composer inline on a desktop, with the real credits in the sidebar', async () => {
    const writer = await fullUser('English');
    const page = await openAs(writer, '/generate-post', 'en', 'desktop');
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await until(
      'the sidebar balance',
      () => page.getByTestId('credits-balance').textContent(),
      (text) => text?.includes('100 / 100') ?? false,
    );
    // The counter warns past 1,000 characters and refuses past 3,000.
    const text = composer.getByTestId('composer-text');
    await text.fill('a'.repeat(1200));
    expect(await composer.getByTestId('char-counter').getAttribute('data-state')).toBe('over');
    expect(await composer.getByTestId('length-warning').textContent()).toContain('LinkedIn accepts up to 3,000');
    expect(await composer.getByTestId('composer-post').isEnabled()).toBe(true);
    await text.fill('a'.repeat(3001));
    expect(await composer.getByTestId('char-counter').getAttribute('data-state')).toBe('tooLong');
    expect(await composer.getByTestId('composer-post').isEnabled()).toBe(false);

    // A direction override could make 'exe.jpg' read as something else: said at once, never sent.
    await text.fill('Our invoice\u202Egpj.exe is attached');
    const problem = composer.getByTestId('text-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('reverses the direction of writing');
    // The text box is invalid and points at the line, so a screen reader says why with the box.
    expect(await text.getAttribute('aria-invalid')).toBe('true');
    expect((await text.getAttribute('aria-describedby'))?.split(' ')).toContain(await problem.getAttribute('id'));
    expect(await composer.getByTestId('composer-post').isEnabled()).toBe(false);
    expect(await composer.getByTestId('composer-schedule').isEnabled()).toBe(false);
    expect(await composer.getByTestId('write-with-ai').isEnabled()).toBe(false);
    // The marks Arabic writing needs, and the isolates, are fine.
    await text.fill('\u200Fتقرير \u2066report.pdf\u2069 جاهز');
    await problem.waitFor({ state: 'detached' });
    expect(await text.getAttribute('aria-invalid')).toBeNull();
    expect(await composer.getByTestId('composer-post').isEnabled()).toBe(true);

    await text.fill('');
    await writeWithAi(composer, 'en', 'Why small teams ship faster', 'composer-en-desktop-streaming');
    await until(
      'the sidebar balance after a draft',
      () => page.getByTestId('credits-balance').textContent(),
      (value) => value?.includes('90 / 100') ?? false,
    );
    await screenshot(page, 'composer-en-desktop', { fullPage: false });
    await page.context().close();
  });
});

describe('the built web app', () => {
  it('holds no AI key and no AI provider address', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(js|html|css|map|json)$/.test(name)) files.push(path);
      }
    };
    walk(join(import.meta.dirname, '..', 'web', 'dist'));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const content = readFileSync(file, 'utf8');
      expect(content, file).not.toMatch(/\bsk-[A-Za-z0-9_-]{16,}/);
      expect(content, file).not.toMatch(/OPENAI_API_KEY|OPENAI_BASE_URL|api\.openai\.com/);
    }
  });
});
