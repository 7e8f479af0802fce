/**
 * What a first-time user tripped over (issue 28), each in a real browser in Arabic and English:
 * work is never lost without a word, one click does one thing, the length counters agree, and the sign-in edges (/login, the inbox
 * button, a sign-in made in another tab, the administrator's way to the admin area).
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import { sandboxProfile } from '@nashr/linkedin/sandbox-data';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, newContext, waitUntilLive } from './support/browser';
import { callEndpointAs, fullUser, type StackUser, signedInUser } from './support/full-user';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // No mail catcher: in production the inbox button names the address's own web mail.
  process.env.SMTP_URL ??= 'smtp://127.0.0.1:9';
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: true,
      env: { ai: { AI_PROVIDER: 'offline' }, 'ai-worker': { AI_PROVIDER: 'offline' } },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const LANGUAGES: Language[] = ['ar', 'en'];

const WORDS = {
  en: {
    signupTitle: 'Welcome to Nashr',
    schedulePost: 'Schedule Post',
    openGmail: 'Open Gmail',
    openOutlook: 'Open Outlook',
    adminArea: 'Open the admin area',
    deleteTitle: 'Delete this scheduled post?',
    confirmDelete: 'Delete',
    deleted: 'Scheduled post deleted',
    edit: 'Edit',
    saveChanges: 'Save changes',
    saved: 'Your preferences are saved.',
    schedule: 'Schedule',
    scheduled: 'Post scheduled successfully',
    discardTitle: 'Discard what you wrote?',
    keepEditing: 'Keep editing',
    discard: 'Discard',
    dashboard: 'Dashboard',
    creditRule:
      'Every AI action (a new draft, Shorter, Longer, More casual, More formal or Re-Write) uses 10 credits. Posting and scheduling are free.',
    adjustCost: 'Each adjustment, and Re-Write, uses 10 credits.',
    at1115: '11:15 AM',
    view: 'View',
    confirmTitle: 'Publish on LinkedIn now?',
    notYet: 'Not yet',
    publishNow: 'Publish now',
    posted: 'Post published successfully',
  },
  ar: {
    signupTitle: 'أهلًا بك في «نشر»',
    schedulePost: 'جدولة منشور',
    openGmail: 'فتح Gmail',
    openOutlook: 'فتح Outlook',
    adminArea: 'الانتقال إلى لوحة الإدارة',
    deleteTitle: 'حذف هذا المنشور المجدول؟',
    confirmDelete: 'حذف',
    deleted: 'تم حذف المنشور المجدول',
    edit: 'تعديل',
    saveChanges: 'حفظ التغييرات',
    saved: 'حُفظ تخصيصك.',
    schedule: 'جدولة',
    scheduled: 'تمت جدولة المنشور بنجاح',
    discardTitle: 'إلغاء ما كتبته؟',
    keepEditing: 'متابعة التعديل',
    discard: 'إلغاء التغييرات',
    dashboard: 'لوحة التحكم',
    creditRule:
      'تستهلك كل عملية بالذكاء الاصطناعي (مسودة جديدة، أو أقصر، أو أطول، أو أكثر عفوية، أو أكثر رسمية، أو إعادة الكتابة) 10 نقاط، أما النشر والجدولة فمجانيان.',
    adjustCost: 'يستهلك كل تعديل، وكذلك إعادة الكتابة، 10 نقاط.',
    at1115: '11:15 ص',
    view: 'عرض',
    confirmTitle: 'النشر على لينكدإن الآن؟',
    notYet: 'ليس الآن',
    publishNow: 'انشر الآن',
    posted: 'تم نشر المنشور بنجاح',
  },
} as const;

const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openAs(user: StackUser | null, lang: Language, path: string, viewport: 'desktop' | 'phone' = 'desktop') {
  const context = await newContext(browser, { lang, viewport, cookies: user ? [user.session.browserCookie] : [] });
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  // A screen the gateway rendered is inert until the app takes it over: text typed or a button
  // pressed before that is lost, and the test waits on a screen that never heard it.
  await waitUntilLive(page);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Requests to `path` (method and URL ending) the page sends, and how many have been answered. */
