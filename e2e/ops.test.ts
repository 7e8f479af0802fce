import { API, QUEUES, sendMagicLinkJob } from '@nashr/contracts';
import { createRedis, Queues } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { createSession, type TestSession } from './support/session';

let stack: Stack;
let browser: Browser;
let admin: TestSession;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ services: ['content'] }), launchBrowser()]);
  admin = await createSession(stack, { roles: ['user', 'admin'] });
  const redis = createRedis(stack.redisUrl, 'worker');
  const queues = new Queues({ connection: redis, prefix: stack.redisPrefix }, createCapturingLogger().logger);
  for (const email of ['first@example.test', 'second@example.test']) {
    await queues.enqueue(sendMagicLinkJob, { email, lang: 'en' });
  }
  await queues.close();
  redis.disconnect();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Script errors and CSP refusals of a page: the operator pages must have none. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

async function open(path: string, viewport: ViewportName): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: viewport === 'phone' ? { width: 375, height: 812 } : { width: 1280, height: 800 },
  });
  await context.addCookies([admin.browserCookie]);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${stack.url}${path}`, { waitUntil: 'domcontentloaded' });
  return { page, problems };
}

describe('API reference page', () => {
  it.each(['desktop', 'phone'] as const)('renders every operation of the document (%s)', async (viewport) => {
    const document = (await (await fetch(`${stack.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((ops) => Object.keys(ops)).length;
    // Public, like the API it describes: no session needed.
    const page = await openPage(browser, `${stack.url}/api/v1/docs`, { viewport });
    const problems = watchProblems(page);
    await expect.poll(() => page.locator('details.op').count()).toBe(operations);
    await screenshot(page, `ops-docs-${viewport}`, { fullPage: false });
    const schedule = page.locator('details.op', { hasText: API.posts.schedule.path });
    await schedule.locator('summary').click();
    await expect.poll(() => schedule.getByText('Request body').isVisible()).toBe(true);
    await schedule.scrollIntoViewIfNeeded();
    await screenshot(page, `ops-docs-${viewport}-operation`, { fullPage: false });

    await page.getByRole('searchbox', { name: 'Filter operations' }).fill('/api/v1/posts');
    const postsOperations = Object.entries(document.paths)
      .filter(([path]) => path.includes('/api/v1/posts'))
      .flatMap(([, ops]) => Object.keys(ops)).length;
    expect(postsOperations).toBeGreaterThan(1);
    await expect.poll(() => page.locator('details.op:visible').count()).toBe(postsOperations);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('queue dashboard', () => {
  it('is refused to a visitor without a session', async () => {
    const page = await openPage(browser, `${stack.url}/api/v1/ops/queues`);
    expect(await page.locator('body').textContent()).toContain('Please sign in');
    await page.context().close();
  });

  it.each(['desktop', 'phone'] as const)('shows an admin every queue and its jobs (%s)', async (viewport) => {
    const { page, problems } = await open('/api/v1/ops/queues', viewport);
    for (const queue of Object.values(QUEUES)) {
      await expect
        .poll(() => page.getByText(queue, { exact: true }).first().isVisible(), { timeout: 15_000 })
        .toBe(true);
    }
    // No auth worker runs in this stack: the two sign-in mails wait in their queue.
    const card = page
      .locator('div', { has: page.getByText(QUEUES.authMail, { exact: true }) })
      .filter({ hasText: 'Jobs' });
    await expect.poll(() => card.last().textContent(), { timeout: 15_000 }).toMatch(/(?<!\d)2\s*Jobs/);
    await screenshot(page, `ops-queues-${viewport}`, { fullPage: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('gives an admin the metrics of the gateway and the running services', async () => {
    const res = await fetch(`${stack.url}/api/v1/ops/metrics`, { headers: { cookie: admin.cookieHeader } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('ops_service_up{service="content"} 1');
    expect(text).toMatch(/^http_requests_total\{service="gateway",/m);
    const member = await createSession(stack, { roles: ['user'] });
    expect((await fetch(`${stack.url}/api/v1/ops/metrics`, { headers: { cookie: member.cookieHeader } })).status).toBe(
      403,
    );
  });
});
