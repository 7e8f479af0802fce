/**
 * Draft review in a shared workspace, in a real browser, in Arabic: the owner invites a contributor
 * and turns on the approval rule; the contributor writes a draft and sends it for review from the
 * composer; the owner, on a phone, opens the review page by its e-mail link (which moves the tab to
 * the workspace), requests a change with a comment; the contributor edits the draft and sends it
 * again; the owner approves it and schedules it from the drafts list. A contributor's direct call
 * to the publish endpoint is refused. A notification's link to the post opens it in the team's
 * workspace. The server's answers are checked, not only the words shown.
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_REVIEW_COMMENT_LENGTH,
  postPagePath,
  reviewPagePath,
  WORKSPACE_COOKIE,
  WORKSPACE_HEADER,
} from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled } from './support/axe';
import { launchBrowser, newContext, screenshot, waitUntilLive } from './support/browser';
import { callAs, fullUser, type StackUser } from './support/full-user';
import { acceptLinkIn, fromNewestMail } from './support/mail';
import { announcePlan } from './support/plans';
import { pickScheduleDate, pickScheduleTime } from './support/schedule-fields';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content'],
      workers: ['auth', 'linkedin', 'posts'],
      helpers: ['mail'],
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Calls the API as `user` in the workspace `workspaceId`, as the web app does once it works there. */
async function callIn(user: StackUser, workspaceId: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      cookie: user.session.cookieHeader,
      [WORKSPACE_HEADER]: workspaceId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** The draft as the posts service holds it in the workspace. */
async function draftIn(user: StackUser, workspaceId: string, draftId: string) {
  const answer = await callIn(user, workspaceId, 'GET', `/api/v1/drafts/${draftId}/review`);
  return answer.body?.data?.draft as { reviewState: string; version: number; content: string } | undefined;
}

async function openAs(
  user: StackUser,
  path: string,
  options: { viewport: 'phone' | 'desktop'; workspace?: string },
): Promise<Page> {
  const context = await newContext(browser, {
    lang: 'ar',
    viewport: options.viewport,
    cookies: [
      user.session.browserCookie,
      ...(options.workspace ? [{ name: WORKSPACE_COOKIE, value: options.workspace, url: stack.url }] : []),
    ],
    ...(options.viewport === 'phone' ? { size: { width: 390, height: 844 } } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  await waitUntilLive(page);
  return page;
}

const browserDay = (page: Page, days: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

/** The text the page shows without the direction marks around numbers and names. */
const shown = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

describe('draft review in a workspace, in Arabic', () => {
  it('goes from a contributor’s draft through a requested change to an approved, scheduled post', async () => {
    const [owner, writer] = await Promise.all([fullUser(stack, 'rv-owner'), fullUser(stack, 'rv-writer')]);
    await announcePlan(stack, owner, 'starter');
    const made = await callAs(stack, owner, 'POST', '/api/v1/workspaces', { name: 'فريق المحتوى' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const team: string = made.body.data.workspace.id;

    // The owner invites the contributor and turns the approval rule on, on the workspaces screen.
    const ownerDesk = await openAs(owner, `/workspaces?id=${team}`, { viewport: 'desktop' });
    await ownerDesk.getByTestId('workspace-invite-email').fill(writer.email);
    await ownerDesk.getByTestId('workspace-invite-role').selectOption('contributor');
    await ownerDesk.getByTestId('workspace-invite').click();
    await ownerDesk.getByTestId('workspace-invitation').filter({ hasText: writer.email }).waitFor();
    const rule = ownerDesk.getByTestId('review-rule-switch');
    expect(await rule.getAttribute('aria-checked')).toBe('false');
    expect(await ownerDesk.getByTestId('review-rule').textContent()).toContain('اشتراط الاعتماد قبل النشر');
    await rule.click();
    await expect.poll(() => rule.getAttribute('aria-checked')).toBe('true');
    expect((await callIn(owner, team, 'GET', '/api/v1/review-settings')).body.data).toEqual({ requiresApproval: true });
    await ownerDesk.context().close();

    const link = await fromNewestMail(stack, writer.email, 1, acceptLinkIn, 30_000);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    const joined = await callAs(stack, writer, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    // The contributor writes a draft in the workspace and sends it for review from the composer.
    const marker = randomUUID().slice(0, 8);
    const first = `ثلاث عادات تغيّر طريقة عملك ${marker}\nالأولى: ابدأ بالأهم.\nالثانية: دوّن كل شيء.`;
    const writing = await openAs(writer, '/generate-post', { viewport: 'desktop', workspace: team });
    const composer = writing.getByTestId('composer-page');
    await composer.getByTestId('composer-text').fill(first);
    await composer.getByTestId('composer-role-note').waitFor();
    await expect
      .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    const send = composer.getByTestId('send-for-review');
    expect(await send.textContent()).toBe('إرسال للمراجعة');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await composer.getByTestId('composer-review').getByText('قيد المراجعة').waitFor();
    const drafts = (await callIn(writer, team, 'GET', '/api/v1/drafts')).body.data as { id: string; content: string }[];
    const draftId = drafts.find((d) => d.content.includes(marker))?.id as string;
    expect(draftId).toBeTruthy();
    expect(await draftIn(writer, team, draftId)).toMatchObject({ reviewState: 'in_review' });

    // A contributor may not publish, whatever the screen offers.
    const published = await callIn(writer, team, 'POST', '/linkedln/createPost', {
      text: JSON.stringify(first),
      visibility: 'PUBLIC',
      timeZone: 'Asia/Riyadh',
      draftId,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(403);
    expect(published.body.code).toBe('workspace.role_too_low');

    // The owner, on a phone in the personal workspace, opens the e-mail's link: the tab moves to
    // the team, the draft shows with its lines, and the owner asks for a change.
    const phone = await openAs(owner, reviewPagePath(team, draftId), { viewport: 'phone' });
    await phone.getByTestId('review-summary').waitFor();
    await expect
      .poll(async () => (await phone.context().cookies()).find((c) => c.name === WORKSPACE_COOKIE)?.value)
      .toBe(team);
    expect(await shown(phone, 'review-state')).toContain('قيد المراجعة');
    expect(await phone.getByTestId('review-draft-text').textContent()).toBe(first);
    // Its lines show as lines.
    expect(await phone.getByTestId('review-draft-text').evaluate((p) => getComputedStyle(p).whiteSpace)).toBe(
      'pre-wrap',
    );
    expect(await shown(phone, 'review-submitted')).toContain(writer.email);
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('مراجعة المسودة');
    await settled(phone);
    expect(describeViolations(await seriousViolations(phone))).toBe('');
    await screenshot(phone, 'review-ar-phone');
    // A comment the service would refuse (only spaces; longer than it keeps) is said beside the
    // box in the service's words, and never sent.
    const commentsSent: string[] = [];
    phone.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/v1/drafts/${draftId}/comments`)) {
        commentsSent.push(request.url());
      }
    });
    const commentForm = phone.getByTestId('comment-form');
    const commentBox = commentForm.getByTestId('comment-text');
    await commentBox.fill('   ');
    await commentForm.getByTestId('comment-send').click();
    const commentProblem = commentForm.getByTestId('comment-problem');
    await expect.poll(() => commentProblem.textContent()).toBe('اكتب تعليقًا أولًا.');
    await commentBox.fill('ت'.repeat(MAX_REVIEW_COMMENT_LENGTH + 1));
    await commentForm.getByTestId('comment-send').click();
    await expect.poll(() => commentProblem.textContent()).toContain('الحد الأقصى للتعليق');
    expect(await commentBox.getAttribute('aria-invalid')).toBe('true');
    expect(await commentBox.getAttribute('aria-describedby')).toContain(await commentProblem.getAttribute('id'));
    expect(commentsSent).toEqual([]);
    await commentBox.fill('');
    await phone.getByTestId('review-request-changes').click();
    const dialog = phone.getByTestId('request-changes-dialog');
    await dialog.getByTestId('request-changes-comment').fill('ابدأ بمثال من عملك.');
    await dialog.getByTestId('request-changes-send').click();
    await expect.poll(() => shown(phone, 'review-state')).toContain('مطلوب تعديلات');
    await expect.poll(() => shown(phone, 'review-announcement')).toContain('طُلبت التعديلات');
    expect(await phone.getByTestId('review-comment').first().getAttribute('data-kind')).toBe('changes_requested');
    expect(await draftIn(owner, team, draftId)).toMatchObject({ reviewState: 'changes_requested' });

    // The contributor sees it in the drafts list, edits the draft and sends it again.
    await writing.goto(`${stack.url}/posts?tab=drafts`);
    await waitUntilLive(writing);
    const card = writing.getByTestId('draft-card').filter({ hasText: marker });
    await expect
      .poll(async () => (await card.getByTestId('review-state').textContent()) ?? '')
      .toContain('مطلوب تعديلات');
    expect(await card.getByTestId('comment-count').textContent()).toBe('تعليق واحد');
    expect(await card.getByTestId('draft-schedule').count()).toBe(0);
    await card.getByTestId('draft-open').click();
    const editing = writing.getByTestId('composer-dialog');
    const second = `${first}\nمثال: بدأتُ يومي بأصعب مهمة فأنجزتها قبل الظهر.`;
    await editing.getByTestId('composer-text').fill(second);
    await expect
      .poll(() => editing.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    const again = editing.getByTestId('send-for-review');
    await expect.poll(() => again.isEnabled()).toBe(true);
    await again.click();
    await expect.poll(async () => (await draftIn(writer, team, draftId))?.reviewState).toBe('in_review');
    const resent = await draftIn(writer, team, draftId);
    expect(resent?.content).toBe(second);

    // The owner reads the new version and approves it.
    await phone.reload();
    await waitUntilLive(phone);
    await expect.poll(() => phone.getByTestId('review-draft-text').textContent()).toBe(second);
    await phone.getByTestId('review-approve').click();
    await expect.poll(() => shown(phone, 'review-state')).toContain('معتمدة');
    expect(await draftIn(owner, team, draftId)).toMatchObject({ reviewState: 'approved', version: resent?.version });
    expect(
      await phone.getByTestId('activity-entry').evaluateAll((items) => items.map((i) => i.getAttribute('data-action'))),
    ).toEqual(expect.arrayContaining(['submitted', 'changes_requested', 'approved']));

    // Approved, it may be scheduled: from the drafts list, with the draft's id.
    await phone.goto(`${stack.url}/posts?tab=drafts`);
    await waitUntilLive(phone);
    const approved = phone.getByTestId('draft-card').filter({ hasText: marker });
    await approved.getByTestId('draft-schedule').click();
    const schedule = phone.getByTestId('schedule-dialog');
    await pickScheduleDate(schedule, await browserDay(phone, 2));
    await pickScheduleTime(schedule, '10:30');
    await schedule.getByRole('button', { name: 'جدولة', exact: true }).click();
    let postId = '';
    await expect
      .poll(async () => {
        const waiting = await callIn(owner, team, 'GET', `/linkedln/getScheduledPosts/${owner.userId}`);
        const posts: { id: string; content: string; status: string }[] = waiting.body?.data ?? [];
        postId = posts[0]?.id ?? '';
        return posts.map((post) => [post.content, post.status]);
      })
      .toEqual([[second, 'scheduled']]);

    // The scheduled post keeps its history: who wrote, sent, approved and scheduled it.
    await phone.goto(`${stack.url}/posts?tab=scheduled`);
    await waitUntilLive(phone);
    const scheduled = phone.getByTestId('scheduled-post').filter({ hasText: marker });
    await scheduled.getByRole('button', { name: 'السجل' }).click();
    const history = phone.getByTestId('post-history-dialog');
    await expect
      .poll(() =>
        history.getByTestId('activity-entry').evaluateAll((items) => items.map((i) => i.getAttribute('data-action'))),
      )
      .toEqual(expect.arrayContaining(['created', 'submitted', 'changes_requested', 'approved', 'scheduled']));
    expect(await history.getByTestId('activity-entry').first().textContent()).toContain(writer.email);
    await phone.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // The calendar's list of the day offers the same history.
    const day = await browserDay(phone, 2);
    const calendar = phone.getByTestId('posts-calendar');
    if ((await calendar.locator(`[data-date="${day}"]`).count()) === 0)
      await calendar.getByTestId('calendar-next').click();
    const marked = calendar.locator(`[data-date="${day}"]:not([data-mark="none"])`);
    await marked.click();
    const dayPost = phone.getByTestId('day-posts-dialog').getByTestId('day-post').filter({ hasText: marker });
    await dayPost.getByRole('button', { name: 'السجل' }).click();
    await expect
      .poll(() =>
        history.getByTestId('activity-entry').evaluateAll((items) => items.map((i) => i.getAttribute('data-action'))),
      )
      .toEqual(expect.arrayContaining(['approved', 'scheduled']));
    await phone.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await phone.context().close();
    await writing.context().close();

    // A notification's link to the post (a team's failed post is told to its owner so), opened
    // where the owner works in the personal workspace: the tab moves to the team, then the post
    // is brought into view and focused.
    const desk = await openAs(owner, postPagePath(postId, team), { viewport: 'desktop' });
    await desk.waitForFunction((id) => document.activeElement?.getAttribute('data-post-id') === id, postId);
    expect(await shown(desk, 'workspace-switcher-name')).toBe('فريق المحتوى');
    await desk.context().close();
  });
});
