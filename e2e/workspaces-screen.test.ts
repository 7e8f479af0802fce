/**
 * The workspaces screen in a real browser against the auth service, in Arabic on a phone and in
 * English on a desktop: an owner makes a workspace (a missing name said in words), invites two
 * addresses (the e-mail reaches the first), sees the invitations waiting, withdraws one, and once
 * the first person has joined changes their role; that member sees no managing buttons and leaves
 * after a question. The server's answers are checked, not only the words on the screen.
 */
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled } from './support/axe';
import { type Language, launchBrowser, newContext, screenshot, waitUntilLive } from './support/browser';
import { callAs, fullUser, type StackUser, signedInUser } from './support/full-user';
import { acceptLinkIn, fromNewestMail } from './support/mail';
import { announcePlan } from './support/plans';

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

const WORDS = {
  ar: {
    nameMissing: 'يلزم اسم لمساحة العمل.',
    personal: 'شخصية',
    oneWorkspace: 'مساحة عمل واحدة',
    twoWorkspaces: 'مساحتا عمل',
    oneMember: 'عضو واحد',
    twoMembers: 'عضوان',
    twoInvitations: 'دعوتان',
    oneInvitation: 'دعوة واحدة',
    viewer: 'مشاهد',
    editor: 'محرر',
    withdrawn: 'سُحبت الدعوة: لم يعد رابطها يعمل.',
    leave: 'مغادرة مساحة العمل',
    leaveConfirm: 'مغادرة',
    noLongerMember: 'لم يعد هذا الشخص عضوًا في مساحة العمل.',
    seatsTaken: 'اكتملت مساحة العمل هذه: بلغ أعضاؤها والدعوات المنتظرة فيها حدّ خطة مالكها (2).',
    emailInvalid: 'يلزم عنوان بريد إلكتروني صحيح.',
  },
  en: {
    nameMissing: 'Give the workspace a name.',
    personal: 'Personal',
    oneWorkspace: '1 workspace',
    twoWorkspaces: '2 workspaces',
    oneMember: '1 member',
    twoMembers: '2 members',
    twoInvitations: '2 invitations',
    oneInvitation: '1 invitation',
    viewer: 'viewer',
    editor: 'editor',
    withdrawn: 'Invitation withdrawn: its link no longer works.',
    leave: 'Leave the workspace',
    leaveConfirm: 'Leave',
    noLongerMember: 'This person is no longer a member of the workspace.',
    seatsTaken:
      "This workspace is full: its members and waiting invitations have reached the limit of its owner's plan (2).",
    emailInvalid: 'Enter a valid e-mail address.',
  },
} as const;

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

