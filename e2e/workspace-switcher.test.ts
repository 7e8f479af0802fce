/**
 * Working in a shared workspace, in a real browser: a member of two workspaces sees the top bar's
 * switcher, switches by keyboard on the same screen, and from then on every API call names the
 * workspace (the `nashr-workspace` header); the choice survives a reload (its cookie, which the
 * gateway renders the screen by); switching back to the personal workspace drops the header. Once
 * the member is removed from the workspace, the app falls back to the personal one and says so.
 */
import { WORKSPACE_COOKIE, WORKSPACE_HEADER } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settled } from './support/axe';
import { launchBrowser, newContext, screenshot, waitUntilLive } from './support/browser';
import { callAs, fullUser } from './support/full-user';
import { acceptLinkIn, fromNewestMail } from './support/mail';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      services: ['auth', 'linkedin', 'posts', 'content'],
      workers: ['auth', 'linkedin', 'posts'],
      helpers: ['mail'],
      // The screen rendered by the gateway is part of what is checked: not left to a busy machine's deadline.
      env: { gateway: { RENDER_SCREEN_WITHIN_MS: '30000' } },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The API calls a page made, each with the workspace it named (undefined: none). */
function apiCallsOf(page: Page) {
  const calls: { path: string; workspace: string | undefined }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) {
      calls.push({ path: url.pathname, workspace: request.headers()[WORKSPACE_HEADER] });
    }
  });
  return calls;
}

/**
 * The workspace each path was last asked in, of the calls from `from` on. A call the page sent
 * just before a switch may be reported after it; what the screen asked for is asked again after.
 */
function lastNamed(calls: { path: string; workspace: string | undefined }[], from: number) {
  const last = new Map<string, string | undefined>();
  for (const call of calls.slice(from)) last.set(call.path, call.workspace);
  return [...last].map(([path, workspace]) => ({ path, workspace }));
}

/** Until the page has asked for nothing new for half a second. */
async function quiet(calls: unknown[]) {
  let seen = -1;
  await expect
    .poll(
      () => {
        const same = calls.length === seen;
        seen = calls.length;
        return same;
      },
      { interval: 500, timeout: 15_000 },
    )
    .toBe(true);
}

const switcherName = (page: Page) => page.getByTestId('workspace-switcher-name').textContent();

const workspaceCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === WORKSPACE_COOKIE)?.value;

/** The JSON the gateway wrote beside the screen it rendered for this browser, as it is now. */
const renderedScreenData = (page: Page) =>
  page.evaluate(async () => {
    const html = await (await fetch(window.location.pathname, { headers: { accept: 'text/html' } })).text();
    const match = /<script type="application\/json" id="app-screen-data">([^<]*)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1] ?? '{}') as { workspace?: string | null }) : null;
  });

