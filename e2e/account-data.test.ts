/**
 * The user's own data, over the whole stack with every service and worker: 'Download my data'
 * gives one ZIP with each service's part and the files the user uploaded, and 'Delete my account'
 * (confirmed by typing the e-mail) leaves nothing of the user in any PostgreSQL schema, anywhere
 * under the stack's Redis prefix or in the object store, and their scheduled post never goes out.
 */
import { readdir, readFile } from 'node:fs/promises';
import { schema as authSchema, UserStore } from '@nashr/auth';
import { createDatabase, createRedis } from '@nashr/platform';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './support/browser';
import { fullUser, uploadMedia } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';
import { createSession, type TestSession } from './support/session';

let stack: Stack;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let sql: postgres.Sql;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      // Every service that keeps user data (DATA_EXPORT_PARTS): each must leave nothing behind.
      services: ['auth', 'linkedin', 'posts', 'ai', 'engage', 'billing', 'content'],
      workers: true,
      helpers: ['mail'],
    }),
    launchBrowser(),
  ]);
  sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await browser?.close();
  await stack?.stop();
});

async function signIn(email: string): Promise<TestSession> {
  const database = createDatabase({ url: stack.databaseUrl, schema: authSchema, applicationName: 'e2e-account-data' });
  try {
    const user = await new UserStore(database.db, null).signIn(email, ['user']);
    return await createSession(stack, { userId: user.id, email: user.email, roles: ['user'] });
  } finally {
    await database.close();
  }
}

async function call(session: TestSession, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      cookie: session.cookieHeader,
      origin: stack.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** Every row of every table, outside PostgreSQL's own schemas, whose text names one of `needles`. */
async function rowsNaming(needles: string[]): Promise<string[]> {
  const tables = await sql<{ schema: string; name: string }[]>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`;
  const found: string[] = [];
  for (const { schema, name } of tables) {
    for (const needle of needles) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from ${sql(schema)}.${sql(name)} t where t::text ilike ${`%${needle}%`}`;
      if (row && row.n > 0) found.push(`${schema}.${name} (${row.n} naming ${needle})`);
    }
  }
  return found;
}

/** Every Redis key under the stack's prefix whose name or value names one of `needles`. */
async function keysNaming(needles: string[]): Promise<string[]> {
  const redis = createRedis(stack.redisUrl, 'worker');
  try {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${stack.redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        let text = key;
        if (type === 'string') text += (await redis.get(key)) ?? '';
        else if (type === 'hash') text += JSON.stringify(await redis.hgetall(key));
        else if (type === 'list') text += JSON.stringify(await redis.lrange(key, 0, -1));
        else if (type === 'set') text += JSON.stringify(await redis.smembers(key));
        else if (type === 'zset') text += JSON.stringify(await redis.zrange(key, '0', '-1'));
        else if (type === 'stream') text += JSON.stringify(await redis.xrange(key, '-', '+'));
        const lower = text.toLowerCase();
        for (const needle of needles) if (lower.includes(needle.toLowerCase())) found.push(`${key} (${type})`);
      }
    } while (cursor !== '0');
    return found;
  } finally {
    redis.disconnect();
  }
}

