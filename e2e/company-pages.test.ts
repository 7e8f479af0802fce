/**
 * Company pages, in Arabic on a phone, against the whole stack and a local server speaking the
 * network's official wire format: the member connects with the page scopes, adds a page they
 * administer on the profile, sees the page's figures on the dashboard, schedules a post "as" the page from the composer (the card names the
 * page), and posts one now as the page, which reaches the network with the page as its author.
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import { type FakeLinkedin, fakeMember, startFakeLinkedin } from '@nashr/linkedin/testing';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, waitUntilLive } from './support/browser';
import { connectedThroughLinkedIn, officialNetworkEnv } from './support/connect';
import { callEndpointAs } from './support/full-user';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;
let fake: FakeLinkedin;
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  fake = await startFakeLinkedin();
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content', 'ai'],
      workers: ['auth', 'linkedin', 'posts'],
      env: {
        ai: { AI_PROVIDER: 'offline' },
        ...officialNetworkEnv(fake, { LINKEDIN_EXTRA_SCOPES: 'r_organization_admin w_organization_social' }),
      },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fake?.close();
});

describe('company pages', () => {
  it('adds a page on the profile, schedules a post as it, and publishes as the page', async () => {
    fake.member = fakeMember();
    const pageName = `شركة الأفق ${randomUUID().slice(0, 4)}`;
    const organization = fake.addOrganization(pageName, { [fake.member.sub]: 'ADMINISTRATOR' });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    fake.organizations
      .get(organization.split(':').at(-1) ?? '')
      ?.history.set(threeDaysAgo, { impressionCount: 700, clickCount: 31, likeCount: 12, organicFollowerGain: 9 });
    fake.addOrganization('Figures only', { [fake.member.sub]: 'ANALYST' });
    const { user, page } = await connectedThroughLinkedIn(stack, browser, 'pages', { lang: 'ar', viewport: 'phone' });

    // The profile lists the page that may post (not the one the member only reads figures of).
    await page.goto(`${stack.url}/profile`, { waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    const section = page.getByTestId('company-pages');
    await section.getByRole('heading', { name: 'صفحات الشركات' }).waitFor();
    const row = section.getByTestId('company-page');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(pageName);
    expect(await row.textContent()).toContain('مشرف');
    await row.getByRole('button', { name: `إضافة ${pageName}` }).click();
    await page.getByText(`أُضيفت ${pageName}`).waitFor();
    await section.locator('[data-testid="company-page"][data-added="true"]').waitFor();
    await screenshot(page, 'company-pages-ar-phone');

    // The dashboard shows the page's own figures as the network's statistics give them, read by
    // the snapshot the page's adding started: no sample badge.
    await page.goto(`${stack.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    await page.getByTestId('analytics-identity').getByText(pageName, { exact: true }).click();
    const figures = page.getByTestId('page-figures');
    await figures.waitFor({ timeout: 30_000 });
    expect(await figures.getByTestId('stat-page-impressions').getAttribute('data-value')).toBe('700');
    expect(await figures.getByTestId('stat-page-clicks').getAttribute('data-value')).toBe('31');
    expect(await figures.getByTestId('stat-page-followerGrowth').getAttribute('data-value')).toBe('9');
    expect(await figures.getByTestId('sample-badge').count()).toBe(0);
    await screenshot(page, 'company-page-analytics-ar-phone');
    // The choice is in the address: a reload shows the page's figures again.
    expect(new URL(page.url()).searchParams.get('as')).not.toBeNull();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await figures.waitFor({ timeout: 30_000 });
    expect(await figures.getByTestId('stat-page-impressions').getAttribute('data-value')).toBe('700');

    // The composer's schedule form offers the page under "Post as".
    const content = `منشور باسم الصفحة ${randomUUID().slice(0, 8)}`;
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    const composer = page.getByTestId('composer-page');
    await composer.waitFor();
    await waitUntilLive(page);
    await composer.getByTestId('composer-text').fill(content);
    await composer.getByTestId('composer-schedule').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('النشر باسم').selectOption({ label: pageName });
    const inThreeDays = await page.evaluate(() => {
      const d = new Date(Date.now() + 3 * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await pickScheduleDate(dialog, inThreeDays);
    await pickScheduleTime(dialog, '10:30');
    await dialog.getByRole('button', { name: 'جدولة', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${stack.url}/posts`, { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('scheduled-post').filter({ hasText: content });
    await card.getByTestId('page-badge').waitFor();
    expect(await card.getByTestId('page-badge').textContent()).toBe(`باسم ${pageName}`);
    await screenshot(page, 'company-pages-card-ar-phone');

    // A post for the profile on the same day: the scheduled posts and the calendar show everyone's,
    // the profile's or the page's, as chosen above them.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const profileContent = `منشور باسم الملف الشخصي ${randomUUID().slice(0, 8)}`;
    const profilePost = await callEndpointAs(stack, user, API.posts.schedule, {
      body: {
        userId: user.userId,
        content: profileContent,
        date: inThreeDays,
        time: '09:00',
        timeZone: zone,
      },
    });
    expect(profilePost.status, JSON.stringify(profilePost.body)).toBe(201);
    const pagePostId = await card.getAttribute('data-post-id');
    const profilePostId = profilePost.body.data.id as string;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    const shownIds = async (testId: string) => {
      const list = page.locator(`[data-testid="${testId}"][data-post-id]`);
      return (await list.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-post-id')))).sort();
    };
    const choose = (label: string) => page.getByTestId('posts-identity').getByText(label, { exact: true }).click();
    const both = [pagePostId, profilePostId].sort();
    await expect.poll(() => shownIds('scheduled-post'), POLL).toEqual(both);
    await choose(pageName);
    await expect.poll(() => shownIds('scheduled-post'), POLL).toEqual([pagePostId]);
    await choose('الملف الشخصي');
    await expect.poll(() => shownIds('scheduled-post'), POLL).toEqual([profilePostId]);

    // The calendar keeps the choice: it opens on their day with the profile's post alone.
    await page.getByTestId('tab-calendar').click();
    await page.getByTestId('posts-timeline').waitFor();
    await expect.poll(() => shownIds('timeline-post'), POLL).toEqual([profilePostId]);
    await choose(pageName);
    await expect.poll(() => shownIds('timeline-post'), POLL).toEqual([pagePostId]);
    await screenshot(page, 'company-pages-calendar-ar-phone');
    await choose('الكل');
    await expect.poll(() => shownIds('timeline-post'), POLL).toEqual(both);

    // Posted now from the composer as the page: the confirmation names the page, and the network
    // receives the page as the author.
    const now = `الآن باسم الصفحة ${randomUUID().slice(0, 8)}`;
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    await composer.waitFor();
    await waitUntilLive(page);
    // A new post starts as the identity last used: the page.
    const postAs = composer.getByLabel('النشر باسم');
    await expect
      .poll(() => postAs.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text), POLL)
      .toBe(pageName);
    await postAs.selectOption({ label: 'الملف الشخصي' });
    await postAs.selectOption({ label: pageName });
    await composer.getByTestId('composer-text').fill(now);
    await composer.getByTestId('composer-post').click();
    const confirm = page.getByTestId('publish-confirm-post');
    await confirm.waitFor();
    expect(await page.getByRole('alertdialog').textContent()).toContain(pageName);
    await confirm.click();
    await expect
      .poll(() => fake.posts.find((post) => post.shown === now)?.author, { timeout: 30_000 })
      .toBe(organization);

    // The Published tab shows the page's posts when the page is chosen above the list.
    await page.goto(`${stack.url}/posts?tab=published`, { waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    const whose = page.getByTestId('published-identity');
    await whose.getByText(pageName).click();
    await page.getByTestId('published-list').getByText(now).waitFor();
    // The post shows its figures as the page's statistics give them.
    const published = page.getByTestId('published-post').filter({ hasText: now });
    const sent = fake.posts.find((post) => post.shown === now);
    if (!sent) throw new Error('the page post never reached the network');
    await published.locator('[data-counter="reactions"]').waitFor();
    expect(await published.getByTestId('figures-unknown').count()).toBe(0);
    // Read in Latin digits, whichever the display uses (the reactions are fewer than a thousand).
    const latin = (text: string | null) => (text ?? '').replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));
    expect(latin(await published.locator('[data-counter="reactions"] dd').textContent())).toBe(
      String(fake.figuresOf(sent.id).REACTION),
    );

    // A draft keeps the page it is written as: the Drafts tab names the page and filters by it,
    // and the draft opens writing as the page again.
    const drafted = `مسودة باسم الصفحة ${randomUUID().slice(0, 8)}`;
    await page.goto(`${stack.url}/generate-post`, { waitUntil: 'domcontentloaded' });
    await composer.waitFor();
    await waitUntilLive(page);
    await postAs.selectOption({ label: pageName });
    await composer.getByTestId('composer-text').fill(drafted);
    await expect
      .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    await page.goto(`${stack.url}/posts?tab=drafts`, { waitUntil: 'domcontentloaded' });
    await waitUntilLive(page);
    const draftCard = page.getByTestId('draft-card').filter({ hasText: drafted });
    await draftCard.getByTestId('page-badge').waitFor();
    expect(await draftCard.getByTestId('page-badge').textContent()).toBe(`باسم ${pageName}`);
    await choose('الملف الشخصي');
    await draftCard.waitFor({ state: 'detached' });
    await choose(pageName);
    await draftCard.getByTestId('draft-open').click();
    const opened = page.getByTestId('composer-dialog');
    await expect
      .poll(
        () => opened.getByLabel('النشر باسم').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
        POLL,
      )
      .toBe(pageName);
    await page.context().close();
  });
});
