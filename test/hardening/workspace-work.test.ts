/**
 * Work kept in a shared workspace, end to end through the real gateway: the auth service changes
 * the workspace's members and announces them, the posts worker copies them, and the posts service
 * lets each member do what their role allows, as soon as the copy has caught up.
 */
import { API, WORKSPACE_ERROR_CODES, WORKSPACE_HEADER } from '@nashr/contracts';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, sendEndpoint, signInByMail } from './support/gateway-client.js';

let stack: Stack;
/** The copy follows auth through a queue: wait for it, generously on a busy machine. */
const POLL = { timeout: 20_000, interval: 100 };

beforeAll(async () => {
  stack = await startStack({ gateway: true, workers: ['auth', 'posts'] });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

async function ok(method: string, path: string, cookie: string, body?: unknown) {
  const res = await send(stack, method, path, { cookie, body });
  expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** Invites `email` (the auth worker mails it) and returns the token of the mailed link. */
async function invitationToken(owner: string, workspaceId: string, email: string, role: string): Promise<string> {
  const mail = stack.mail;
  if (!mail) throw new Error('invitations need the auth worker');
  await ok('POST', `/api/v1/workspaces/${workspaceId}/invitations`, owner, { email, role, lang: 'en' });
  let text = '';
  await expect
    .poll(() => {
      // Not the sign-in mail the same address got: the one with the invitation's link.
      text =
        mail.messages().find((m) => m.envelope.to.includes(email) && m.text?.includes('/workspaces/accept#token='))
          ?.text ?? '';
      return text;
    }, POLL)
    .not.toBe('');
  const token = /\/workspaces\/accept#token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no accept link in the invitation to ${email}`);
  return decodeURIComponent(token);
}

describe('a workspace shared through auth and used in the posts service', () => {
  it("follows the members' roles as auth changes them", async () => {
    const owner = await signInByMail(stack, 'owner@workspace-work.test');
    const member = await signInByMail(stack, 'member@workspace-work.test');
    const workspaceId = (await ok('POST', '/api/v1/workspaces', owner, { name: 'Launch team' })).data.workspace
      .id as string;
    const inTeam = { [WORKSPACE_HEADER]: workspaceId };
    const draft = (body: object = { content: 'For the team' }) =>
      send(stack, 'POST', '/api/v1/drafts', { cookie: member, body, headers: inTeam });

    // Not a member yet: the workspace is not there for them.
    expect((await draft()).json().code).toBe(WORKSPACE_ERROR_CODES.notFound);

    const token = await invitationToken(owner, workspaceId, 'member@workspace-work.test', 'contributor');
    await ok('POST', '/api/v1/workspaces/invitations/accept', member, { token });
    await expect.poll(async () => (await draft()).status, POLL).toBe(201);
    const refused = await send(stack, 'POST', '/api/v1/queue/posts', {
      cookie: member,
      body: { content: 'Next free slot' },
      headers: inTeam,
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ code: WORKSPACE_ERROR_CODES.roleTooLow, params: { role: 'contributor' } });
    // The owner sees the member's draft in the workspace, and not in their personal one.
    const seen = await send(stack, 'GET', '/api/v1/drafts', { cookie: owner, headers: inTeam });
    expect(seen.json().data).toHaveLength(1);
    expect((await send(stack, 'GET', '/api/v1/drafts', { cookie: owner })).json().data).toEqual([]);

    const memberId = (await ok('GET', '/api/v1/auth/me', member)).data.user.id as string;
    await ok('PUT', `/api/v1/workspaces/${workspaceId}/members/${memberId}/role`, owner, { role: 'viewer' });
    await expect.poll(async () => (await draft()).status, POLL).toBe(403);
    expect((await send(stack, 'GET', '/api/v1/drafts', { cookie: member, headers: inTeam })).status).toBe(200);

    await ok('DELETE', `/api/v1/workspaces/${workspaceId}/members/${memberId}`, owner);
    await expect.poll(async () => (await draft()).status, POLL).toBe(404);
    const gone = await send(stack, 'GET', '/api/v1/drafts', { cookie: member, headers: inTeam });
    expect(gone.json()).toMatchObject({ success: false, code: WORKSPACE_ERROR_CODES.notFound });
  });

  it("lets a contributor's draft be approved by the owner, and then only it be scheduled", async () => {
    const owner = await signInByMail(stack, 'owner@review-work.test');
    const writer = await signInByMail(stack, 'writer@review-work.test');
    const workspaceId = (await ok('POST', '/api/v1/workspaces', owner, { name: 'Review team' })).data.workspace
      .id as string;
    const inTeam = { [WORKSPACE_HEADER]: workspaceId };
    const token = await invitationToken(owner, workspaceId, 'writer@review-work.test', 'contributor');
    await ok('POST', '/api/v1/workspaces/invitations/accept', writer, { token });
    const write = () =>
      send(stack, 'POST', '/api/v1/drafts', {
        cookie: writer,
        body: { content: 'Our spring launch' },
        headers: inTeam,
      });
    await expect.poll(async () => (await write()).status, POLL).toBe(201);
    const draft = (await send(stack, 'GET', '/api/v1/drafts', { cookie: writer, headers: inTeam })).json().data[0];

    const rule = await send(stack, 'PUT', '/api/v1/review-settings', {
      cookie: owner,
      body: { requiresApproval: true },
      headers: inTeam,
    });
    expect(rule.status, rule.body).toBe(200);
    const submitted = await send(stack, 'POST', `/api/v1/drafts/${draft.id}/submit`, {
      cookie: writer,
      body: { version: draft.version },
      headers: inTeam,
    });
    expect(submitted.status, submitted.body).toBe(200);
    // The writer may not approve their own draft; the owner may.
    const selfApproved = await send(stack, 'POST', `/api/v1/drafts/${draft.id}/approve`, {
      cookie: writer,
      body: { version: draft.version },
      headers: inTeam,
    });
    expect(selfApproved.status).toBe(403);
    const approved = await send(stack, 'POST', `/api/v1/drafts/${draft.id}/approve`, {
      cookie: owner,
      body: { version: draft.version },
      headers: inTeam,
    });
    expect(approved.status, approved.body).toBe(200);

    const ownerId = (await ok('GET', '/api/v1/auth/me', owner)).data.user.id as string;
    const schedule = (content: string, draftId?: string) =>
      sendEndpoint(stack, API.posts.schedule, {
        cookie: owner,
        headers: inTeam,
        body: {
          userId: ownerId,
          content,
          date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          time: '10:30 AM',
          timeZone: 'Asia/Riyadh',
          ...(draftId ? { draftId } : {}),
        },
      });
    const unapproved = await schedule('Something else');
    expect(unapproved.status).toBe(409);
    expect(unapproved.json().code).toBe('review.approval_required');
    const scheduled = await schedule('Our spring launch', draft.id);
    expect(scheduled.status, scheduled.body).toBe(201);
    const history = await send(stack, 'GET', `/api/v1/posts/${scheduled.json().data.id}/activity`, {
      cookie: writer,
      headers: inTeam,
    });
    expect(history.json().data.activity.map((a: { action: string }) => a.action)).toEqual([
      'created',
      'submitted',
      'approved',
      'scheduled',
    ]);
  });
});