/** Every file of the object store (MEDIA_DIR) whose key names `userId`: keys start with the owner's id. */
async function objectsOf(userId: string): Promise<string[]> {
  const files = (await readdir(stack.mediaDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
  return files.map((f) => `${f.parentPath}/${f.name}`).filter((path) => path.includes(userId));
}

/** A one-pixel PNG: the upload is re-encoded, so any valid image does. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The date three days ahead in Riyadh, as the scheduling call takes it (YYYY-MM-DD). */
function daysAheadInRiyadh(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date(Date.now() + days * 86_400_000));
}

describe("the user's own data", () => {
  it('downloads every part as one JSON file, then deletes the account and leaves nothing behind', async () => {
    const email = `leaver-${Date.now()}@example.test`;
    const session = await signIn(email);
    const { userId } = session.identity;

    // Data in every service: personalization (auth, and ai's copy), a connected network account,
    // a scheduled post with its delayed due job, a generated draft, a sign-in e-mail.
    expect(
      (
        await call(session, 'PUT', '/api/v1/personalization', {
          jobTitle: 'Founder',
          language: 'English',
          accent: '',
          goals: ['Grow Network'],
          interests: ['Leadership'],
          tones: ['Professional'],
          styles: ['Simple Language'],
        })
      ).status,
    ).toBe(200);
    const connected = await call(session, 'POST', '/api/v1/linkedin/accounts', {
      username: `network-${userId.slice(0, 8)}`,
      password: 'correct horse battery staple',
    });
    expect(connected.body?.data?.connected, JSON.stringify(connected.body)).toBe(true);
    const picture = await uploadMedia(stack, { userId, email, session }, PIXEL, 'image/png');
    const postText = 'A post that must never be published once its author has left.';
    const scheduled = await call(session, 'POST', '/linkedln/saveSchedulePost', {
      userId,
      content: postText,
      mediaIds: [picture],
      date: daysAheadInRiyadh(3),
      time: '10:30 AM',
      status: 'scheduled',
      timeZone: 'Asia/Riyadh',
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    // The writing voice: read from the network's posts, then one trait corrected by the user.
    const measured = await call(session, 'POST', '/api/v1/linkedin/voice/measure');
    expect(measured.status, JSON.stringify(measured.body)).toBe(202);
    await expect
      .poll(
        async () =>
          (await sql`select 1 from ai.voice_profiles where user_id = ${userId} and measured_at is not null`).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    expect((await call(session, 'PUT', '/api/v1/ai/voice', { emoji: 'never' })).status).toBe(200);
    const generated = await call(session, 'POST', '/api/v1/ai/generate', { topic: 'Leading a small team', lang: 'en' });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const asked = await fetch(`${stack.url}/api/v1/auth/magic-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ destination: email, lang: 'en' }),
    });
    expect(asked.status).toBe(200);
    await expect
      .poll(async () => (await sql`select 1 from ai.personalizations where user_id = ${userId}`).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect
      .poll(async () => (await sql`select 1 from auth.users where id = ${userId} and linkedin_connected`).length, {
        timeout: 30_000,
      })
      .toBe(1);

    // Billing's trial (and the plan copies it sends), Engage's people and topics, a library favourite.
    await startTrial(stack, { userId, email, session });
    const topic = await call(session, 'POST', '/api/v1/engage/topics', { topic: 'Leadership' });
    expect(topic.status, JSON.stringify(topic.body)).toBe(201);
    const person = await call(session, 'POST', '/api/v1/engage/people', {
      profileUrl: 'https://www.linkedin.com/in/emma-carter/',
    });
    expect(person.status, JSON.stringify(person.body)).toBe(201);
    const library = await call(session, 'GET', '/api/v1/library/posts');
    const saved = (library.body?.data?.posts ?? []).find((p: { locked?: boolean }) => !p.locked);
    expect(saved, JSON.stringify(library.body)).toBeDefined();
    expect((await call(session, 'PUT', `/api/v1/library/favourites/${saved.id}`)).status).toBe(200);
    expect(await objectsOf(userId)).toHaveLength(2);

    const context = await newContext(browser, { lang: 'ar', cookies: [session.browserCookie] });
    const page: Page = await context.newPage();
    await page.goto(`${stack.url}/personalization`);
    const section = page.getByTestId('your-data');
    await section.getByRole('heading', { name: 'بياناتك' }).waitFor();

    // Download my data: one ZIP with each service's part as JSON and the uploaded picture beside it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-data').click()]);
    expect(download.suggestedFilename()).toMatch(/^nashr-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
    const jsonName = Object.keys(archive).find((name) => name.endsWith('.json')) as string;
    expect(Object.keys(archive).sort()).toEqual([jsonName, `uploads/${picture}.png`].sort());
    expect(archive[`uploads/${picture}.png`]?.length).toBeGreaterThan(0);
    const file = JSON.parse(strFromU8(archive[jsonName] as Uint8Array));
    expect(file.posts.uploads.map((u: { id: string }) => u.id)).toEqual([picture]);
    expect(file.engage.topics.map((t: { topic: string }) => t.topic)).toEqual(['Leadership']);
    expect(file.engage.people.map((p: { name: string }) => p.name)).toEqual(['Emma Carter']);
    expect(file.billing.subscription.status).toBe('trialing');
    expect(file.content.libraryFavourites.map((f: { postId: string }) => f.postId)).toEqual([saved.id]);
    expect(file.auth.account.email).toBe(email);
    expect(file.auth.account.personalization.jobTitle).toBe('Founder');
    expect(file.linkedin.networkAccount.status).toBe('connected');
    expect(file.posts.posts).toHaveLength(1);
    expect(file.posts.posts[0].status).toBe('scheduled');
    expect(file.ai.personalization.jobTitle).toBe('Founder');
    expect(file.ai.generations.length).toBeGreaterThanOrEqual(1);
    expect(file.ai.voice.corrections).toEqual({ emoji: 'never' });
    expect(file.ai.voice.measuredAt).toEqual(expect.any(String));

    // Delete my account: refused until the e-mail is typed, then everything goes. Another
    // address is said beside the field in the service's words, and nothing is sent.
    const deletions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().endsWith('/api/v1/auth/account'))
        deletions.push(request.url());
    });
    await page.getByTestId('delete-account').click();
    const confirm = page.getByTestId('delete-account-confirm');
    const confirmation = page.getByTestId('delete-confirmation');
    await confirmation.fill('someone-else@example.test');
    await confirm.click();
    const mismatch = page.getByTestId('delete-confirmation-problem');
    await expect.poll(() => mismatch.textContent()).toBe('اكتب عنوان البريد الإلكتروني لحسابك كما هو لتأكيد الحذف.');
    expect(await confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(await confirmation.getAttribute('aria-describedby')).toBe(await mismatch.getAttribute('id'));
    expect(deletions).toEqual([]);
    expect((await call(session, 'GET', '/api/v1/auth/me')).status).toBe(200);
    // The server refuses a wrong confirmation on its own, with a code the web translates.
    const refused = await call(session, 'DELETE', '/api/v1/auth/account', {
      confirmation: 'someone-else@example.test',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('account.confirmation_mismatch');
    await screenshot(page, 'your-data-ar-desktop');
    await page.getByTestId('delete-confirmation').fill(email.toUpperCase());
    await confirm.click();
    // Signed out, on a page that says the account is gone (a trial has no plan to name).
    await page.waitForURL(`${stack.url}/account-deleted`);
    await page.getByRole('heading', { level: 1, name: 'حُذف حسابك' }).waitFor();
    expect(await page.getByTestId('account-deleted-plan').count()).toBe(0);

    expect((await call(session, 'GET', '/api/v1/auth/me')).status).toBe(401);
    // The post's text too: had it been published, the sandbox network would hold it.
    const needles = [userId, email, postText];
    await expect.poll(() => rowsNaming(needles), { timeout: 30_000, interval: 500 }).toEqual([]);
    await expect.poll(() => keysNaming(needles), { timeout: 30_000, interval: 500 }).toEqual([]);
    // Its uploads leave the object store with the account, not with the daily sweep.
    await expect.poll(() => objectsOf(userId), { timeout: 30_000, interval: 500 }).toEqual([]);
    // The scheduled post's due job is gone too (its payload names the post, not the user).
    const redis = createRedis(stack.redisUrl, 'worker');
    try {
      expect(await redis.zcard(`${stack.redisPrefix}:posts-due:delayed`)).toBe(0);
    } finally {
      redis.disconnect();
    }
    // The simulated network was told to drop the session.
    const [network] = await sql<{ connected: boolean }[]>`
      select connected from linkedin.sandbox_accounts where username = ${`network-${userId.slice(0, 8)}`}`;
    expect(network?.connected).toBe(false);
    await context.close();
  });
});

describe("'Delete my account' with a paid plan", () => {
  it('names the plan, waits for the provider to end it before deleting, and names it on the deleted page', async () => {
    // Past onboarding (network connected, personalization saved): the settings screen opens.
    const user = await fullUser(stack, 'paying-leaver');
    const { userId, email, session } = user;
    await startTrial(stack, user);
    await takeStarter(stack, user);

    // Her export holds the running subscription and the checkout that paid for it.
    const exported = await call(session, 'GET', '/api/v1/billing/export');
    expect(exported.body.data.subscription).toMatchObject({ plan: 'starter', status: 'active' });
    expect(exported.body.data.checkouts).toEqual([
      expect.objectContaining({ kind: 'checkout', plan: 'starter', completedAt: expect.any(String) }),
    ]);

    const context = await newContext(browser, { lang: 'ar', cookies: [session.browserCookie] });
    const page: Page = await context.newPage();
    await page.goto(`${stack.url}/personalization`);
    const section = page.getByTestId('your-data');
    await section.getByRole('heading', { name: 'بياناتك' }).waitFor();
    // The plan is named before anything is confirmed.
    await page.getByTestId('delete-subscription-notice').getByText('«الانطلاقة»').waitFor();

    // A refusal (the provider did not confirm in time, played here by answering for the server):
    // said in Arabic, the dialog stays open with the address typed, nothing is deleted.
    await page.getByTestId('delete-account').click();
    await page.getByTestId('delete-confirmation').fill(email);
    await page.route('**/api/v1/auth/account', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'account.subscription_not_ended', message: 'refused' }),
      }),
    );
    await page.getByTestId('delete-account-confirm').click();
    await section.getByRole('alert').getByText('لم يؤكّد مزوّد الدفع إنهاء اشتراكك، لذا لم يُحذف شيء.').waitFor();
    expect(await page.getByTestId('delete-confirmation').inputValue()).toBe(email);
    expect(await page.getByTestId('delete-account-confirm').isEnabled()).toBe(true);
    await screenshot(page, 'delete-paid-refused-ar-desktop');
    await page.unroute('**/api/v1/auth/account');
    expect((await call(session, 'GET', '/api/v1/auth/me')).status).toBe(200);

    // Deleted for real. The answer is read as it leaves the server, before the browser moves on:
    // it names the plan, and the stand-in's subscription is cancelled by then (or already
    // forgotten with the account), never still running.
    let answered: { status: number; body: unknown; running: string[] } | undefined;
    await page.route('**/api/v1/auth/account', async (route) => {
      const response = await route.fetch();
      const rows = await sql<{ status: string }[]>`
        select status from billing.test_subscriptions where user_id = ${userId}`;
      answered = {
        status: response.status(),
        body: await response.json(),
        running: rows.filter((row) => row.status !== 'canceled').map((row) => row.status),
      };
      await route.fulfill({ response });
    });
    await page.getByTestId('delete-account-confirm').click();
    await page.waitForURL(`${stack.url}/account-deleted?plan=starter`);
    await page.getByRole('heading', { level: 1, name: 'حُذف حسابك' }).waitFor();
    expect(await page.getByTestId('account-deleted-plan').textContent()).toContain('«الانطلاقة»');
    await screenshot(page, 'account-deleted-paid-ar-desktop');
    expect(answered).toEqual({
      status: 200,
      body: { success: true, message: expect.any(String), cancelledPlan: 'starter' },
      running: [],
    });
    expect((await call(session, 'GET', '/api/v1/auth/me')).status).toBe(401);
    await expect
      .poll(async () => (await sql`select 1 from billing.test_subscriptions where user_id = ${userId}`).length, {
        timeout: 30_000,
      })
      .toBe(0);
    await context.close();
  });
});
