/**
 * Telling the user what happened to their posts, in a real browser against the real services and
 * workers, in Arabic and English: a post the sandbox network refuses raises the bell's count within
 * seconds (the same failure event delivered twice tells once), the list shows the reason and leads
 * to the post with its Retry, and the e-mail (in the reader's language and direction, with a
 * plain-text part) carries the translated reason and a Retry link that opens that post. Three
 * published posts make one digest; after unsubscribing from published posts none is mailed. A lost
 * connection tells ahead of time which scheduled post it would stop, with Reconnect. Credits running
 * low are told once, however many drafts follow. A refused payment refunded is told with why and
 * that the plan is unchanged, leading to Billing. A draft sent for review is told to the reviewer
 * with who sent it and its words, leading to its review page, in the bell and by e-mail.
 */
import { randomUUID } from 'node:crypto';
import {
  API,
  checkoutRefundedEvent,
  digestTickJob,
  draftReviewNoticeEvent,
  type Locale,
  QUEUES,
  reviewPagePath,
} from '@nashr/contracts';
import { createRedis, Queues } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, openPage, screenshot, waitUntilLive } from './support/browser';
import { callAs, callEndpointAs, fullUser as fullUserOf, type StackUser } from './support/full-user';
import { type CaughtMail, mailsTo as mailsToInbox } from './support/mail';
import { until } from './support/until';

let stack: Stack;
let browser: Browser;
/** The stack's queues, to deliver an event again and to stand in for the hourly digest clock. */
let queues: Queues;
let redis: ReturnType<typeof createRedis>;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'posts', 'ai'],
      helpers: ['mail'],
      env: { ai: { AI_OFFLINE_TOKEN_DELAY_MS: '0' } },
    }),
    launchBrowser(),
  ]);
  redis = createRedis(stack.redisUrl, 'worker');
  queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
});

afterAll(async () => {
  await queues?.close();
  redis?.disconnect();
  await browser?.close();
  await stack?.stop();
});

/** The waits fail with what the auth worker wrote by then. */
const authWorker = { logs: () => stack.output('auth-worker') };

async function withSql<T>(use: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await use(sql);
  } finally {
    await sql.end();
  }
}

type User = StackUser;

const call = (user: User, method: string, path: string, body?: unknown) => callAs(stack, user, method, path, body);

/** A signed-in user with a sandbox network account and personalization in Arabic, as after onboarding. */
const fullUser = (name: string): Promise<User> => fullUserOf(stack, name, undefined, 'Arabic');

const mailsTo = (address: string) => mailsToInbox(stack, address);

async function firstMailTo(address: string): Promise<CaughtMail> {
  const [mail] = await until(
    `a mail to ${address}`,
    () => mailsTo(address),
    (mails) => mails.length > 0,
    authWorker,
  );
  return mail as CaughtMail;
}

interface Listed {
  notifications: { id: string; kind: string; postId: string | null; reasonCode: string | null; read: boolean }[];
  unread: number;
}

const notificationsOf = async (user: User): Promise<Listed> =>
  (await call(user, 'GET', '/api/v1/notifications')).body.data;

/** The e-mails go out in the language the user reads the app in: the bell saves it on opening. */
async function readsIn(user: User, lang: Language): Promise<Page> {
  const page = await openDashboard(user, lang);
  await until(
    `mail language ${lang}`,
    async () => (await call(user, 'GET', '/api/v1/notifications/preferences')).body?.data?.locale,
    (locale) => locale === lang,
    authWorker,
  );
  return page;
}

/**
 * The bell's item of `kind`, once that notification is stored: the page is loaded again rather than
 * left to wait up to 10 s for the bell's next ask (each language's first test checks that ask).
 */
async function bellWith(page: Page, user: User, kind: string) {
  await until(
    `the ${kind} notification`,
    () => notificationsOf(user),
    (list) => list.notifications.some((n) => n.kind === kind),
    authWorker,
  );
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitUntilLive(page);
  await page.getByTestId('notification-count').waitFor();
  await page.getByTestId('notification-bell').click();
  const item = page.locator(`[data-testid="notification"][data-kind="${kind}"]`);
  await item.waitFor();
  return item;
}

/** Posts now a text the sandbox accepts; answers once the post is published. */
async function publishedPost(user: User, text: string): Promise<string> {
  const posted = await call(user, 'POST', '/linkedln/createPost', { text });
  expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300);
  return posted.body.data.id;
}

