/**
 * "Continue with LinkedIn" in a real browser against the whole stack, with a local server
 * speaking the network's official wire format: the real redirect flow (the service's start
 * endpoint, the network's authorization page, the callback), the same connected ending as the
 * password sign-in, then a post whose text holds every reserved character, Arabic and emoji,
 * published through the composer and stored whole by the network. Then the token's life: a
 * connection whose token (the local network's lifetime, set short) ends before a scheduled post
 * marks the post as needing attention with its reason, the reminder e-mail reaches the local mail
 * catcher, and reconnecting clears the mark and keeps the post at its time.
 */
import { randomUUID } from 'node:crypto';
import { API, connectionExpiryTickJob, LINK_PATHS } from '@nashr/contracts';
import { type FakeLinkedin, fakeMember, startFakeLinkedin } from '@nashr/linkedin/testing';
import { createRedis, Queues } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, waitUntilLive } from './support/browser';
import { connectedThroughLinkedIn, continueWithLinkedIn, officialNetworkEnv } from './support/connect';
import { callAs, callEndpointAs, personalize, signedInUser } from './support/full-user';
import { mailsTo } from './support/mail';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;
let fake: FakeLinkedin;
/** The stack's queues, to stand in for the hourly clock of the expiry reminders. */
let queues: Queues;
let redis: ReturnType<typeof createRedis>;
const DAY_SECONDS = 86_400;

beforeAll(async () => {
  fake = await startFakeLinkedin();
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'posts'],
      helpers: ['mail'],
      env: { ai: { AI_PROVIDER: 'offline' }, ...officialNetworkEnv(fake) },
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
  await fake?.close();
});

/** The browser's own date `days` from today (YYYY-MM-DD), as the schedule dialog takes it. */
const browserDay = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

