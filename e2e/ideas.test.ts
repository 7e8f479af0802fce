/**
 * Optimize Profile and daily ideas in a real browser against the whole stack, in both languages:
 * the profile's review proposes a headline that is copied (with its toast, and on the clipboard),
 * and today's ideas, reached from the sidebar, fill the composer with 'Write this'.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { callAs, fullUser } from './support/full-user';

const OFFLINE_WRITER = { AI_PROVIDER: 'offline', AI_OFFLINE_TOKEN_DELAY_MS: '0' };

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

const WORDS = {
  en: {
    language: 'English' as const,
    optimize: 'Optimize Profile',
    copied: 'Headline copied',
    empty: 'Add your headline, About section or skills so there is something to review.',
    credits: 'Credits left: 90',
    nav: 'Daily ideas',
    write: 'Write this',
  },
  ar: {
    language: 'Arabic' as const,
    optimize: 'تحسين الملف الشخصي',
    copied: 'نُسخ «العنوان المهني»',
    empty: 'أضف عنوانك المهني أو نبذتك أو مهاراتك ليكون هناك ما نراجعه.',
    credits: 'النقاط المتبقية: 90',
    nav: 'أفكار اليوم',
    write: 'اكتبها',
  },
};

/** The ai service has the user's personalization (its worker copies it from the auth service's event). */
async function personalizationReached(user: Awaited<ReturnType<typeof fullUser>>) {
  await expect
    .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/ai/choices')).body?.data?.source, { timeout: 20_000 })
    .toBe('personalization');
}

for (const lang of ['en', 'ar'] as const) {
  const words = WORDS[lang];
  describe(`in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    it('runs Optimize Profile and copies the suggested headline', async () => {
      const user = await fullUser(stack, `optimize-${lang}`, undefined, words.language);
      await personalizationReached(user);
      const page = await openPage(browser, `${stack.url}/profile`, { lang, cookies: [user.session.browserCookie] });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      const headline = (await page.getByTestId('profile-headline').textContent())?.trim() ?? '';
      expect(headline).not.toBe('');

      await page.getByTestId('quick-actions').getByRole('button', { name: words.optimize }).click();
      const dialog = page.getByTestId('optimize-profile-dialog');
      await dialog.waitFor();
      // The profile's own fields are there to start from.
      expect(await dialog.getByTestId('optimize-headline').inputValue()).toBe(headline);
      await dialog.getByTestId('optimize-run').click();
      await dialog.getByTestId('optimize-result').waitFor();
      await dialog.getByTestId('optimize-offline').waitFor();
      const suggestions = dialog.getByTestId('optimize-suggestion');
      expect(await suggestions.count()).toBe(3);
      const proposed = dialog.locator('[data-field="headline"]');
      const text = (await proposed.getByTestId('optimize-text').textContent()) ?? '';
      // Built from the profile: the role it names comes first, and the review is in the writer's language.
      expect(text.startsWith(headline.split('|')[0]?.trim() ?? '')).toBe(true);
      if (lang === 'ar') expect(text).toContain('القيادة');
      else expect(text).toContain('leadership');
      expect(await dialog.getByTestId('optimize-credits').textContent()).toBe(words.credits);
      await settled(page);
      expect(describeViolations(await seriousViolations(page, '[data-testid="optimize-profile-dialog"]'))).toBe('');

      await proposed.getByTestId('optimize-copy').click();
      await page.getByText(words.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

      // With every field emptied there is nothing to review: said at once, and nothing is sent.
      let sent = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/ai/profile-review')) sent += 1;
      });
      await dialog.getByTestId('optimize-again').click();
      for (const field of ['optimize-headline', 'optimize-about', 'optimize-skills']) {
        await dialog.getByTestId(field).fill('');
      }
      await dialog.getByTestId('optimize-run').click();
      await dialog.getByTestId('optimize-error').getByText(words.empty).waitFor();
      expect(sent).toBe(0);
      await page.context().close();
    });

    it("shows today's ideas from the sidebar and 'Write this' fills the composer", async () => {
      const user = await fullUser(stack, `ideas-${lang}`, undefined, words.language);
      await personalizationReached(user);
      const page = await openPage(browser, `${stack.url}/hooks`, { lang, cookies: [user.session.browserCookie] });
      await page.getByTestId('screen-hooks').waitFor();
      await page.getByRole('link', { name: words.nav }).first().click();
      await page.getByTestId('screen-ideas').waitFor();
      const items = page.getByTestId('idea-item');
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(5);
      await page.getByTestId('ideas-offline').waitFor();
      const topics = await page.getByTestId('idea-topic').allTextContents();
      expect(new Set(topics).size).toBe(5);
      // From the user's own work (the full user is a Founder), in their language.
      expect(topics.some((topic) => topic.includes('Founder'))).toBe(true);
      if (lang === 'ar') for (const topic of topics) expect(topic).toMatch(/[\u0600-\u06FF]/);
      await settled(page);
      expect(describeViolations(await seriousViolations(page))).toBe('');

      const first = items.first();
      const topic = (await first.getByTestId('idea-topic').textContent()) ?? '';
      await first.getByRole('button', { name: new RegExp(`^${words.write}`) }).click();
      const composer = page.getByTestId('composer-dialog');
      await composer.waitFor();
      await expect.poll(() => composer.getByTestId('composer-text').inputValue()).toBe(topic);
      await page.context().close();
    });
  });
}