function watch(page: Page, method: string, ending: string) {
  const sent: Request[] = [];
  let answered = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.endsWith(ending)) sent.push(request);
  });
  page.on('requestfinished', (request) => {
    if (sent.includes(request)) answered += 1;
  });
  page.on('requestfailed', (request) => {
    if (sent.includes(request)) answered += 1;
  });
  return { sent, settled: () => expect.poll(() => answered === sent.length && sent.length > 0).toBe(true) };
}

/** A day some days ahead in the browser's calendar, as a date input writes it. */
function browserDay(page: Page, offset: number): Promise<string> {
  return page.evaluate((days) => {
    const day = new Date();
    day.setDate(day.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, offset);
}

async function scheduleByApi(user: StackUser, content: string) {
  const tomorrow = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
  const answer = await callEndpointAs(stack, user, API.posts.schedule, {
    body: {
      userId: user.userId,
      content,
      date: tomorrow,
      time: '10:30 AM',
      status: 'scheduled',
      timeZone: 'UTC',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

describe('work is never lost without a word (item 1)', () => {
  for (const lang of LANGUAGES) {
    it(`asks before Escape drops a typed post in the schedule dialog (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `escape-${lang}`);
      const page = await openAs(user, lang, '/posts');
      await page.getByRole('button', { name: W.schedulePost, exact: true }).click();
      const dialog = page.getByTestId('schedule-dialog');
      const text = dialog.locator('textarea[name="content"]');
      await text.fill('A post I do not want to lose');
      await page.keyboard.press('Escape');
      const question = page.getByRole('alertdialog', { name: W.discardTitle });
      await question.getByRole('button', { name: W.keepEditing }).click();
      await question.waitFor({ state: 'detached' });
      expect(await text.inputValue()).toBe('A post I do not want to lose');
      await page.keyboard.press('Escape');
      await question.getByRole('button', { name: W.discard, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      // Untouched, it simply closes.
      await page.getByRole('button', { name: W.schedulePost, exact: true }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await question.count()).toBe(0);
      await page.context().close();
    });

    it(`asks before leaving unsaved personalization edits (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `leave-${lang}`);
      const page = await openAs(user, lang, '/personalization');
      await page.getByRole('button', { name: W.edit, exact: true }).click();
      await page.locator('#settings-job-title').fill('Chief Storyteller');
      await page.getByTestId('sidebar').getByRole('link', { name: W.dashboard }).click();
      const question = page.getByRole('alertdialog', { name: W.discardTitle });
      await question.getByRole('button', { name: W.keepEditing }).click();
      expect(pathOf(page)).toBe('/personalization');
      expect(await page.locator('#settings-job-title').inputValue()).toBe('Chief Storyteller');
      await page.getByTestId('sidebar').getByRole('link', { name: W.dashboard }).click();
      await question.getByRole('button', { name: W.discard, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe('/dashboard');
      await page.context().close();
    });

    it(`keeps the onboarding answers across a reload (${lang})`, async () => {
      const user = await signedInUser(stack, `onboard-${lang}`);
      const page = await openAs(user, lang, '/personalize', 'phone');
      const jobTitle = page.locator('#onboarding-job-title');
      await jobTitle.fill('Head of Growth');
      await page.reload();
      await expect.poll(() => jobTitle.inputValue()).toBe('Head of Growth');
      await page.context().close();
    });

    it(`keeps an AI draft, paid for in credits, across a reload (${lang})`, async () => {
      const user = await fullUser(stack, `draft-${lang}`);
      const page = await openAs(user, lang, '/generate-post');
      const composer = page.getByTestId('composer');
      await composer.getByTestId('composer-text').fill('Why small teams ship faster');
      await composer.getByTestId('write-with-ai').click();
      await expect.poll(() => composer.getAttribute('data-mode'), { timeout: 30_000 }).toBe('draft');
      await expect.poll(() => composer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
      const draft = await composer.getByTestId('composer-text').inputValue();
      expect(draft.length).toBeGreaterThan(40);
      await page.reload();
      await expect.poll(() => page.getByTestId('composer').getByTestId('composer-text').inputValue()).toBe(draft);
      expect(await page.getByTestId('composer').getAttribute('data-mode')).toBe('draft');
      await page.context().close();
    });
  }
});

describe('one click, one action (item 2)', () => {
  for (const lang of LANGUAGES) {
    it(`deletes once and says so once when Delete is double-clicked (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `delete-${lang}`);
      const content = `Double-click test ${randomUUID().slice(0, 6)}`;
      const postId = await scheduleByApi(user, content);
      const page = await openAs(user, lang, '/posts');
      const deletes = watch(page, 'DELETE', `/api/v1/posts/${postId}`);
      await page.getByTestId('scheduled-post').filter({ hasText: content }).getByTestId('delete-post').click();
      const confirm = page.getByRole('alertdialog', { name: W.deleteTitle });
      await confirm.getByRole('button', { name: W.confirmDelete, exact: true }).dblclick();
      await toasts(page, W.deleted).first().waitFor();
      await deletes.settled();
      expect(deletes.sent).toHaveLength(1);
      expect(await toasts(page, W.deleted).count()).toBe(1);
      expect((await callEndpointAs(stack, user, API.posts.get, { params: { id: postId } })).body.data.status).toBe(
        'cancelled',
      );
      await page.context().close();
    });

    it(`saves personalization once when Save changes is double-clicked (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `save-${lang}`);
      const page = await openAs(user, lang, '/personalization');
      const saves = watch(page, 'PUT', '/api/v1/personalization');
      await page.getByRole('button', { name: W.edit, exact: true }).click();
      await page.locator('#settings-job-title').fill('Chief Storyteller');
      await page.getByRole('button', { name: W.saveChanges }).dblclick();
      await toasts(page, W.saved).first().waitFor();
      await saves.settled();
      expect(saves.sent).toHaveLength(1);
      expect(await toasts(page, W.saved).count()).toBe(1);
      await page.context().close();
    });

    it(`schedules one post, with an idempotency key, when Schedule is double-clicked (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `schedule-${lang}`);
      const page = await openAs(user, lang, '/posts');
      const schedules = watch(page, API.posts.schedule.method, API.posts.schedule.path);
      await page.getByRole('button', { name: W.schedulePost, exact: true }).click();
      const dialog = page.getByTestId('schedule-dialog');
      const content = `Scheduled once ${randomUUID().slice(0, 6)}`;
      await dialog.locator('textarea[name="content"]').fill(content);
      await pickScheduleDate(dialog, await browserDay(page, 2));
      await pickScheduleTime(dialog, '11:15');
      await dialog.getByRole('button', { name: W.schedule, exact: true }).dblclick();
      await toasts(page, W.scheduled).first().waitFor();
      await schedules.settled();
      expect(schedules.sent).toHaveLength(1);
      expect(schedules.sent[0]?.headers()['idempotency-key']).toMatch(/^[\w-]{8,}$/);
      const listed = await callEndpointAs(stack, user, API.posts.scheduled, { params: { id: user.userId } });
      expect(listed.body.data.filter((post: { content: string }) => post.content === content)).toHaveLength(1);
      await page.context().close();
    });
  }
});

describe('counters that agree (item 3)', () => {
  for (const lang of LANGUAGES) {
    it(`shows the network's 3,000 as the one limit in the composer and the schedule dialog (${lang})`, async () => {
      const user = await fullUser(stack, `count-${lang}`);
      const page = await openAs(user, lang, '/generate-post');
      const composer = page.getByTestId('composer');
      await composer.getByTestId('composer-text').fill(`  ${'a'.repeat(1500)}  `);
      const counter = (scope: Locator) => scope.getByTestId('char-counter').locator('bdi').textContent();
      expect(await counter(composer)).toBe('1,500 / 3,000');
      expect(await composer.getByTestId('char-counter').getAttribute('data-state')).toBe('over');
      // The recommended length is a marker on the bar, a third of the way along.
      const marker = await composer
        .getByTestId('length-marker')
        .evaluate((node) => (node as HTMLElement).style.cssText);
      expect(marker).toContain('33.3');
      await composer.getByTestId('composer-schedule').click();
      const dialog = page.getByTestId('schedule-dialog');
      expect(await counter(dialog)).toBe('1,500 / 3,000');
      await dialog.locator('textarea[name="content"]').fill('a'.repeat(3720));
      expect(await counter(dialog)).toBe('3,720 / 3,000');
      expect(await dialog.getByTestId('char-counter').getAttribute('data-state')).toBe('tooLong');
      await page.context().close();
    });
  }
});

describe('sign-in edges (item 5)', () => {
  for (const lang of LANGUAGES) {
    it(`sends /login to /signup (${lang})`, async () => {
      const page = await openAs(null, lang, '/login');
      await expect.poll(() => pathOf(page)).toBe('/signup');
      await page.getByRole('heading', { level: 1, name: WORDS[lang].signupTitle }).waitFor();
      await page.context().close();
    });

    it(`names the address's own web mail, or none (${lang})`, async () => {
      const W = WORDS[lang];
      const page = await openAs(null, lang, '/signup');
      const inboxFor = async (email: string) => {
        await page.evaluate((address) => localStorage.setItem('email', address), email);
        await page.goto(`${stack.url}/verify`);
        await page.getByTestId('verify-check-email').getByText(email).waitFor();
        return page.getByTestId('verify-check-email').getByRole('link');
      };
      const gmail = await inboxFor('sara@gmail.com');
      expect(await gmail.textContent()).toBe(W.openGmail);
      expect(await gmail.getAttribute('href')).toBe('https://mail.google.com');
      const outlook = await inboxFor('omar@hotmail.com');
      expect(await outlook.textContent()).toBe(W.openOutlook);
      expect(await (await inboxFor('nour@company.sa')).count()).toBe(0);
      await page.context().close();
    });

    it(`goes on by itself from the verified page, with no click (${lang})`, async () => {
      const user = await signedInUser(stack, `verified-${lang}`);
      const page = await openAs(user, lang, '/verify?status=verified', 'phone');
      await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/connect-linkedIn');
      const full = await fullUser(stack, `verified-full-${lang}`);
      const fullPage = await openAs(full, lang, '/verify?status=verified', 'phone');
      await expect.poll(() => pathOf(fullPage), { timeout: 10_000 }).toBe('/dashboard');
      await page.context().close();
      await fullPage.context().close();
    });

    it(`continues the waiting tab once the link signed in another tab (${lang})`, async () => {
      const context = await newContext(browser, { lang });
      const waiting = await context.newPage();
      const email = `wait-${lang}-${randomUUID().slice(0, 6)}@example.test`;
      await waiting.goto(`${stack.url}/signup`);
      await waiting.evaluate((address) => localStorage.setItem('email', address), email);
      await waiting.goto(`${stack.url}/verify`);
      await waiting.getByTestId('verify-check-email').waitFor();
      // The link, opened in a second tab, signs this browser in.
      const user = await signedInUser(stack, `wait-${lang}`, ['user'], email);
      await context.addCookies([user.session.browserCookie]);
      const other = await context.newPage();
      await other.goto(`${stack.url}/connect-linkedIn`);
      await other.getByTestId('connect-linkedin').waitFor();
      await expect.poll(() => pathOf(waiting), { timeout: 10_000 }).toBe('/connect-linkedIn');
      await context.close();
    });

    it(`gives an administrator a way to the admin area from the connect screen (${lang})`, async () => {
      const admin = await signedInUser(stack, `admin-${lang}`, ['user', 'admin']);
      const page = await openAs(admin, lang, '/connect-linkedIn', 'phone');
      await page.getByRole('link', { name: WORDS[lang].adminArea }).click();
      await expect.poll(() => pathOf(page)).toBe('/admin/dashboard');
      const member = await signedInUser(stack, `member-${lang}`);
      const memberPage = await openAs(member, lang, '/connect-linkedIn', 'phone');
      await memberPage.getByTestId('connect-linkedin').waitFor();
      expect(await memberPage.getByTestId('admin-area-link').count()).toBe(0);
      await page.context().close();
      await memberPage.context().close();
    });
  }
});

describe('credits, said plainly (item 7)', () => {
  for (const lang of LANGUAGES) {
    it(`says what costs what, the same way in the sidebar and the composer, before spending (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `credits-${lang}`);
      const page = await openAs(user, lang, '/generate-post');
      const rule = page.getByTestId('sidebar').getByTestId('credits-rule');
      await expect.poll(() => rule.textContent()).toContain(W.creditRule);
      const composer = page.getByTestId('composer');
      await expect.poll(() => composer.getByTestId('composer-hint').textContent()).toContain(W.creditRule);
      await composer.getByTestId('composer-text').fill('Why small teams ship faster');
      await composer.getByTestId('write-with-ai').click();
      await composer.getByTestId('draft-tools').waitFor();
      await expect.poll(() => composer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
      expect(await composer.getByTestId('adjust-cost').textContent()).toBe(W.adjustCost);
      await page.context().close();
    });
  }
});

/** True when a line of the element's text is cut by the box that clips it (partly shown, partly hidden). */
function cutsALine(text: Locator): Promise<boolean> {
  return text.evaluate((element) => {
    let clip: Element | null = element;
    while (clip && getComputedStyle(clip).overflow !== 'hidden') clip = clip.parentElement;
    if (!clip) return false;
    const box = clip.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    // Glyph boxes of tall fonts (Arabic) overhang their line a little; a cut line shows a real part of itself.
    return [...range.getClientRects()].some((line) => {
      const shown = (Math.min(line.bottom, box.bottom) - line.top) / line.height;
      return shown > 0.25 && shown < 0.75;
    });
  });
}

describe('layout and direction (item 6)', () => {
  for (const lang of LANGUAGES) {
    it(`lays published posts out in the interface's direction (${lang})`, async () => {
      const user = await fullUser(stack, `direction-${lang}`);
      const page = await openAs(user, lang, '/posts?tab=published');
      const card = page.getByTestId('published-post').first();
      await card.waitFor();
      const direction = await card.evaluate((element) => getComputedStyle(element).direction);
      expect(direction).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.context().close();
    });

    it(`shows a published post's date in reading order: day, month, year (${lang})`, async () => {
      const user = await fullUser(stack, `date-order-${lang}`);
      const page = await openAs(user, lang, '/posts?tab=published', 'phone');
      const when = page.getByTestId('published-post').first().locator('time');
      await when.waitFor();
      // Where the day number and the year are drawn: in Arabic the day is read first, at the right.
      const drawn = await when.evaluate((element) => {
        const posted = new Date(element.getAttribute('datetime') as string);
        const text = element.firstChild as Text;
        const content = text.textContent ?? '';
        const xOf = (part: string) => {
          const at = content.indexOf(part);
          if (at < 0) return null;
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + part.length);
          return range.getBoundingClientRect().left;
        };
        const digits = (n: number) => n.toLocaleString(document.documentElement.lang);
        return { content, day: xOf(digits(posted.getDate())), year: xOf(String(posted.getFullYear())) };
      });
      expect(drawn.day, drawn.content).not.toBeNull();
      expect(drawn.year, drawn.content).not.toBeNull();
      if (lang === 'ar') expect(drawn.day as number, drawn.content).toBeGreaterThan(drawn.year as number);
      else expect(drawn.day as number, drawn.content).toBeLessThan(drawn.year as number);
      await page.context().close();
    });

    it(`shows whole lines of the post in the delete confirmation (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `clip-${lang}`);
      const content = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of a post that runs long`).join('\n');
      await scheduleByApi(user, content);
      const page = await openAs(user, lang, '/posts', 'phone');
      await page.getByTestId('scheduled-post').first().getByTestId('delete-post').click();
      const confirm = page.getByRole('alertdialog', { name: W.deleteTitle });
      const text = confirm.getByText('Line 1 of a post', { exact: false });
      await text.waitFor();
      await page.screenshot({ path: `/tmp/first-use-delete-${lang}-phone.png` });
      expect(await cutsALine(text)).toBe(false);
      await page.context().close();
    });
  }
});

/** A post of many short sentences, some ending in '...': wherever a preview cuts it, a stop is near. */
const DOTTED_POST = Array.from({ length: 40 }, (_, i) =>
  i % 3 === 0 ? `We tried idea ${i + 1}...` : `Then we shipped step ${i + 1}.`,
).join(' ');

/**
 * A preview cut the way a reader expects: the text shown is the start of the post, cut between
 * words, ending in one ellipsis and no stop before it, and it fills its lines, no more.
 */
async function expectWordCut(preview: Locator, full: string, lines: number) {
  // The cut is measured again once the web fonts are in: wait for them, then for two frames.
  await preview.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const shown = (await preview.textContent()) ?? '';
  expect(shown.endsWith('…'), shown).toBe(true);
  expect(shown).not.toMatch(/[.…،,]…$/);
  expect(shown).not.toContain('....');
  const kept = shown.slice(0, -1);
  expect(full.startsWith(kept), shown).toBe(true);
  expect(full.slice(kept.length, kept.length + 1), shown).toMatch(/^[\s.]$/);
  const shownLines = await preview.evaluate(
    (element) => element.clientHeight / Number.parseFloat(getComputedStyle(element).lineHeight),
  );
  expect(Math.round(shownLines)).toBe(lines);
}

/** The sandbox person with the longest name: whichever address the network maps to them. */
function addressOfLongestName(lang: Language): string {
  for (let i = 0; i < 500; i++) {
    const email = `long-name-${lang}-${i}-${randomUUID().slice(0, 4)}@example.test`;
    if (sandboxProfile(email, 'x').first_name === 'Mohammed Abdulrahman') return email;
  }
  throw new Error('no address maps to the long sandbox name');
}

describe('previews and names (item 6)', () => {
  for (const lang of LANGUAGES) {
    it(`ends cut previews of a post in one ellipsis at a word's end, on cards and in the calendar (${lang})`, async () => {
      const user = await fullUser(stack, `preview-${lang}`);
      await scheduleByApi(user, DOTTED_POST);
      const page = await openAs(user, lang, '/posts', 'phone');
      const card = page.getByTestId('scheduled-post').first().getByTestId('post-content');
      await card.waitFor();
      await expectWordCut(card, DOTTED_POST, 6);

      const day = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
      await page.locator(`button[data-date="${day}"]`).first().click();
      const inCalendar = page.getByTestId('day-posts-dialog').getByTestId('day-post-text').first();
      await inCalendar.waitFor();
      await expectWordCut(inCalendar, DOTTED_POST, 4);
      await page.screenshot({ path: `/tmp/first-use-preview-${lang}-phone.png` });
      await page.context().close();
    });

    it(`keeps the name whole on one line in the phone dashboard's greeting (${lang})`, async () => {
      const user = await fullUser(stack, `greeting-${lang}`, addressOfLongestName(lang));
      const page = await openAs(user, lang, '/dashboard', 'phone');
      // The width of the phone the first-use walk was done on.
      await page.setViewportSize({ width: 390, height: 844 });
      const name = page.getByTestId('greeting-name');
      await name.waitFor();
      await page.screenshot({ path: `/tmp/first-use-greeting-${lang}-phone.png` });
      const layout = await name.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        const box = element.getBoundingClientRect();
        const heading = (element.closest('h1') as HTMLElement).getBoundingClientRect();
        return {
          lines: lines.size,
          text: element.textContent,
          title: element.getAttribute('title'),
          cut: element.scrollWidth > element.clientWidth,
          textOverflow: getComputedStyle(element).textOverflow,
          inside: box.left >= heading.left - 1 && box.right <= heading.right + 1 && box.right <= window.innerWidth,
        };
      });
      expect(layout.text).toBe('Mohammed Abdulrahman Al-Qahtani');
      expect(layout.lines).toBe(1);
      expect(layout.inside).toBe(true);
      // Longer than the line on a phone: the name ends in an ellipsis, and says itself in full on hover.
      expect(layout.cut).toBe(true);
      expect(layout.textOverflow).toBe('ellipsis');
      expect(layout.title).toBe('Mohammed Abdulrahman Al-Qahtani');
      await page.context().close();
    });
  }
});

