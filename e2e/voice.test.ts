/**
 * 'Your voice' in a real browser against the whole stack, in Arabic: a sandbox account with a
 * history of posts, its voice read from them and shown in plain words, one trait corrected (emoji)
 * and a new offline draft in the composer that follows it.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { callAs, fullUser } from './support/full-user';

const OFFLINE_WRITER = { AI_PROVIDER: 'offline', AI_OFFLINE_TOKEN_DELAY_MS: '0' };
const EMOJI = /\p{Extended_Pictographic}/gu;

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'ai'],
      workers: ['auth', 'linkedin', 'posts', 'ai'],
      env: { ai: OFFLINE_WRITER, 'ai-worker': OFFLINE_WRITER },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('your voice', () => {
  it('in Arabic: reads the voice from the posts, takes a correction, and a new draft follows it', async () => {
    const user = await fullUser(stack, 'voice-ar', undefined, 'Arabic');
    const page = await openPage(browser, `${stack.url}/personalization`, {
      lang: 'ar',
      cookies: [user.session.browserCookie],
    });
    // Leaving the composer with a draft in it asks first; the test answers yes.
    page.on('dialog', (dialog) => void dialog.accept());
    const section = page.getByTestId('your-voice');
    await section.waitFor();
    // Before any reading, the page says what is missing.
    await expect.poll(() => section.getByTestId('voice-missing').textContent()).toContain('لم نقرأ منشوراتك بعد');

    await section.getByTestId('voice-rebuild').click();
    const summary = section.getByTestId('voice-summary');
    await summary.waitFor({ timeout: 30_000 }).catch(async (error) => {
      throw new Error(
        `${error}\n${await section.textContent()}\n${stack.output('ai-worker')}\n${stack.output('linkedin')}`,
      );
    });
    expect(await summary.textContent()).toMatch(/^تفتتح منشوراتك /);
    expect(await section.getByTestId('voice-measures').textContent()).toContain('قرأنا');

    const write = async () => {
      await page.goto(`${stack.url}/posts`);
      await page.getByTestId('new-post').click();
      const dialog = page.getByTestId('composer-dialog');
      await dialog.waitFor();
      const text = dialog.getByTestId('composer-text');
      await text.fill('وضوح الأهداف في الفريق');
      await dialog.getByTestId('write-with-ai').click();
      await expect.poll(async () => (await text.inputValue()).length, { timeout: 30_000 }).toBeGreaterThan(100);
      // Written once the stop button is gone.
      await dialog.getByTestId('composer-stop').waitFor({ state: 'detached', timeout: 30_000 });
      const draft = await text.inputValue();
      return draft;
    };

    await section.getByTestId('voice-emoji').selectOption('often');
    await expect.poll(() => summary.textContent()).toContain('تُكثر من الرموز التعبيرية');
    expect((await write()).match(EMOJI)?.length ?? 0).toBeGreaterThanOrEqual(3);

    await page.goto(`${stack.url}/personalization`);
    await page.getByTestId('voice-emoji').selectOption('never');
    await expect.poll(() => page.getByTestId('voice-summary').textContent()).toContain('لا تستخدم الرموز التعبيرية');
    // The next draft, asked for the way the composer asks, has none.
    const draft = await callAs(stack, user, 'POST', '/api/v1/ai/generate', { topic: 'وضوح الأهداف في الفريق' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data.text.match(EMOJI)).toBeNull();
  });
});