/** Stands in for the hourly clock: runs the digest tick now (the job the scheduler adds on the hour). */
async function digestTick(): Promise<void> {
  const job = await queues.enqueue(digestTickJob, {}, { jobId: `tick-${randomUUID()}` });
  await until(
    'the digest tick',
    async () => (await queues.get(QUEUES.authMail).getJob(job.id ?? ''))?.finishedOn ?? null,
    (done) => done !== null,
    authWorker,
  );
}

/** Posts now a text the sandbox refuses; answers the post's id. */
async function refusedPost(user: User): Promise<string> {
  const posted = await call(user, 'POST', '/linkedln/createPost', { text: 'A thought on leadership [refuse]' });
  const postId = posted.body?.data?.id;
  expect(typeof postId, JSON.stringify(posted.body)).toBe('string');
  return postId;
}

const COPY = {
  ar: { bell: 'الإشعارات', title: 'تعذّر نشر منشورك', reason: 'رفض لينكدإن هذا الطلب.' },
  en: { bell: 'Notifications', title: 'Your post could not be published', reason: 'LinkedIn refused this request.' },
} as const;

async function openDashboard(user: User, lang: Language): Promise<Page> {
  const page = await openPage(browser, `${stack.url}/dashboard`, { lang, cookies: [user.session.browserCookie] });
  await page.getByTestId('notification-bell').waitFor();
  return page;
}

describe.each(['ar', 'en'] as const)('notifications in %s', (lang) => {
  it('a refused post raises the bell within seconds; the list gives the reason and leads to the post', async () => {
    const user = await fullUser(`bell-${lang}`);
    const page = await openDashboard(user, lang);
    expect(await page.getByTestId('notification-count').count()).toBe(0);

    const postId = await refusedPost(user);
    // The bell asks every 10 s while the page is open: the count shows without a reload.
    await page.getByTestId('notification-count').waitFor({ timeout: 25_000 });
    // Written with the interface language's digits, as the browser's Intl writes them.
    const one = await page.evaluate((language) => new Intl.NumberFormat(language).format(1), lang);
    expect(await page.getByTestId('notification-count').textContent()).toBe(one);
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toContain(COPY[lang].bell);

    // The same failure event delivered again (as after a worker died before acknowledging it): still one.
    const inbox = queues.get(QUEUES.authInbox);
    const eventId = `post-publish-failed-${postId}-1`;
    const event = await until(
      'the handled failure event',
      async () => inbox.getJob(eventId),
      (job) => Boolean(job?.finishedOn),
      authWorker,
    );
    await event?.remove();
    await inbox.add(event?.name ?? '', event?.data, { jobId: eventId });
    await until(
      'the event handled again',
      async () => (await inbox.getJob(eventId))?.finishedOn ?? null,
      (done) => done !== null,
      authWorker,
    );
    const listed = await notificationsOf(user);
    expect(listed.notifications.filter((n) => n.kind === 'post_failed')).toHaveLength(1);
    expect(listed.unread).toBe(1);

    await page.getByTestId('notification-bell').click();
    const item = page.getByTestId('notification').first();
    await item.waitFor();
    expect(await item.getAttribute('data-kind')).toBe('post_failed');
    expect(await item.textContent()).toContain(COPY[lang].title);
    // The network's refusal in the interface language, by its code.
    expect(await item.getByTestId('notification-reason').textContent()).toBe(COPY[lang].reason);
    await screenshot(page, `notifications-panel-${lang}`);

    await item.click();
    await page.waitForURL((url) => url.pathname === '/posts' && url.searchParams.get('post') === postId);
    const card = page.locator(`[data-post-id="${postId}"]`);
    await card.waitFor();
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-post-id') === id, postId);
    expect(await card.getByTestId('retry-post').isVisible()).toBe(true);
    // Opening it read it.
    await page.getByTestId('notification-count').waitFor({ state: 'detached', timeout: 15_000 });
    await page.context().close();
  });
});

const MAIL = {
  ar: {
    dir: 'rtl',
    failed: 'تعذّر نشر منشورك المجدول على لينكدإن.',
    reason: 'السبب: رفض لينكدإن هذا الطلب.',
    retry: 'إعادة المحاولة',
    digest: 'ملخص «نشر» اليومي: 3 إشعارات',
    live: 'نُشر منشورك المجدول على لينكدإن.',
    attention: 'منشورك المجدول يحتاج إلى تدخّلك قبل موعده، وإلا فلن يُنشر.',
    reconnect: 'إعادة ربط الحساب',
  },
  en: {
    dir: 'ltr',
    failed: 'Your scheduled post could not be published on LinkedIn.',
    reason: 'Reason: LinkedIn refused this request.',
    retry: 'Retry',
    digest: 'Your Nashr digest: 3 notifications',
    live: 'Your scheduled post is live on LinkedIn.',
    attention: 'Your scheduled post needs you before its time, or it will not go out.',
    reconnect: 'Reconnect LinkedIn',
  },
} as const;