describe('the workspace switcher', () => {
  it('switches a member of two workspaces, keeps the choice over a reload, names it in every call, and falls back once removed', async () => {
    const [owner, member] = await Promise.all([fullUser(stack, 'switch-owner'), fullUser(stack, 'switch-member')]);
    const made = await callAs(stack, owner, 'POST', '/api/v1/workspaces', { name: 'Launch team' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const team: string = made.body.data.workspace.id;
    const invited = await callAs(stack, owner, 'POST', `/api/v1/workspaces/${team}/invitations`, {
      email: member.email,
      role: 'editor',
      lang: 'en',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const link = await fromNewestMail(stack, member.email, 1, acceptLinkIn, 30_000);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    const joined = await callAs(stack, member, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    // The owner's own account has one workspace more, the member's too: both see the switcher;
    // an account in its personal workspace alone does not (checked after the removal below).
    const context = await newContext(browser, {
      lang: 'en',
      viewport: 'desktop',
      cookies: [member.session.browserCookie],
    });
    const page = await context.newPage();
    const calls = apiCallsOf(page);
    await page.goto(`${stack.url}/dashboard`);
    await waitUntilLive(page);
    await expect.poll(() => switcherName(page)).toBe('Personal workspace');
    expect(calls.filter((call) => call.workspace !== undefined)).toEqual([]);

    // By keyboard: open, the workspaces with the role in each, the team chosen.
    await page.getByTestId('workspace-switcher').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('workspace-switcher-panel');
    await panel.waitFor();
    const options = panel.getByTestId('workspace-switcher-option');
    expect(await options.count()).toBe(2);
    expect(await options.nth(0).textContent()).toContain('Personal workspace');
    expect(await options.nth(0).getAttribute('aria-pressed')).toBe('true');
    expect(await options.nth(1).textContent()).toContain('Launch team');
    expect(await options.nth(1).textContent()).toContain('Your role: editor');
    expect(await panel.getByTestId('workspace-switcher-manage').getAttribute('href')).toBe('/workspaces');
    await settled(page);
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await screenshot(page, 'workspace-switcher-en-desktop', { fullPage: false });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('workspace-switcher-option');
    await page.keyboard.press('Tab');
    await quiet(calls);
    const before = calls.length;
    await page.keyboard.press('Enter');
    await page.getByText('Now working in \u2068Launch team\u2069.').waitFor();
    await expect.poll(() => switcherName(page)).toBe('Launch team');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await workspaceCookie(page)).toBe(team);
    // The screen's data is read again, in the team's workspace.
    await expect.poll(() => calls.slice(before).length).toBeGreaterThan(0);
    await quiet(calls);
    expect(lastNamed(calls, before).filter((call) => call.workspace !== team)).toEqual([]);

    // A reload starts in the team: the gateway rendered the screen in it, and calls name it.
    await page.reload();
    await waitUntilLive(page);
    await expect.poll(() => switcherName(page)).toBe('Launch team');
    expect((await renderedScreenData(page))?.workspace).toBe(team);
    await quiet(calls);
    const afterReload = calls.length;
    await page.getByRole('link', { name: 'My Posts' }).first().click();
    await page.waitForURL((at) => at.pathname === '/posts');
    await expect.poll(() => calls.slice(afterReload).length).toBeGreaterThan(0);
    await quiet(calls);
    expect(lastNamed(calls, afterReload).filter((call) => call.workspace !== team)).toEqual([]);

    // Back to the personal workspace: no header, no cookie.
    // What the screen asked for in the team has all been sent (a request's event can come late).
    await quiet(calls);
    await page.getByTestId('workspace-switcher').click();
    const backAt = calls.length;
    await page.getByTestId('workspace-switcher-option').filter({ hasText: 'Personal workspace' }).click();
    await expect.poll(() => switcherName(page)).toBe('Personal workspace');
    expect(await workspaceCookie(page)).toBeUndefined();
    await expect.poll(() => calls.slice(backAt).length).toBeGreaterThan(0);
    await quiet(calls);
    expect(lastNamed(calls, backAt).filter((call) => call.workspace !== undefined)).toEqual([]);

    // From the workspaces screen: work in the team; then the member is removed from it.
    await page.goto(`${stack.url}/workspaces?id=${team}`);
    await waitUntilLive(page);
    await page.getByTestId('workspace-work-in').click();
    await expect.poll(() => switcherName(page)).toBe('Launch team');
    await page.getByTestId('workspace-current').waitFor();
    expect(await workspaceCookie(page)).toBe(team);
    const removed = await callAs(stack, owner, 'DELETE', `/api/v1/workspaces/${team}/members/${member.userId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    await page.goto(`${stack.url}/dashboard`);
    await page
      .getByText(
        'The workspace you were working in is no longer available to this account: back to your personal workspace.',
      )
      .waitFor();
    await expect.poll(() => workspaceCookie(page)).toBeUndefined();
    expect(await page.getByTestId('workspace-switcher').count()).toBe(0);
    await quiet(calls);
    const fellBack = calls.length;
    await page.getByRole('link', { name: 'My Posts' }).first().click();
    await expect.poll(() => calls.slice(fellBack).length).toBeGreaterThan(0);
    await quiet(calls);
    expect(lastNamed(calls, fellBack).filter((call) => call.workspace !== undefined)).toEqual([]);
    await context.close();
  });

  it('fits an Arabic phone’s top bar and lists the workspaces from the start edge', async () => {
    const [owner, member] = await Promise.all([
      fullUser(stack, 'switch-owner-ar'),
      fullUser(stack, 'switch-member-ar'),
    ]);
    const made = await callAs(stack, owner, 'POST', '/api/v1/workspaces', { name: 'فريق الإطلاق' });
    const team: string = made.body.data.workspace.id;
    await callAs(stack, owner, 'POST', `/api/v1/workspaces/${team}/invitations`, {
      email: member.email,
      role: 'viewer',
      lang: 'ar',
    });
    const link = await fromNewestMail(stack, member.email, 1, acceptLinkIn, 30_000);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    expect((await callAs(stack, member, 'POST', '/api/v1/workspaces/invitations/accept', { token })).status).toBe(200);

    const context = await newContext(browser, {
      lang: 'ar',
      viewport: 'phone',
      size: { width: 360, height: 740 },
      cookies: [member.session.browserCookie],
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await waitUntilLive(page);
    const trigger = page.getByTestId('workspace-switcher');
    await trigger.waitFor();
    expect(await trigger.getAttribute('aria-label')).toContain('مساحة العمل الشخصية');
    // The bar holds all it has on one line, nothing pushed out of it.
    const bar = await page.evaluate(() => {
      const header = document.querySelector('header');
      return { content: header?.scrollWidth, width: header?.clientWidth };
    });
    expect(bar.content).toBe(bar.width);
    await trigger.click();
    const options = page.getByTestId('workspace-switcher-option');
    await expect.poll(() => options.count()).toBe(2);
    expect(await options.nth(1).textContent()).toContain('الدور: مشاهد');
    // The panel is placed once it has been measured: wait until it sits inside the screen.
    const panel = page.getByTestId('workspace-switcher-panel');
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= 360;
      })
      .toBe(true);
    await screenshot(page, 'workspace-switcher-ar-phone', { fullPage: false });
    await options.nth(1).click();
    await expect.poll(() => trigger.getAttribute('aria-label')).toContain('فريق الإطلاق');
    await page.getByText('انتقل العمل إلى «\u2068فريق الإطلاق\u2069».').waitFor();
    await context.close();
  });
});

describe('a contributor in a shared workspace', () => {
  it('writes drafts there, and is offered no scheduling or publishing: an editor does that', async () => {
    const [owner, writer] = await Promise.all([fullUser(stack, 'role-owner'), fullUser(stack, 'role-writer')]);
    const made = await callAs(stack, owner, 'POST', '/api/v1/workspaces', { name: 'Ghostwriting' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const team: string = made.body.data.workspace.id;
    const invited = await callAs(stack, owner, 'POST', `/api/v1/workspaces/${team}/invitations`, {
      email: writer.email,
      role: 'contributor',
      lang: 'ar',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const link = await fromNewestMail(stack, writer.email, 1, acceptLinkIn, 30_000);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    const joined = await callAs(stack, writer, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    // The writer works in the team (the choice a switch leaves in the browser).
    const context = await newContext(browser, {
      lang: 'ar',
      viewport: 'phone',
      cookies: [
        writer.session.browserCookie,
        { name: WORKSPACE_COOKIE, value: team, url: stack.url, httpOnly: false, sameSite: 'Lax' },
      ],
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/generate-post`);
    await waitUntilLive(page);
    const composer = page.getByTestId('composer');
    await expect
      .poll(() => composer.getByTestId('composer-role-note').textContent())
      .toBe('في مساحة العمل هذه يُحفظ ما يكتبه المساهم مسودةً، ويجدوله أو ينشره المحرر أو المدير أو المالك.');
    expect(await composer.getByTestId('composer-post').count()).toBe(0);
    expect(await composer.getByTestId('composer-schedule').count()).toBe(0);

    const text = `مسودة للفريق ${Date.now()}`;
    await composer.getByTestId('composer-text').fill(text);
    await expect
      .poll(() => composer.getByTestId('draft-save-state').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    // The draft is the team's: the owner finds it there, not in their personal workspace.
    const inTeam = await fetch(`${stack.url}/api/v1/drafts`, {
      headers: { cookie: owner.session.cookieHeader, [WORKSPACE_HEADER]: team },
    }).then((res) => res.json() as Promise<{ data: { content: string }[] }>);
    expect(inTeam.data.map((draft) => draft.content)).toContain(text);
    const personal = (await callAs(stack, owner, 'GET', '/api/v1/drafts')).body.data as { content: string }[];
    expect(personal.map((draft) => draft.content)).not.toContain(text);

    await page.goto(`${stack.url}/posts?tab=drafts`);
    await waitUntilLive(page);
    const card = page.getByTestId('draft-card').filter({ hasText: text });
    await card.waitFor();
    expect(await card.getByTestId('draft-schedule').count()).toBe(0);
    // Nor anywhere else on the page: the side column offers writing only.
    await page.getByTestId('sidebar-generate').waitFor();
    expect(await page.getByTestId('sidebar-schedule').count()).toBe(0);
    await screenshot(page, 'workspace-contributor-drafts-ar-phone');
    await context.close();
  });
});