async function openWorkspaces(user: StackUser, lang: Language, viewport: 'phone' | 'desktop'): Promise<Page> {
  const context = await newContext(browser, {
    lang,
    viewport,
    cookies: [user.session.browserCookie],
    ...(viewport === 'phone' ? { size: { width: 390, height: 844 } } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${stack.url}/workspaces`);
  await waitUntilLive(page);
  await page.getByTestId('workspace-item').first().waitFor();
  return page;
}

/** Chooses the workspace named `name` in the list; its members show. */
async function choose(page: Page, name: string) {
  await page.getByTestId('workspace-item').filter({ hasText: name }).click();
  await expect.poll(() => text(page, 'workspace-details-name')).toBe(name);
  await page.getByTestId('workspace-members').waitFor();
}

describe.each([
  ['ar', 'phone'],
  ['en', 'desktop'],
] as const)('workspaces in %s on a %s', (lang: Language, viewport) => {
  it('makes a workspace, invites, withdraws, changes a role, and a member leaves', async () => {
    const words = WORDS[lang];
    const [owner, member] = await Promise.all([
      fullUser(stack, `ws-owner-${lang}`),
      fullUser(stack, `ws-member-${lang}`),
    ]);
    const other = `ws-other-${lang}-${Date.now()}@example.test`;
    const page = await openWorkspaces(owner, lang, viewport);

    // The personal workspace, marked, and the owner has nothing to leave.
    expect(await text(page, 'workspaces-count')).toBe(words.oneWorkspace);
    expect(await page.getByTestId('workspace-item').first().textContent()).toContain(words.personal);
    expect(await page.getByTestId('workspace-leave').count()).toBe(0);

    // A missing name is said in words, and nothing is made.
    await page.getByTestId('workspace-create').click();
    expect(await text(page, 'workspace-create-problem')).toBe(words.nameMissing);
    await page.getByTestId('workspace-name').fill('Launch team');
    await page.getByTestId('workspace-create').click();
    await expect.poll(() => text(page, 'workspaces-count')).toBe(words.twoWorkspaces);
    await expect.poll(() => text(page, 'workspace-details-name')).toBe('Launch team');
    await expect.poll(() => text(page, 'workspace-members-count')).toBe(words.oneMember);
    const created = (await callAs(stack, owner, 'GET', '/api/v1/workspaces')).body.data.workspaces;
    const workspace = created.find((w: { name: string }) => w.name === 'Launch team');
    expect(workspace).toMatchObject({ role: 'owner', personal: false });
    expect(await text(page, 'workspace-invitations-empty')).toBeTruthy();

    // Two invitations: the first as a viewer, whose e-mail arrives; the second is withdrawn. The
    // trial is a team of two: the second waits for a plan with more seats.
    // An address that is not one is said before anything is sent.
    await page.getByTestId('workspace-invite-email').fill('not an address');
    await page.getByTestId('workspace-invite').click();
    await expect.poll(() => text(page, 'workspace-invite-problem')).toBe(words.emailInvalid);
    expect(await page.getByTestId('workspace-invitation').count()).toBe(0);
    await page.getByTestId('workspace-invite-email').fill(member.email);
    await page.getByTestId('workspace-invite-role').selectOption('viewer');
    await page.getByTestId('workspace-invite').click();
    await page.getByTestId('workspace-invitation').filter({ hasText: member.email }).waitFor();
    await page.getByTestId('workspace-invite-email').fill(other);
    await page.getByTestId('workspace-invite').click();
    await expect.poll(() => text(page, 'workspace-invite-problem')).toContain(words.seatsTaken);
    expect(await page.getByTestId('workspace-invitation').count()).toBe(1);
    await announcePlan(stack, owner, 'starter');
    // The address typed is still there; the auth service hears of the plan in a moment.
    await expect
      .poll(async () => {
        await page.getByTestId('workspace-invite').click();
        return page.getByTestId('workspace-invitation').count();
      })
      .toBe(2);
    await expect.poll(() => text(page, 'workspace-invitations-count')).toBe(words.twoInvitations);
    const memberRow = page.getByTestId('workspace-invitation').filter({ hasText: member.email });
    expect(await memberRow.getByTestId('workspace-invitation-role').textContent()).toBe(words.viewer);
    const link = await fromNewestMail(stack, member.email, 1, acceptLinkIn, 30_000);

    await settled(page);
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await screenshot(page, `workspaces-${lang}-${viewport}`);

    await page
      .getByTestId('workspace-invitation')
      .filter({ hasText: other })
      .getByTestId('workspace-invitation-withdraw')
      .click();
    await page.getByText(words.withdrawn).waitFor();
    await expect.poll(() => text(page, 'workspace-invitations-count')).toBe(words.oneInvitation);
    const waiting = await callAs(stack, owner, 'GET', `/api/v1/workspaces/${workspace.id}/members`);
    expect(waiting.body.data.invitations.map((i: { email: string }) => i.email)).toEqual([member.email]);

    // The member joins with the link's token; the owner sees them and makes them an editor.
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    const joined = await callAs(stack, member, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    await page.reload();
    await waitUntilLive(page);
    await page.getByTestId('workspace-item').first().waitFor();
    await choose(page, 'Launch team');
    await expect.poll(() => text(page, 'workspace-members-count')).toBe(words.twoMembers);
    expect(await page.getByTestId('workspace-invitations-empty').count()).toBe(1);
    const row = page.getByTestId('workspace-member').filter({ hasText: member.email });
    expect(await row.getByTestId('workspace-member-role-select').inputValue()).toBe('viewer');
    await row.getByTestId('workspace-member-role-select').selectOption('editor');
    await expect
      .poll(async () => {
        const team = await callAs(stack, owner, 'GET', `/api/v1/workspaces/${workspace.id}/members`);
        return team.body.data.members.find((m: { email: string }) => m.email === member.email)?.role;
      })
      .toBe('editor');

    // The member: no managing buttons, and leaving asks first.
    const theirs = await openWorkspaces(member, lang, viewport);
    await choose(theirs, 'Launch team');
    expect(await theirs.getByTestId('workspace-invite-form').count()).toBe(0);
    expect(await theirs.getByTestId('workspace-member-remove').count()).toBe(0);
    expect(await theirs.getByTestId('workspace-member-role-select').count()).toBe(0);
    expect(await theirs.getByTestId('workspace-rename').count()).toBe(0);
    const mine = theirs.getByTestId('workspace-member').filter({ hasText: member.email });
    expect(await mine.getByTestId('workspace-member-role').textContent()).toContain(words.editor);
    await theirs.getByRole('button', { name: words.leave }).click();
    await theirs.getByTestId('discard-dialog').waitFor();
    await theirs.getByRole('button', { name: words.leaveConfirm, exact: true }).click();
    await expect.poll(() => text(theirs, 'workspaces-count')).toBe(words.oneWorkspace);
    // The focus lands on the list the user is back to, not at the top of the page.
    await expect.poll(() => theirs.evaluate(() => document.activeElement?.id)).toBe('workspaces-list-title');
    const left = (await callAs(stack, member, 'GET', '/api/v1/workspaces')).body.data.workspaces;
    expect(left.map((w: { id: string }) => w.id)).not.toContain(workspace.id);
    await theirs.context().close();

    // The owner's screen still shows them: the server refuses, in words, and the list catches up.
    await row.getByTestId('workspace-member-role-select').selectOption('admin');
    await page.getByText(words.noLongerMember).waitFor();
    await expect.poll(() => text(page, 'workspace-members-count')).toBe(words.oneMember);
    await page.context().close();
  });
});

describe('a workspace of a team, in English on a desktop', () => {
  it('renames, removes a member and passes ownership to another after a question; the former owner becomes an admin who may leave', async () => {
    const [owner, member, extra] = await Promise.all([
      fullUser(stack, 'ws-giver'),
      fullUser(stack, 'ws-taker'),
      signedInUser(stack, 'ws-extra'),
    ]);
    // A team of three needs more seats than the trial's two.
    await announcePlan(stack, owner, 'starter');
    const made = await callAs(stack, owner, 'POST', '/api/v1/workspaces', { name: 'Handover' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.workspace.id;
    const links = new Map<StackUser, string>();
    for (const joining of [member, extra]) {
      const invite = () =>
        callAs(stack, owner, 'POST', `/api/v1/workspaces/${id}/invitations`, {
          email: joining.email,
          role: 'editor',
          lang: 'en',
        });
      // Until the auth service has the plan, the trial's second seat is all there is.
      await expect.poll(async () => (await invite()).status, { timeout: 15_000 }).toBe(201);
      links.set(joining, await fromNewestMail(stack, joining.email, 1, acceptLinkIn, 30_000));
    }
    const token = new URLSearchParams(new URL(links.get(extra) ?? '').hash.slice(1)).get('token');
    const joined = await callAs(stack, extra, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    // The member joins on the link's page, whose way on opens the workspace just joined (not the
    // personal one the list starts with).
    const joining = await newContext(browser, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [member.session.browserCookie],
    });
    const accept = await joining.newPage();
    await accept.goto((links.get(member) ?? '').replace(/^https?:\/\/[^/]+/, stack.url));
    await accept.getByRole('button', { name: 'Join the workspace' }).click();
    await accept.getByRole('link', { name: 'Open the workspace' }).click();
    await accept.waitForURL((at) => at.pathname === '/workspaces' && at.searchParams.get('id') === id);
    await expect.poll(() => text(accept, 'workspace-details-name')).toBe('Handover');
    await joining.close();

    const page = await openWorkspaces(owner, 'en', 'desktop');
    await choose(page, 'Handover');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

    // Renamed in a dialog that starts on the name and gives the focus back to Rename.
    await page.getByTestId('workspace-rename').click();
    await expect.poll(focused).toBe('workspace-rename-name');
    await page.getByTestId('workspace-rename-name').fill(' ');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('workspace-rename-problem').textContent()).toBe('Give the workspace a name.');
    await page.getByTestId('workspace-rename-name').fill('Handover team');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'workspace-details-name')).toBe('Handover team');
    await expect.poll(focused).toBe('workspace-rename');
    expect((await callAs(stack, member, 'GET', '/api/v1/workspaces')).body.data.workspaces).toContainEqual(
      expect.objectContaining({ id, name: 'Handover team', role: 'editor' }),
    );

    // Removing asks first; the focus then goes to the list of members.
    await expect.poll(() => text(page, 'workspace-members-count')).toBe('3 members');
    const extraRow = page.getByTestId('workspace-member').filter({ hasText: extra.email });
    await extraRow.getByTestId('workspace-member-remove').click();
    expect(await page.getByTestId('discard-dialog').textContent()).toContain(extra.email);
    await page.getByTestId('discard-confirm').click();
    await page.getByText(`${extra.email}\u2069 was removed from the workspace.`).waitFor();
    await expect.poll(() => text(page, 'workspace-members-count')).toBe('2 members');
    await expect.poll(focused).toBe('workspace-members-title');
    expect((await callAs(stack, extra, 'GET', '/api/v1/workspaces')).body.data.workspaces).not.toContainEqual(
      expect.objectContaining({ id }),
    );

    const row = page.getByTestId('workspace-member').filter({ hasText: member.email });
    await row.getByTestId('workspace-member-transfer').click();
    await page.getByTestId('discard-dialog').waitFor();
    expect(await page.getByTestId('discard-dialog').textContent()).toContain(member.email);
    // Cancel first: nothing changes, and the focus is back on the button.
    await page.getByTestId('discard-keep').click();
    await expect.poll(focused).toBe('workspace-member-transfer');
    await row.getByTestId('workspace-member-transfer').click();
    await page.getByTestId('discard-confirm').click();
    await page.getByText(`is now the owner. Your role is now admin.`).waitFor();
    await expect.poll(() => page.getByTestId('workspace-details').textContent()).toContain('Your role: admin');
    expect(await page.getByTestId('workspace-member-transfer').count()).toBe(0);
    await page.getByTestId('workspace-leave').waitFor();
    const team = await callAs(stack, owner, 'GET', `/api/v1/workspaces/${id}/members`);
    expect(team.body.data.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [member.email, 'owner'],
      [owner.email, 'admin'],
    ]);
    await page.context().close();
  });
});