describe('the calendar legend (item 6)', () => {
  for (const lang of LANGUAGES) {
    it(`marks a day with a published post the way the legend shows (${lang})`, async () => {
      const user = await fullUser(stack, `legend-${lang}`);
      const published = await callEndpointAs(stack, user, API.posts.publishNow, {
        body: {
          text: JSON.stringify(`Published today ${randomUUID().slice(0, 6)}`),
          visibility: 'PUBLIC',
        },
      });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      const page = await openAs(user, lang, '/posts');
      const today = page.locator(`button[data-date="${await browserDay(page, 0)}"]`);
      await expect.poll(() => today.getAttribute('data-mark'), { timeout: 10_000 }).toBe('published');
      const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
      // Waited for, not read once: the dot may still be changing colour when the mark lands.
      const legend = await colour(page.getByTestId('legend-published'));
      await expect.poll(() => colour(today.getByTestId('day-dot')), { timeout: 10_000 }).toBe(legend);
      await page.context().close();
    });
  }
});

describe('say what happened (item 4)', () => {
  for (const lang of LANGUAGES) {
    it(`says when a scheduled post goes out, links to it, and keeps toasts off the top bar (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `when-${lang}`);
      const page = await openAs(user, lang, '/generate-post');
      const composer = page.getByTestId('composer');
      await composer.getByTestId('composer-text').fill(`Scheduled from the composer ${randomUUID().slice(0, 6)}`);
      await composer.getByTestId('composer-schedule').click();
      const dialog = page.getByTestId('schedule-dialog');
      await pickScheduleDate(dialog, await browserDay(page, 3));
      await pickScheduleTime(dialog, '11:15');
      await dialog.getByRole('button', { name: W.schedule, exact: true }).click();
      const shown = toasts(page, W.scheduled);
      await shown.waitFor();
      expect(await shown.textContent()).toContain(W.at1115);
      // The toast sits below the top bar, at the end of the reading direction, clear of every control.
      const toastBox = await shown.boundingBox();
      const header = page
        .locator('header')
        .filter({ has: page.locator('button') })
        .first();
      const headerBox = await header.boundingBox();
      expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
      const viewport = page.viewportSize()?.width ?? 0;
      const atEnd = lang === 'ar' ? (toastBox?.x ?? 0) < viewport / 2 : (toastBox?.x ?? 0) > viewport / 2;
      expect(atEnd).toBe(true);
      await shown.getByRole('button', { name: W.view, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe('/posts');
      await page.context().close();
    });

    it(`asks once, saying where, before Post publishes (${lang})`, async () => {
      const W = WORDS[lang];
      const user = await fullUser(stack, `confirm-${lang}`);
      const page = await openAs(user, lang, '/generate-post');
      const posts = watch(page, 'POST', '/linkedln/createPost');
      const composer = page.getByTestId('composer');
      await composer.getByTestId('composer-text').fill(`Posted after a question ${randomUUID().slice(0, 6)}`);
      await composer.getByTestId('composer-post').click();
      const question = page.getByRole('alertdialog', { name: W.confirmTitle });
      await question.getByRole('button', { name: W.notYet }).click();
      await question.waitFor({ state: 'detached' });
      expect(posts.sent).toHaveLength(0);
      await composer.getByTestId('composer-post').click();
      await question.getByRole('button', { name: W.publishNow }).click();
      await toasts(page, W.posted).waitFor({ timeout: 20_000 });
      await posts.settled();
      expect(posts.sent).toHaveLength(1);
      await page.context().close();
    });
  }
});
