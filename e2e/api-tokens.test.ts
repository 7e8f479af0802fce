/**
 * Access tokens on their screen, in a real browser against the auth service: made with a name,
 * permissions and a lifetime, the secret shown once and working at once as a Bearer token within
 * its permissions, listed without it, and revoked (after a confirmation) so it stops at once; in
 * Arabic on a phone and in English on a desktop.
 */

import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, launchBrowser, newContext, screenshot } from './support/browser';
import { fullUser } from './support/full-user';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ services: ['auth', 'linkedin', 'posts', 'content'], workers: ['auth', 'linkedin', 'posts'] }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const WORDS = {
  ar: {
    empty: 'لا توجد رموز وصول بعد.',
    missing: 'يلزم اسم للرمز.',
    revoked: 'أُلغي الرمز: لم يعد يعمل.',
    readPosts: 'قراءة المنشورات والمسودات',
  },
  en: {
    empty: 'No access tokens yet.',
    missing: 'Give the token a name.',
    revoked: 'Token revoked: it no longer works.',
    readPosts: 'Read posts and drafts',
  },
} as const;

/** A call to the API with the token, as another program would make it. */
async function withToken(token: string, path: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: response.status, code: body.code };
}

describe.each([
  ['ar', 'phone'],
  ['en', 'desktop'],
] as const)('access tokens in %s on a %s', (lang: Language, viewport) => {
  it('makes a token shown once that works within its permissions, and revokes it at once', async () => {
    const user = await fullUser(stack, `tokens-${lang}`);
    const context = await newContext(browser, { lang, viewport, cookies: [user.session.browserCookie] });
    const page: Page = await context.newPage();
    await page.goto(`${stack.url}/api-tokens`);
    await page.getByTestId('api-tokens-empty').waitFor();
    expect(await page.getByTestId('api-tokens-empty').textContent()).toBe(WORDS[lang].empty);
    // Where AI assistants connect, this site's own address.
    await expect
      .poll(() => page.getByTestId('api-tokens-mcp').textContent(), { timeout: 15_000 })
      .toContain(`${stack.url}/mcp`);

    // Without a name: said, and nothing made.
    await page.getByTestId('api-token-create').click();
    expect(await page.getByTestId('api-token-problem').textContent()).toBe(WORDS[lang].missing);

    await page.getByTestId('api-token-name').fill('Scheduling script');
    await page.getByTestId('api-token-create').click();
    const secret = (await page.getByTestId('api-token-secret').textContent()) ?? '';
    expect(secret).toMatch(/^nashr_pat_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-token-row').waitFor();
    expect(await page.getByTestId('api-token-row').textContent()).toContain(secret.slice(0, 14));
    expect(await page.getByTestId('api-token-row').textContent()).not.toContain(secret);
    expect(await page.getByTestId('api-token-row').textContent()).toContain(WORDS[lang].readPosts);
    expect(await page.getByTestId('api-token-form').textContent()).toContain(WORDS[lang].readPosts);
    await screenshot(page, `api-tokens-${lang}-${viewport}`);

    // Read posts only, as chosen (the default permission): drafts can be read, not written.
    expect(await withToken(secret, '/api/v1/drafts')).toMatchObject({ status: 200 });
    const write = await fetch(`${stack.url}/api/v1/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'From a script' }),
    });
    expect(write.status).toBe(403);

    // Shown once: gone after Done and after a reload.
    await page.getByRole('button', { name: lang === 'ar' ? 'تم' : 'Done' }).click();
    expect(await page.getByTestId('api-token-secret').count()).toBe(0);
    await page.reload();
    await page.getByTestId('api-token-row').waitFor();
    expect(await page.locator('body').textContent()).not.toContain(secret);

    await page.getByTestId('api-token-revoke').click();
    await page.getByTestId('discard-confirm').click();
    await page.getByText(WORDS[lang].revoked).waitFor();
    await page.getByTestId('api-tokens-empty').waitFor();
    expect(await withToken(secret, '/api/v1/drafts')).toEqual({ status: 401, code: 'token.invalid' });
    await context.close();
  });
});