describe('Continue with LinkedIn', () => {
  it('connects through the network’s own page, then publishes reserved characters, Arabic and emoji whole', async () => {
    const user = await signedInUser(stack, 'oauth');
    const personalized = await callAs(stack, user, 'PUT', '/api/v1/personalization', {
      jobTitle: 'Founder',
      language: 'Arabic',
      accent: '',
      goals: ['Grow Network'],
      interests: ['Leadership'],
      tones: ['Professional'],
      styles: ['Simple Language'],
    });
    expect(personalized.status).toBe(200);

    const page = await openPage(browser, `${stack.url}/connect-linkedIn`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [user.session.browserCookie],
    });
    const oauth = page.getByTestId('oauth-button');
    await oauth.waitFor();
    expect(await oauth.textContent()).toContain('Continue with LinkedIn');
    // Recommended first; the password sign-in stays as the alternative.
    const buttons = await page
      .locator('[data-testid="oauth-button"], [data-testid="connect-button"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(buttons).toEqual(['oauth-button', 'connect-button']);
    // LinkedIn's own sign-in is real: the page keeps its promise about LinkedIn, and only the
    // password button, the sandbox here, says that it is practice.
    expect(await page.getByTestId('connect-subtitle').textContent()).toBe(
      'Sign in to LinkedIn once, in a secure window, so Nashr can publish and schedule your posts and show how they perform.',
    );
    expect(await page.getByTestId('sandbox-notice').count()).toBe(0);
    await page.getByText('A practice sign-in window opens: nothing you enter there is sent to LinkedIn.').waitFor();

    await continueWithLinkedIn(page);
    expect(fake.tokenRequests.filter((r) => r.grant_type === 'authorization_code')).toHaveLength(1);
    expect(fake.tokenRequests[0]).toMatchObject({ client_secret: 'right', code_verifier: expect.any(String) });

    const marker = randomUUID().slice(0, 8);
    const text = `إطلاق (نشر) [${marker}] \\ | { } @mona < > #نشر *مهم* _جديد_ ~تجربة~ 🚀👩🏽‍💻 #AI`;
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await composer.getByTestId('composer-text').fill(text);
    await composer.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();

    await expect
      .poll(() => fake.posts.filter((post) => post.shown.includes(marker)).map((post) => post.shown), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual([text]);
    const post = fake.posts.find((p) => p.shown.includes(marker));
    expect(post?.author).toBe(`urn:li:person:${fake.member.sub}`);
    expect(post?.commentary).toContain('{hashtag|\\#|نشر}');

    // The profile says when the connection ends and what the granted access cannot show.
    await page.goto(`${stack.url}/profile`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('profile-name').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('profile-name').textContent()).toBe('منى الفقيه');
    expect(await page.getByTestId('profile-limited-access').textContent()).toContain('cannot be shown here');
    const expiry = page.getByTestId('connection-expiry');
    await expiry.waitFor();
    expect(await expiry.getAttribute('data-soon')).toBe('false');
    expect(await expiry.textContent()).toContain('Reconnect');
  });

  it('marks a post due after the token ends as needing attention, e-mails the reminder, and a reconnection clears it keeping the time', async () => {
    // The local network gives this member's tokens three days and no refresh token (most apps get
    // none): the post below comes after the connection ends.
    fake.member = fakeMember();
    fake.options.issueRefreshTokens = false;
    fake.options.accessTokenSeconds = 3 * DAY_SECONDS;
    const { user, page } = await connectedThroughLinkedIn(stack, browser, 'expiry', {
      lang: 'en',
      viewport: 'desktop',
    });

    // Scheduled ten days ahead, through the posts screen's dialog.
    const content = `After the token ends ${randomUUID().slice(0, 8)}`;
    const day = await browserDay(page, 10);
    await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Schedule Post', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule New Post' });
    await dialog.getByLabel('Post content').fill(content);
    await pickScheduleDate(dialog, day);
    await pickScheduleTime(dialog, '10:00');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The card says, on the post itself, why it cannot go out and how to fix it.
    const card = page.getByTestId('scheduled-post').filter({ hasText: content });
    await card.waitFor();
    const postId = (await card.getAttribute('data-post-id')) as string;
    const scheduledFor = await card.getByTestId('scheduled-for').textContent();
    const note = card.getByTestId('attention-note');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.getAttribute('data-cause')).toBe('connection_expires');
    expect(await note.getByTestId('attention-reason').textContent()).toBe(
      'Your LinkedIn connection expires before this post is due. Reconnect your account so it goes out on time.',
    );
    expect(await card.getByTestId('post-status').textContent()).toBe('Scheduled');
    await screenshot(page, 'linkedin-post-needs-attention-en');

    // The calendar marks its day as needing attention, and the day's list says why.
    const calendar = page.getByTestId('posts-calendar');
    if ((await calendar.getAttribute('data-month')) !== day.slice(0, 7))
      await page.getByTestId('calendar-next').click();
    const cell = calendar.locator(`button[data-date="${day}"]`);
    await expect.poll(() => cell.getAttribute('data-mark'), { timeout: 10_000 }).toBe('failed');
    await cell.click();
    const dayPost = page.getByTestId('day-posts-dialog').locator(`[data-testid="day-post"][data-post-id="${postId}"]`);
    expect(await dayPost.getByTestId('attention-reason').textContent()).toContain('expires before this post is due');
    await page.keyboard.press('Escape');
    await page.getByTestId('day-posts-dialog').waitFor({ state: 'detached' });

    // The hourly look for connections about to end (run now, as its scheduler would) e-mails the
    // week's reminder, with the way to reconnect.
    await queues.enqueue(connectionExpiryTickJob, {}, { jobId: `tick-${randomUUID()}` });
    await expect
      .poll(
        async () =>
          (await mailsTo(stack, user.email)).some(
            (mail) =>
              /within a week|خلال أسبوع/.test(mail.text ?? '') && (mail.text ?? '').includes('/connect-linkedIn'),
          ),
        { timeout: 30_000, interval: 250, message: 'the reminder e-mail' },
      )
      .toBe(true);

    // Reconnecting from the post: the network now gives the usual 60 days.
    fake.options.accessTokenSeconds = 60 * DAY_SECONDS;
    const exchanges = () => fake.tokenRequests.filter((r) => r.grant_type === 'authorization_code').length;
    const exchangedBefore = exchanges();
    await note.getByTestId('attention-reconnect').click();
    // Through the network's page and back to the app (a connected user goes on to the dashboard).
    await page.waitForURL((url) => ['/dashboard', '/connect-linkedIn'].includes(url.pathname), { timeout: 30_000 });
    await expect.poll(exchanges, { timeout: 20_000 }).toBe(exchangedBefore + 1);

    // The posts service hears of the new token through its inbox: the Scheduled tab shows the
    // post without the mark once it has (each look is a fresh load of the screen).
    const kept = page.locator(`[data-testid="scheduled-post"][data-post-id="${postId}"]`);
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
          await kept.waitFor();
          return kept.getByTestId('attention-note').count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0);
    expect(await kept.getByTestId('scheduled-for').textContent()).toBe(scheduledFor);
    expect(await kept.getAttribute('data-status')).toBe('scheduled');
    expect(await kept.textContent()).toContain(content);
    fake.options.issueRefreshTokens = true;
  });

  it('never moves a scheduled post to another login connected later: the post waits, and goes to the new account only when the user says', async () => {
    fake.member = fakeMember();
    const { user, page } = await connectedThroughLinkedIn(stack, browser, 'identity', {
      lang: 'ar',
      viewport: 'phone',
    });
    const firstMember = fake.member;

    // Scheduled as the first member, through the API the posts screen uses.
    const content = `Written as the first login ${randomUUID().slice(0, 8)}`;
    const day = await browserDay(page, 5);
    const scheduled = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content,
        date: day,
        time: '10:30 AM',
        status: 'scheduled',
        timeZone: 'Asia/Riyadh',
      },
    });
    expect(scheduled.status).toBe(201);

    // The same Nashr user connects again through the network's page, signed in there as someone else.
    fake.member = fakeMember();
    expect(fake.member.sub).not.toBe(firstMember.sub);
    const exchanges = () => fake.tokenRequests.filter((r) => r.grant_type === 'authorization_code').length;
    const exchangedBefore = exchanges();
    await page.goto(`${stack.url}${LINK_PATHS.linkedinOauthStart}?display=page`);
    await expect.poll(exchanges, { timeout: 20_000 }).toBe(exchangedBefore + 1);

    // The post stays the first member's: its card says so, and offers to send it as the one connected now.
    const card = page.getByTestId('scheduled-post').filter({ hasText: content });
    const note = card.getByTestId('attention-note');
    await expect
      .poll(
        async () => {
          await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
          await card.waitFor();
          return card.getAttribute('data-attention');
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('identity_changed');
    expect(await note.getByTestId('attention-reason').textContent()).toBe(
      'كُتب هذا المنشور لحساب على لينكدإن غير الحساب المربوط الآن. يمكن إعادة ربط ذلك الحساب، أو نشره باسم الحساب المربوط.',
    );
    const scheduledFor = await card.getByTestId('scheduled-for').textContent();
    await screenshot(page, 'post-of-another-member-ar-phone');

    // Moved by the user: the note goes, the time stays.
    await waitUntilLive(page);
    const move = note.getByTestId('attention-move');
    expect(await move.textContent()).toBe('النشر باسم الحساب المربوط');
    await move.click();
    await note.waitFor({ state: 'detached', timeout: 10_000 });
    await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
    await card.waitFor();
    expect(await card.getByTestId('attention-note').count()).toBe(0);
    expect(await card.getByTestId('scheduled-for').textContent()).toBe(scheduledFor);
    expect(fake.posts.filter((post) => post.shown.includes(content))).toHaveLength(0);
  });

  it('tells a second Nashr user that the LinkedIn member is connected in another account, and leaves the first connected', async () => {
    fake.member = fakeMember();
    const holder = await signedInUser(stack, 'holder');
    await personalize(stack, holder);
    const holderPage = await openPage(browser, `${stack.url}/connect-linkedIn`, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [holder.session.browserCookie],
    });
    await holderPage.getByTestId('oauth-button').waitFor();
    await continueWithLinkedIn(holderPage);

    // Someone else, signed in to LinkedIn as the same member in the network's page.
    const other = await signedInUser(stack, 'other');
    await personalize(stack, other);
    const page = await openPage(browser, `${stack.url}/connect-linkedIn`, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [other.session.browserCookie],
    });
    await page.getByTestId('oauth-button').waitFor();
    await waitUntilLive(page);
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('oauth-button').click();
    const popup = await popupOpened;
    await popup.waitForURL(/oauth=taken/, { timeout: 30_000 });
    const problem = popup.getByTestId('oauth-problem');
    await problem.waitFor();
    expect(await problem.getByRole('heading').textContent()).toBe('حساب لينكدإن هذا مربوط بحساب آخر على «نشر»');
    await screenshot(popup, 'oauth-member-taken-ar-phone');

    const me = async (user: typeof holder) =>
      (await callAs(stack, user, 'GET', '/api/v1/auth/me')).body.data.user as { linkedinConnected: boolean };
    expect((await me(holder)).linkedinConnected).toBe(true);
    expect((await me(other)).linkedinConnected).toBe(false);
  });

  it('shows a post the network asks to wait for (a member’s daily limit) as retrying at its time, not failed', async () => {
    fake.member = fakeMember();
    const { user, page } = await connectedThroughLinkedIn(stack, browser, 'limit', { lang: 'en', viewport: 'desktop' });

    // The network answers the next post with 429 and a wait of two hours.
    fake.options.failures['/rest/posts'] = { status: 429, times: 1, retryAfterSeconds: 2 * 3600 };
    const text = `Daily limit reached ${randomUUID().slice(0, 8)}`;
    const asked = Date.now();
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await composer.getByTestId('composer-text').fill(text);
    await composer.getByTestId('composer-post').click();
    await page.getByTestId('publish-confirm-post').click();
    await expect.poll(() => fake.options.failures['/rest/posts']?.times, { timeout: 30_000 }).toBe(0);
    // The wait is recorded once the publisher has the network's answer: the screen opened after that.
    const window = `from=${new Date(asked - 3600_000).toISOString()}&to=${new Date(asked + 3600_000).toISOString()}`;
    await expect
      .poll(
        async () => {
          const listed = await callAs(stack, user, 'GET', `/api/v1/posts?${window}&status=publishing,failed`);
          const post = (listed.body?.data ?? []).find((item: { content?: string }) => item.content?.includes(text));
          return post?.retryAt ?? null;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();

    await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('scheduled-post').filter({ hasText: text });
    const retry = card.getByTestId('retry-at');
    await retry.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('data-status')).toBe('publishing');
    expect(await card.getByTestId('failure-note').count()).toBe(0);
    const retryAt = Date.parse((await retry.getAttribute('data-retry-at')) as string);
    expect(retryAt).toBeGreaterThanOrEqual(asked + 2 * 3600_000);
    expect(retryAt).toBeLessThan(Date.now() + 2 * 3600_000 + 1000);
    // The time as the browser writes it in its own zone.
    const expected = await page.evaluate(
      (at) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(at)),
      retryAt,
    );
    expect(await retry.textContent()).toMatch(/^LinkedIn asked us to wait: will retry on .+ at /);
    expect(await retry.textContent()).toContain(expected);
    expect(fake.posts.filter((post) => post.shown === text)).toHaveLength(0);
    await screenshot(page, 'linkedin-post-retry-at-en');
    fake.options.failures = {};
  });
});
