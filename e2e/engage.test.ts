/**
 * Engage as a new user meets it, on desktop in English, against the built stack with the sandbox
 * network: follow a creator by their profile address, see their posts (with their images) and the
 * suggestions the ai worker prepared (its offline writer, labelled so), be told the trial does not
 * include sending, take Starter and see the commenting credits in the sidebar, be told an empty or
 * over-long comment is refused, edit a suggestion and send it, and see it once in the history and
 * on the sandbox post; then the same in Arabic on a phone, with a creator's document. On
 * /inspiration, the best recent posts of the people followed appear under 'From people you
 * follow' (before any, the way to Engage).
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { callAs, fullUser } from './support/full-user';
import { startTrial, takeStarter } from './support/plans';

let stack: Stack;
let browser: Browser;
const POLL = { timeout: 30_000, interval: 250 };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'billing', 'engage', 'content', 'ai'],
      // The ai worker writes the suggestions engage asks for.
      workers: ['auth', 'posts', 'billing', 'engage', 'ai'],
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('engage', () => {
  it('follows a creator, shows their posts with suggestions, and sends an edited one exactly once', async () => {
    const user = await fullUser(stack, 'engager');
    await startTrial(stack, user);
    const page = await openPage(browser, `${stack.url}/engage`, { lang: 'en', cookies: [user.session.browserCookie] });
    await page.getByRole('heading', { level: 1, name: 'Engage' }).waitFor();
    await page.getByText('Your feed is empty').waitFor();
    await page.getByTestId('engage-not-included').waitFor();

    // Follow by profile address; nothing typed, and a wrong address, are refused in words.
    const address = page.getByLabel('Profile address');
    await page.getByTestId('engage-person-add').click();
    await page.getByRole('alert').getByText('Paste a profile address.').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    // A topic over its length is refused before it is sent, beside its own field.
    const topic = page.getByLabel('Topic or keyword');
    await topic.fill('x'.repeat(61));
    await topic.press('Enter');
    await page.getByRole('alert').getByText('A topic has at most 60 characters.').waitFor();
    expect((await callAs(stack, user, 'GET', '/api/v1/engage/targets')).body.topics).toEqual([]);
    await address.fill('https://example.com/emma');
    await address.press('Enter');
    await page.getByRole('alert').getByText('This is not a profile address.', { exact: false }).waitFor();
    await address.fill('https://www.linkedin.com/in/emma-carter/');
    await page.getByTestId('engage-person-add').click();
    await page.getByTestId('engage-people').getByText('Emma Carter').waitFor();

    // Her posts arrive from the background refresh, each with three prepared suggestions.
    const post = page.getByTestId('engage-post').first();
    await post.getByTestId('engage-suggestions').waitFor({ timeout: 30_000 });
    expect(await post.getByRole('heading', { level: 3 }).textContent()).toBe('Emma Carter');
    expect(await post.getByTestId('engage-suggestion-text').count()).toBe(3);
    expect(await post.getByTestId('engage-post-text').getAttribute('dir')).toBe('auto');
    await post.getByTestId('engage-offline-label').waitFor();

    // Every other post of hers carries a chart: lazy, described, laid out in the post's direction.
    const withImage = page
      .getByTestId('engage-post')
      .filter({ has: page.getByTestId('engage-media-image') })
      .first();
    const image = withImage.getByTestId('engage-media-image');
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('alt')).toBe('A line chart of monthly sign-ups rising steadily over six months');
    expect(await withImage.getByTestId('engage-media').getAttribute('dir')).toBe('ltr');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL)
      .toBe(1200);

    // The trial does not include sending: the refusal names the plan and the way to more.
    await post.getByTestId('engage-use').first().click();
    const editor = post.getByTestId('engage-editor');
    const suggested = await editor.inputValue();
    expect(suggested.length).toBeGreaterThan(20);
    const edited = `${suggested} We saw the same in our team.`;
    await editor.fill(edited);
    await post.getByTestId('engage-send').click();
    await post
      .getByTestId('engage-send-error')
      .getByText('not included in your Trial plan', { exact: false })
      .waitFor();
    expect(await post.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/billing');

    await takeStarter(stack, user);
    await page.reload();
    await page
      .getByTestId('engage-credits')
      .getByText('100 of 100 commenting credits left', { exact: false })
      .waitFor();
    // The sidebar counts them beside the AI credits, and still fits an 800-pixel window.
    const sidebarCredits = page.getByTestId('sidebar').getByTestId('credits-commenting');
    await sidebarCredits.getByText('100 / 100 commenting credits').waitFor();
    const logout = await page.getByTestId('sidebar').getByRole('button', { name: 'Log out' }).boundingBox();
    expect((logout?.y ?? Number.POSITIVE_INFINITY) + (logout?.height ?? 0)).toBeLessThanOrEqual(800);

    const again = page.getByTestId('engage-post').first();
    await again.getByTestId('engage-use').first().click();
    // An empty or over-long comment is refused in the service's words before it is sent, and costs nothing.
    const commentsSent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/engage/comments')) {
        commentsSent.push(request.url());
      }
    });
    const refusal = again.getByTestId('engage-send-error');
    await again.getByTestId('engage-editor').fill('   ');
    await again.getByTestId('engage-send').click();
    await refusal.getByText('Write something before sending.').waitFor();
    expect(await again.getByTestId('engage-editor').getAttribute('aria-invalid')).toBe('true');
    await again.getByTestId('engage-editor').fill('x'.repeat(1251));
    await again.getByTestId('engage-send').click();
    await refusal.getByText(/A comment can be at most 1,?250 characters\./).waitFor();
    expect(commentsSent).toEqual([]);
    await again.getByTestId('engage-editor').fill(edited);
    await again.getByTestId('engage-send').click();

    await page.getByTestId('engage-history').getByText(edited).waitFor();
    await page.getByTestId('engage-history').getByText('Sent', { exact: true }).waitFor();
    await again.getByTestId('engage-my-comments').getByText(edited).waitFor();
    await page.getByTestId('engage-credits').getByText('99 of 100', { exact: false }).waitFor();
    await sidebarCredits.getByText('99 / 100 commenting credits').waitFor();
    await screenshot(page, 'engage-en-desktop');

    // The Billing page counts the same comment.
    await page.goto(`${stack.url}/billing`, { waitUntil: 'domcontentloaded' });
    const commenting = page.getByTestId('billing-commenting-credits');
    await expect
      .poll(async () => (await commenting.textContent())?.replace(/[\u2066-\u2069]/g, ''), POLL)
      .toBe('99 of 100');

    // Once in the history, once on the sandbox post.
    const history = await callAs(stack, user, 'GET', '/api/v1/engage/comments');
    expect(history.body.comments).toHaveLength(1);
    expect(history.body.comments[0]).toMatchObject({ status: 'sent', text: edited });
    expect(history.body.comments[0].url).toContain(history.body.comments[0].postId);
    const sql = postgres(stack.databaseUrl, { max: 1 });
    try {
      const rows = await sql`select text from engage.sandbox_comments where user_id = ${user.userId}`;
      expect(rows.map((r) => r.text)).toEqual([edited]);
    } finally {
      await sql.end();
    }
    await page.context().close();

    // The same user on a phone in Arabic, who also follows a creator who shares documents: the
    // suggestions are written again in Arabic, right to left.
    const omar = await callAs(stack, user, 'POST', '/api/v1/engage/people', {
      profileUrl: 'https://www.linkedin.com/in/omar-alharbi',
    });
    expect(omar.status).toBe(201);
    const phone = await openPage(browser, `${stack.url}/engage`, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [user.session.browserCookie],
    });
    await phone.getByRole('heading', { level: 1, name: 'مساعد التفاعل' }).waitFor();
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    await phone.getByTestId('engage-history').getByText(edited).waitFor();
    const first = phone.getByTestId('engage-post').first();
    // Following someone, the phone opens on the feed: its first post is in the first screenful,
    // above the lists of people and topics and the autopilot.
    await first.waitFor();
    const postTop = (await first.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const panelTop = (await phone.getByTestId('engage-side-panel').boundingBox())?.y ?? 0;
    expect(postTop).toBeLessThan(panelTop);
    expect(postTop).toBeLessThan(phone.viewportSize()?.height ?? 0);
    await expect
      .poll(
        async () =>
          /[\u0600-\u06FF]/.test((await first.getByTestId('engage-suggestion-text').first().textContent()) ?? ''),
        POLL,
      )
      .toBe(true);
    const withDocument = phone
      .getByTestId('engage-post')
      .filter({ has: phone.getByTestId('engage-media-document') })
      .first();
    await withDocument.waitFor({ timeout: 30_000 });
    const document = withDocument.getByTestId('engage-media-document');
    expect(await document.getByTestId('engage-media-document-title').textContent()).toBe('دروس من جولة التمويل الأولى');
    await document.getByText(/10[\u200e\u200f\u061c\u2066-\u2069\s]*صفحات/).waitFor();
    expect(await withDocument.getByTestId('engage-media').getAttribute('dir')).toBe('rtl');

    // Refusals in Arabic.
    await withDocument.getByTestId('engage-use').first().click();
    const arabicRefusal = withDocument.getByTestId('engage-send-error');
    await withDocument.getByTestId('engage-editor').fill('');
    await withDocument.getByTestId('engage-send').click();
    await arabicRefusal.getByText('اكتب شيئًا قبل الإرسال.').waitFor();
    await withDocument.getByTestId('engage-editor').fill('ت'.repeat(1251));
    // The counter in the user's digits, isolated: "1,251 / 1,250", never "1,250 / 1,251" in right-to-left.
    expect(await withDocument.getByTestId('engage-count').locator('bdi').textContent()).toBe('1,251 / 1,250');
    await withDocument.getByTestId('engage-send').click();
    await arabicRefusal.getByText(/لا يتجاوز التعليق 1,?250 حرفًا\./).waitFor();
    await screenshot(phone, 'engage-ar-phone');

    // The commenting credits in the drawer's sidebar, in Arabic.
    await phone.getByRole('button', { name: 'فتح القائمة' }).click();
    await phone
      .getByTestId('mobile-drawer')
      .getByTestId('credits-commenting')
      .getByText(/نقاط التعليق المتبقية:\s*\S*99\S*\s*من\s*\S*100/)
      .waitFor();
    await phone.context().close();
  });

  it("shows the followed creators' best posts on /inspiration, and writes a post like one", async () => {
    const user = await fullUser(stack, 'inspired');
    await startTrial(stack, user);
    const arabic = await openPage(browser, `${stack.url}/inspiration`, {
      lang: 'ar',
      cookies: [user.session.browserCookie],
    });
    await arabic.getByTestId('screen-inspiration').waitFor();
    expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
    const empty = arabic.getByTestId('followed-empty');
    await empty.getByText('تابع صنّاع محتوى لترى أفضل منشوراتهم هنا').waitFor();
    expect(await empty.getByTestId('followed-go-engage').getAttribute('href')).toBe('/engage');
    await arabic.context().close();

    const followed = await callAs(stack, user, 'POST', '/api/v1/engage/people', {
      profileUrl: 'https://www.linkedin.com/in/emma-carter/',
    });
    expect(followed.status).toBe(201);
    // The feed refreshes in the background: her posts are in once the endpoint lists them.
    await expect
      .poll(async () => (await callAs(stack, user, 'GET', '/api/v1/engage/inspiration')).body.posts.length, POLL)
      .toBeGreaterThan(0);
    const page = await openPage(browser, `${stack.url}/inspiration`, {
      lang: 'en',
      cookies: [user.session.browserCookie],
    });
    await page.getByRole('heading', { level: 2, name: 'From people you follow' }).waitFor();
    const cards = page.getByTestId('followed-post');
    await cards.first().waitFor();
    expect(await cards.first().textContent()).toContain('Emma Carter');
    await cards.first().getByTestId('followed-like-this').click();
    const ask = page.getByTestId('like-this-dialog');
    await ask.waitFor();
    await ask.getByTestId('like-this-topic').fill('Hiring my first engineer');
    await ask.getByTestId('like-this-topic').press('Enter');
    const dialog = page.getByTestId('composer-dialog');
    await dialog.waitFor();
    // The AI's post on the user's topic, never an instruction to the AI.
    await expect
      .poll(() => dialog.getByTestId('composer-text').inputValue(), { timeout: 20_000 })
      .toContain('Hiring my first engineer');
    expect(await dialog.getByTestId('composer-text').inputValue()).not.toMatch(/structure/i);
    await screenshot(page, 'inspiration-followed-en');
    await page.context().close();
  });
});