/** The address of a mailed link on this stack (mails name PUBLIC_URL). */
const onStack = (link: string) => link.replace(/^https?:\/\/[^/]+/, stack.url);

describe.each(['ar', 'en'] as const)('the failure e-mail in %s', (lang) => {
  it('arrives at once with a plain-text part, the translated reason and a Retry link that opens the post', async () => {
    const user = await fullUser(`mail-${lang}`);
    await (await readsIn(user, lang)).context().close();
    const postId = await refusedPost(user);
    const mail = await firstMailTo(user.email);
    expect(mail.subject).toBe(MAIL[lang].failed);
    expect(mail.html).toContain(`dir="${MAIL[lang].dir}"`);
    // The refusal in the reader's language by its code, never the network's own English.
    expect(mail.text).toContain(MAIL[lang].reason);
    expect(mail.text).not.toContain('LinkedIn refused this post');
    expect(mail.listUnsubscribe).toContain('/api/v1/notifications/unsubscribe?token=');
    const retry = new RegExp(`${MAIL[lang].retry}: (\\S+)`).exec(mail.text ?? '')?.[1] ?? '';
    expect(retry).toContain(`/posts?post=${postId}`);

    const page = await openPage(browser, onStack(retry), { lang, cookies: [user.session.browserCookie] });
    await page.locator(`[data-post-id="${postId}"]`).getByTestId('retry-post').waitFor();

    // The unsubscribe link in the body opens a page that changes nothing until its button.
    const link = /(https?:\/\/\S+\/unsubscribe\?\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    await page.goto(onStack(link));
    await page.getByTestId('confirm-unsubscribe').click();
    await page.getByTestId('unsubscribed').waitFor();
    const preferences = await call(user, 'GET', '/api/v1/notifications/preferences');
    expect(preferences.body.data.kinds.post_failed).toEqual({ app: true, email: false, push: true });
    await page.context().close();
  });
});

describe.each(['ar', 'en'] as const)('published posts in %s', (lang) => {
  it('three make one digest, and after unsubscribing from them with its link none is mailed', async () => {
    const user = await fullUser(`digest-${lang}`);
    await (await readsIn(user, lang)).context().close();
    for (let i = 1; i <= 3; i++) await publishedPost(user, `Lesson ${i} from a year of leading a small team`);
    await until(
      'three published notifications',
      async () => (await notificationsOf(user)).notifications.filter((n) => n.kind === 'post_published').length,
      (n) => n === 3,
      authWorker,
    );
    expect(await mailsTo(user.email)).toEqual([]);

    // The digest goes out on the tick of the hour the user chose, in their zone: this hour.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date()),
    );
    const saved = await call(user, 'PUT', '/api/v1/notifications/preferences', { digestHour: hour, timeZone: 'UTC' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await digestTick();
    const digest = await firstMailTo(user.email);
    expect(digest.subject).toBe(MAIL[lang].digest);
    expect(digest.html).toContain(`dir="${MAIL[lang].dir}"`);
    expect(digest.text?.split(MAIL[lang].live)).toHaveLength(4);
    expect(digest.listUnsubscribe).toContain('kind=post_published');

    const link = /(https?:\/\/\S+\/unsubscribe\?\S+kind=post_published)/.exec(digest.text ?? '')?.[1] ?? '';
    const page = await openPage(browser, onStack(link), { lang });
    await page.getByTestId('confirm-unsubscribe').click();
    await page.getByTestId('unsubscribed').waitFor();
    await page.context().close();

    const fourth = await publishedPost(user, 'Lesson 4 from a year of leading a small team');
    await until(
      'the fourth published notification',
      async () => (await notificationsOf(user)).notifications.some((n) => n.postId === fourth),
      Boolean,
      authWorker,
    );
    // Still told in the app, never queued for e-mail.
    const waiting = await withSql(
      (sql) => sql`select email from auth.notifications where user_id = ${user.userId} and post_id = ${fourth}`,
    );
    expect(waiting.map((row) => row.email)).toEqual(['none']);
    await digestTick();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

const RECONNECT_REASON: Record<Locale, string> = {
  ar: 'انتهت صلاحية ربط حسابك على لينكدإن. يُرجى إعادة ربط حسابك.',
  en: 'Your LinkedIn connection has expired. Please reconnect your account.',
};

describe.each(['ar', 'en'] as const)('a lost connection in %s', (lang) => {
  it('tells ahead of time which scheduled post it would stop, leading to Reconnect, in the app and by e-mail', async () => {
    const user = await fullUser(`attention-${lang}`);
    const page = await readsIn(user, lang);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const scheduled = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: 'What a year of leading a small team taught me',
        date: tomorrow,
        time: '10:30 AM',
        status: 'scheduled',
        timeZone: 'UTC',
      },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    const postId = scheduled.body.data.id;

    // The network drops the session (as when the member changes their password); the next publish meets it.
    await withSql((sql) => sql`update linkedin.sandbox_accounts set expired = true where username = ${user.email}`);
    await call(user, 'POST', '/linkedln/createPost', { text: 'A post that meets the lost connection' });

    // The scheduled post, and only it, is told once; the whole list (and the stack's output) is
    // in the message when it is not, to say which post or event was told twice.
    const { notifications } = await until(
      'the attention notification',
      () => notificationsOf(user),
      (list) => list.notifications.some((n) => n.kind === 'post_needs_attention'),
      authWorker,
    );
    const told = notifications.filter((n) => n.kind === 'post_needs_attention');
    expect(
      told.map((n) => n.postId),
      `${JSON.stringify(notifications)}\n${stack.output('posts-worker')}`,
    ).toEqual([postId]);
    // Waited for in the open page: loaded again, it would go to Reconnect, the connection being lost.
    await page.getByTestId('notification-count').waitFor({ timeout: 25_000 });
    await page.getByTestId('notification-bell').click();
    const item = page.locator('[data-testid="notification"][data-kind="post_needs_attention"]');
    await item.waitFor({ timeout: 25_000 });
    expect(await item.getByTestId('notification-reason').textContent()).toBe(RECONNECT_REASON[lang]);
    await screenshot(page, `notifications-attention-${lang}`);
    await item.click();
    // The connect page itself shows its Connect button: with the session still remembered as
    // connected it would have sent the user back to the dashboard.
    await page.waitForURL((url) => url.pathname === '/connect-linkedIn');
    await page.getByTestId('connect-button').waitFor();
    expect(new URL(page.url()).pathname).toBe('/connect-linkedIn');
    await page.context().close();

    const mails = await until(
      'the attention e-mail',
      () => mailsTo(user.email),
      (all) => all.some((mail) => mail.subject === MAIL[lang].attention),
      authWorker,
    );
    const mail = mails.find((m) => m.subject === MAIL[lang].attention);
    const reconnect = new RegExp(`${MAIL[lang].reconnect}: (\\S+)`).exec(mail?.text ?? '')?.[1] ?? '';
    expect(reconnect).toMatch(/\/connect-linkedIn$/);
  });
});

const CREDITS_LOW = {
  ar: { title: 'أوشكت نقاط GPT-4o في رصيدك على النفاد', mail: 'أوشكت نقاط GPT-4o في رصيدك على النفاد.' },
  en: { title: 'Your GPT-4o credits are running low', mail: 'Your GPT-4o credits are running low.' },
} as const;

describe.each(['ar', 'en'] as const)('credits running low in %s', (lang) => {
  it('are told once when drafts take them to 20 of 100, leading to the writer, in the app and by e-mail', async () => {
    const user = await fullUser(`credits-${lang}`);
    const page = await readsIn(user, lang);
    // Ten credits a draft: the eighth leaves 20, the low mark; the ninth and tenth tell nothing more.
    for (let i = 1; i <= 10; i++) {
      const drafted = await call(user, 'POST', '/api/v1/ai/generate', { topic: `Leading a small team, ${i}`, lang });
      expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    }
    const item = await bellWith(page, user, 'credits_low');
    expect(await item.textContent()).toContain(CREDITS_LOW[lang].title);
    expect((await notificationsOf(user)).notifications.map((n) => n.kind)).toEqual(['credits_low']);
    await item.click();
    await page.waitForURL((url) => url.pathname === '/generate-post');
    await page.context().close();

    const mail = await firstMailTo(user.email);
    expect(mail.subject).toBe(CREDITS_LOW[lang].mail);
    expect(mail.listUnsubscribe).toContain('kind=credits_low');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

const REFUND = {
  ar: {
    title: 'رُفضت عملية دفع وأُعيد مبلغها كاملًا',
    reason: 'تمّت من صفحة دفع حلّت محلها صفحة أحدث، فلا تبدأ بها خطة.',
    action: 'خطتك كما هي: افتح صفحة الفوترة',
    mail: 'رُفضت عملية دفع وأُعيد مبلغها كاملًا.',
    mailReason: 'السبب: تمّت من صفحة دفع حلّت محلها صفحة أحدث، فلا تبدأ بها خطة.',
    mailPlan: 'خطتك كما هي',
    billing: 'فتح صفحة الفوترة',
  },
  en: {
    title: 'A payment was refused and refunded in full',
    reason: 'It was made on a checkout a newer one had replaced, so it starts no plan.',
    action: 'Your plan is as it was: open Billing',
    mail: 'A payment was refused and refunded in full.',
    mailReason: 'Reason: it was made on a checkout a newer one had replaced, so it starts no plan.',
    mailPlan: 'Your plan is as it was.',
    billing: 'Open Billing',
  },
} as const;

describe.each(['ar', 'en'] as const)('a refused payment refunded in %s', (lang) => {
  it('is told in the bell with why and that the plan is unchanged, leading to Billing, and by e-mail', async () => {
    const user = await fullUser(`refund-${lang}`);
    const page = await readsIn(user, lang);
    // Billing publishes this once it has refunded a paid checkout it refused. The test checkout
    // refuses a stale or second payment before anything is charged, so nothing it does is
    // refunded: the event comes here as billing publishes it after a refused Stripe payment.
    await queues.publish(
      checkoutRefundedEvent,
      { userId: user.userId, reason: 'stale', refunds: 1 },
      { id: `stripe-sub_${randomUUID().replaceAll('-', '')}` },
    );
    const item = await bellWith(page, user, 'checkout_refunded');
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(REFUND[lang].title);
    expect(text).toContain(REFUND[lang].action);
    expect(await item.getByTestId('notification-reason').textContent()).toBe(REFUND[lang].reason);
    await item.click();
    await page.waitForURL((url) => url.pathname === '/billing');
    await page.context().close();

    const mail = await firstMailTo(user.email);
    expect(mail.subject).toBe(REFUND[lang].mail);
    expect(mail.text).toContain(REFUND[lang].mailReason);
    expect(mail.text).toContain(REFUND[lang].mailPlan);
    expect(new RegExp(`${REFUND[lang].billing}: (\\S+)`).exec(mail.text ?? '')?.[1]).toMatch(/\/billing$/);
    expect(mail.listUnsubscribe).toContain('kind=checkout_refunded');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

const REVIEW = {
  ar: { title: 'مسودة بانتظار مراجعتك', by: 'من: ', mail: 'مسودة بانتظار مراجعتك.', open: 'فتح المراجعة' },
  en: {
    title: 'A draft is waiting for your review',
    by: 'From ',
    mail: 'A draft is waiting for your review.',
    open: 'Open the review',
  },
} as const;

describe.each(['ar', 'en'] as const)('a draft sent for review in %s', (lang) => {
  it('is told to the reviewer in the bell with who sent it and its words, leading to its review page, and by e-mail', async () => {
    const reviewer = await fullUser(`reviewer-${lang}`);
    const author = await fullUser(`review-author-${lang}`);
    const page = await readsIn(reviewer, lang);
    const workspaceId = randomUUID();
    const draftId = randomUUID();
    // The posts service publishes this when the author submits the draft, one per reviewer.
    await queues.publish(
      draftReviewNoticeEvent,
      {
        userId: reviewer.userId,
        kind: 'review_requested',
        workspaceId,
        draftId,
        actorId: author.userId,
        excerpt: 'Three lessons from our launch week',
      },
      { id: `review-${randomUUID()}-${reviewer.userId}` },
    );
    const item = await bellWith(page, reviewer, 'review_requested');
    expect(await item.textContent()).toContain(REVIEW[lang].title);
    expect((await item.getByTestId('notification-actor').textContent())?.replace(/[\u2068\u2069]/g, '')).toBe(
      `${REVIEW[lang].by}${author.email}`,
    );
    expect(await item.getByTestId('notification-excerpt').textContent()).toContain(
      'Three lessons from our launch week',
    );
    await item.click();
    await page.waitForURL(
      (url) => url.pathname === `/review/${draftId}` && url.searchParams.get('workspace') === workspaceId,
    );
    await page.context().close();

    const mail = await firstMailTo(reviewer.email);
    expect(mail.subject).toBe(REVIEW[lang].mail);
    expect(mail.text).toContain(author.email);
    // The web app's own address (PUBLIC_URL), with the page that opens the draft's review.
    const link = new URL(new RegExp(`${REVIEW[lang].open}: (\\S+)`).exec(mail.text ?? '')?.[1] ?? '');
    expect(`${link.pathname}${link.search}`).toBe(reviewPagePath(workspaceId, draftId));
    expect(mail.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
  });
});
