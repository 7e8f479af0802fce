/**
 * Engage's search for people and commenting on a post by its address, against the built stack
 * with the sandbox network: in Arabic, a creator is found by name (typed without its hamza and ta
 * marbuta) and followed with the keyboard alone; in English, a post is brought in by its address
 * (after a wrong address is refused in words), its suggestion used and the comment sent once.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { callAs, fullUser } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'billing', 'engage', 'content', 'ai'],
      workers: ['auth', 'posts', 'billing', 'engage', 'ai'],
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('engage: search and posts by address', () => {
  it('finds a creator in Arabic and follows them with the keyboard', async () => {
    const user = await fullUser(stack, 'searcher', undefined, 'Arabic');
    const page = await openPage(browser, `${stack.url}/engage`, { lang: 'ar', cookies: [user.session.browserCookie] });
    await page.getByRole('heading', { level: 1, name: 'مساعد التفاعل' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'الاسم أو المسمّى الوظيفي' });
    await search.fill('ساره القحطانى');
    const results = page.getByTestId('engage-search-results');
    await results.getByText('سارة القحطاني').waitFor();
    await page.getByTestId('engage-search').getByRole('status').getByText('وجدنا شخصًا واحدًا').waitFor();

    // From the field, Tab reaches the result's Follow button; Enter follows.
    await search.focus();
    await page.keyboard.press('Tab');
    const follow = results.getByRole('button', { name: 'تابِع سارة القحطاني' });
    await expect.poll(() => follow.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('engage-people').getByText('سارة القحطاني').waitFor();
    await results.getByText('في قائمة متابعتك').waitFor();

    await search.fill('لا أحد بهذا الاسم');
    await page.getByTestId('engage-search').getByText('لا أحد يطابق هذه الكلمات.').waitFor();
    await page.context().close();
  });

  it('brings a post in by its address, refuses a wrong one, and sends a suggested comment once', async () => {
    // Another user's feed gives the address of one of the sandbox's posts.
    const other = await fullUser(stack, 'reader');
    expect(
      (
        await callAs(stack, other, 'POST', '/api/v1/engage/people', {
          profileUrl: 'https://www.linkedin.com/in/liam-patel',
        })
      ).status,
    ).toBe(201);
    let postUrl = '';
    await expect
      .poll(async () => {
        postUrl = (await callAs(stack, other, 'GET', '/api/v1/engage/feed?lang=en')).body.posts[0]?.url ?? '';
        return postUrl;
      }, POLL)
      .toContain('/posts/sbx-liam-patel-');

    const user = await fullUser(stack, 'commenter');
    await startTrial(stack, user);
    await takeStarter(stack, user);
    const page = await openPage(browser, `${stack.url}/engage`, { lang: 'en', cookies: [user.session.browserCookie] });
    const byUrl = page.getByTestId('engage-by-url');
    await byUrl.getByRole('heading', { name: 'Comment on a post by its address' }).waitFor();
    const address = byUrl.getByLabel('Post address');
    // Nothing pasted: said beside the field, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/engage/posts/by-url')) sent += 1;
    });
    await address.fill('   ');
    await address.press('Enter');
    await byUrl.getByRole('alert').getByText("Paste the post's address.").waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
    await address.fill('https://www.linkedin.com/in/liam-patel');
    await address.press('Enter');
    await byUrl.getByRole('alert').getByText('This is not the address of a LinkedIn post.', { exact: false }).waitFor();

    await address.fill(postUrl);
    await byUrl.getByTestId('engage-url-submit').click();
    const post = byUrl.getByTestId('engage-post');
    await post.getByRole('heading', { level: 3, name: 'Liam Patel' }).waitFor();
    await post.getByText('You added it by its address').waitFor();
    // Written by the ai service a moment after the post arrives.
    await post.getByTestId('engage-suggestion-text').nth(2).waitFor();
    expect(await post.getByTestId('engage-suggestion-text').count()).toBe(3);
    await post.getByTestId('engage-use').first().click();
    const suggested = await post.getByTestId('engage-editor').inputValue();
    await post.getByTestId('engage-send').click();
    await page.getByTestId('engage-history').getByText(suggested).waitFor();
    const history = await callAs(stack, user, 'GET', '/api/v1/engage/comments');
    expect(history.body.comments).toHaveLength(1);
    expect(history.body.comments[0]).toMatchObject({ status: 'sent', postUrl, authorName: 'Liam Patel' });
    await page.context().close();

    // The same in Arabic: a wrong address is refused in Arabic.
    const arabic = await openPage(browser, `${stack.url}/engage`, {
      lang: 'ar',
      cookies: [user.session.browserCookie],
    });
    const section = arabic.getByTestId('engage-by-url');
    await section.getByRole('heading', { name: 'علّق على منشور برابطه' }).waitFor();
    await section.getByTestId('engage-url-submit').click();
    await section.getByRole('alert').getByText('يلزم رابط المنشور.').waitFor();
    await section.getByLabel('رابط المنشور').fill('https://example.com/post/1');
    await section.getByTestId('engage-url-submit').click();
    await section.getByRole('alert').getByText('هذا ليس رابط منشور على لينكدإن.', { exact: false }).waitFor();
    await section
      .getByLabel('رابط المنشور')
      .fill('https://www.linkedin.com/feed/update/urn:li:activity:7212345678901234567/');
    await section.getByTestId('engage-url-submit').click();
    await section.getByRole('alert').getByText('لم نجد هذا المنشور', { exact: false }).waitFor();
    await arabic.context().close();
  });
});
