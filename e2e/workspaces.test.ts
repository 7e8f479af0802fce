/**
 * A workspace invitation's e-mail link, opened the ways people open it: signed out (told to sign
 * in with the invited address first, and brought back to the invitation once signed in), by
 * someone else's account (refused in words, nothing joined), and by the invited person, who joins
 * with the role they were invited to. Opening the page joins nothing; a second use of the link is
 * refused.
 */
import { randomUUID } from 'node:crypto';
import { WORKSPACE_COOKIE } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { callAs, signedInUser } from './support/full-user';
import { acceptLinkIn, followSignInLink, fromNewestMail, signInLinkIn } from './support/mail';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ services: ['auth'], workers: ['auth'], helpers: ['mail'] }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('a workspace invitation', () => {
  it('asks the signed-out to sign in, refuses another address, and lets the invited person join once', async () => {
    const owner = await signedInUser(stack, 'owner');
    const invitee = await signedInUser(stack, 'invitee');
    const stranger = await signedInUser(stack, 'stranger');
    const workspaces = await callAs(stack, owner, 'GET', '/api/v1/workspaces');
    expect(workspaces.status, JSON.stringify(workspaces.body)).toBe(200);
    const workspace = workspaces.body.data.workspaces[0];
    const invited = await callAs(stack, owner, 'POST', `/api/v1/workspaces/${workspace.id}/invitations`, {
      email: invitee.email,
      role: 'editor',
      lang: 'en',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const link = await fromNewestMail(stack, invitee.email, 1, acceptLinkIn, 30_000);
    const url = link.replace(/^https?:\/\/[^/]+/, stack.url);
    const waiting = async () =>
      (await callAs(stack, owner, 'GET', `/api/v1/workspaces/${workspace.id}/members`)).body.data.invitations.length;

    // Signed out, in Arabic on a phone: sign in first, with the invited address, and come back.
    const visitor = await openPage(browser, url, { viewport: 'phone' });
    await visitor
      .getByText(
        'يلزم تسجيل الدخول بالعنوان الذي أُرسلت إليه الدعوة. بعد فتح رابط الدخول في هذا المتصفح، تُفتح هذه الصفحة من جديد للانضمام.',
      )
      .waitFor();
    await visitor.getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    await visitor.context().close();

    // Someone else's account, in Arabic: refused in words, and the invitation still waits.
    const other = await openPage(browser, url, { viewport: 'phone', cookies: [stranger.session.browserCookie] });
    await other.getByText(stranger.email).waitFor();
    await settled(other);
    expect(describeViolations(await seriousViolations(other))).toBe('');
    expect(await waiting()).toBe(1);
    // As if this browser had gone to sign in from the invitation: a refusal forgets it too.
    await other.evaluate(() =>
      localStorage.setItem('pendingInvitation', JSON.stringify({ token: 'x', expiresAt: Date.now() + 60_000 })),
    );
    await other.getByRole('button', { name: 'الانضمام إلى مساحة العمل' }).click();
    await expect
      .poll(() => other.getByTestId('accept-error').textContent())
      .toBe('أُرسلت هذه الدعوة إلى عنوان بريد إلكتروني آخر. يلزم تسجيل الدخول بذلك العنوان لقبولها.');
    expect(await other.evaluate(() => localStorage.getItem('pendingInvitation'))).toBeNull();
    await other.context().close();
    expect(await waiting()).toBe(1);

    // The invited person, in English on a desktop: joins as an editor.
    const page = await openPage(browser, url, { lang: 'en', cookies: [invitee.session.browserCookie] });
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await expect
      .poll(() => page.getByTestId('invitation-accepted').textContent())
      .toBe(`You joined the workspace “\u2068${workspace.name}\u2069” as editor.`);
    await settled(page);
    expect(describeViolations(await seriousViolations(page))).toBe('');
    const theirs = await callAs(stack, invitee, 'GET', '/api/v1/workspaces');
    expect(theirs.body.data.workspaces).toContainEqual(expect.objectContaining({ id: workspace.id, role: 'editor' }));
    expect(await waiting()).toBe(0);

    // The same link again: refused, in words.
    await page.reload();
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await expect
      .poll(() => page.getByTestId('accept-error').textContent())
      .toBe('This invitation was already accepted.');
    await page.context().close();
  });

  it('brings someone who signs in from the invitation back to it, to join with the button', async () => {
    const owner = await signedInUser(stack, 'host');
    const invitee = `newcomer-${randomUUID().slice(0, 8)}@example.test`;
    const workspace = (await callAs(stack, owner, 'GET', '/api/v1/workspaces')).body.data.workspaces[0];
    const invited = await callAs(stack, owner, 'POST', `/api/v1/workspaces/${workspace.id}/invitations`, {
      email: invitee,
      role: 'viewer',
      lang: 'en',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const link = await fromNewestMail(stack, invitee, 1, acceptLinkIn, 30_000);
    const url = link.replace(/^https?:\/\/[^/]+/, stack.url);
    const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token');

    // Signed out, a new address: sign in from the invitation's page.
    const page = await openPage(browser, url, { lang: 'en' });
    await page.getByText('Open the sign-in link in this browser and you will come back here to join.').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((at) => at.pathname === '/signup');
    await page.getByLabel('Email address').fill(invitee);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((at) => at.pathname === '/verify');
    // The remembered token stays in this browser's storage: no address carries it in its query.
    const addresses: string[] = [];
    page.context().on('request', (request) => addresses.push(request.url()));

    // The sign-in mail's link, opened in this browser: back on the invitation, which waits for the button.
    const signIn = await fromNewestMail(stack, invitee, 2, signInLinkIn, 30_000);
    const mailTab = await page.context().newPage();
    await followSignInLink(mailTab, signIn);
    await mailTab.waitForURL((at) => at.pathname === '/workspaces/accept', { timeout: 20_000 });
    expect(new URL(mailTab.url()).hash).toBe(`#token=${token}`);
    await mailTab.getByText(invitee).waitFor();
    const members = async () =>
      (await callAs(stack, owner, 'GET', `/api/v1/workspaces/${workspace.id}/members`)).body.data;
    expect((await members()).invitations).toHaveLength(1);

    await mailTab.getByRole('button', { name: 'Join the workspace' }).click();
    await expect
      .poll(() => mailTab.getByTestId('invitation-accepted').textContent())
      .toBe(`You joined the workspace “\u2068${workspace.name}\u2069” as viewer.`);
    expect((await members()).invitations).toHaveLength(0);
    // Joined: the invitation is forgotten. A member of someone else's workspace works there at once,
    // with no network account or personalization of their own to set up first.
    expect(await mailTab.evaluate(() => localStorage.getItem('pendingInvitation'))).toBeNull();
    await mailTab.getByRole('link', { name: 'Open the workspace' }).click();
    await mailTab.waitForURL((at) => at.pathname === '/workspaces');
    // The host's personal workspace is a shared one to the newcomer: the tab now works in it.
    await expect
      .poll(async () => (await mailTab.context().cookies()).find((c) => c.name === WORKSPACE_COOKIE)?.value)
      .toBe(workspace.id);
    // The app's screens are theirs now, not sent back to setting up (spec section 2's rule, widened).
    await mailTab.goto(`${stack.url}/dashboard`);
    await mailTab.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(mailTab.url()).pathname).toBe('/dashboard');
    expect(addresses.filter((address) => token && address.includes(token))).toEqual([]);
    await page.context().close();
  });
});
