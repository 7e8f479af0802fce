/**
 * The MCP server over the whole stack, as an AI assistant uses it: the SDK's own client over the
 * streamable HTTP transport at /mcp with a personal API token lists the tools, has a post written
 * in Arabic and kept as a draft, and schedules it with the confirmation; the post is then in the
 * calendar and, once due, published once. Without a token nothing is served, and a token without
 * the scheduling permission is refused by the API's own rule. In a shared workspace a draft is
 * written, sent for the team's review and commented on.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDue, soonIn } from './support/due';
import { callAs, fullUser, type StackUser } from './support/full-user';

let stack: Stack;
const ZONE = 'Asia/Riyadh';

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'linkedin', 'posts', 'ai'],
    workers: ['auth', 'linkedin', 'posts'],
    env: { ai: { AI_PROVIDER: 'offline' } },
  });
});

afterAll(async () => {
  await stack?.stop();
});

async function tokenOf(user: StackUser, scopes: string[]): Promise<string> {
  const made = await callAs(stack, user, 'POST', '/api/v1/auth/tokens', { name: 'Assistant', scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data.token;
}

async function assistant(token: string | undefined, language = 'ar'): Promise<Client> {
  const headers: Record<string, string> = { 'accept-language': language };
  if (token) headers.authorization = `Bearer ${token}`;
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.url), { requestInit: { headers } }));
  return client;
}

interface ReviewOfDraft {
  draft: { reviewState: string };
  comments: { body: string }[];
  activity: { action: string }[];
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('\n');

/** The calendar's coming days, where a post scheduled for tomorrow is. */
const COMING_DAYS = new URLSearchParams({
  from: new Date().toISOString(),
  to: new Date(Date.now() + 3 * 86_400_000).toISOString(),
}).toString();

describe('the MCP server for AI assistants', () => {
  it('refuses a client without a valid token', async () => {
    const response = await fetch(new URL('/mcp', stack.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await response.json()) as { code: string }).code).toBe('token.invalid');
    await expect(assistant(`nashr_pat_${'x'.repeat(43)}`)).rejects.toThrow();
  });

  it('writes a post in Arabic, schedules it with the confirmation, and it publishes once', async () => {
    const user = await fullUser(stack, 'mcp-ar', undefined, 'Arabic');
    const token = await tokenOf(user, [
      'posts:read',
      'drafts:write',
      'posts:schedule',
      'ai:generate',
      'analytics:read',
    ]);
    const client = await assistant(token);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('schedule_draft');

      const identities = await client.callTool({ name: 'list_identities', arguments: {} });
      expect(identities.isError, textOf(identities)).toBeFalsy();
      expect(textOf(identities)).toContain('هوية واحدة على لينكدإن.');

      const written = await client.callTool({
        name: 'write_draft_with_ai',
        arguments: { topic: 'ما تعلمته من قيادة فريق صغير' },
      });
      expect(written.isError, textOf(written)).toBeFalsy();
      const { draft, language } = (
        written.structuredContent as { data: { draft: { id: string; content: string }; language: string } }
      ).data;
      expect(language).toBe('Arabic');
      expect(draft.content).toMatch(/[\u0600-\u06FF]/);

      const { date, time } = soonIn(ZONE);
      const when = { draftId: draft.id, date, time, timeZone: ZONE };
      const unconfirmed = await client.callTool({ name: 'schedule_draft', arguments: when });
      expect(unconfirmed.isError).toBe(true);
      expect((await callAs(stack, user, 'GET', `/api/v1/posts?${COMING_DAYS}`)).body.data).toEqual([]);

      const scheduled = await client.callTool({ name: 'schedule_draft', arguments: { ...when, confirm: true } });
      expect(scheduled.isError, textOf(scheduled)).toBeFalsy();
      const arabicTime = time.replace(' AM', ' ص').replace(' PM', ' م');
      expect(textOf(scheduled)).toContain(`جُدول المنشور في ${date} الساعة ${arabicTime} (${ZONE}).`);

      // In the calendar, and the draft became the post.
      const calendar = (await callAs(stack, user, 'GET', `/api/v1/posts?${COMING_DAYS}`)).body.data;
      expect(calendar).toHaveLength(1);
      expect(calendar[0]).toMatchObject({ content: draft.content, status: 'scheduled' });
      expect((await callAs(stack, user, 'GET', '/api/v1/drafts')).body.data).toEqual([]);

      await makeDue(stack, calendar[0].id);
      await expect
        .poll(async () => (await callAs(stack, user, 'GET', `/api/v1/posts/${calendar[0].id}`)).body.data.status, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe('published');
      const after = (await callAs(stack, user, 'GET', `/api/v1/posts?${COMING_DAYS}`)).body.data;
      expect(after.map((post: { status: string }) => post.status)).toEqual(['published']);
      const read = await client.callTool({ name: 'get_post', arguments: { id: calendar[0].id } });
      expect((read.structuredContent as { data: { attempts?: number; status: string } }).data.status).toBe('published');
    } finally {
      await client.close();
    }
  });

  it('leaves scheduling to tokens that hold the permission, in English when asked', async () => {
    const user = await fullUser(stack, 'mcp-en');
    const token = await tokenOf(user, ['posts:read', 'drafts:write']);
    const client = await assistant(token, 'en');
    try {
      const saved = await client.callTool({
        name: 'create_draft',
        arguments: { content: 'Three lessons from a year of leading' },
      });
      expect(textOf(saved)).toContain('The draft is saved.');
      const { id } = (saved.structuredContent as { data: { id: string } }).data;
      const refused = await client.callTool({ name: 'queue_draft', arguments: { draftId: id, confirm: true } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('Nashr refused this (token.scope_missing)');
      // Nothing was queued, and the draft is kept.
      expect((await callAs(stack, user, 'GET', '/api/v1/drafts')).body.data).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it("lists the user's workspaces, works in a shared one when given its id, and sends a draft for its review", async () => {
    const user = await fullUser(stack, 'mcp-team');
    const team = await callAs(stack, user, 'POST', '/api/v1/workspaces', { name: 'فريق المحتوى' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const workspace = team.body.data.workspace.id as string;
    const client = await assistant(await tokenOf(user, ['posts:read', 'drafts:write']), 'en');
    try {
      const listed = await client.callTool({ name: 'list_workspaces', arguments: {} });
      expect(textOf(listed)).toContain('2 workspaces.');
      const workspaces = (listed.structuredContent as { data: { id: string; personal: boolean }[] }).data;
      expect(workspaces.map((w) => [w.id, w.personal])).toEqual([
        [user.userId, true],
        [workspace, false],
      ]);
      // The posts service learns of the new membership by an event: the tool works there once it has.
      await expect
        .poll(async () => (await client.callTool({ name: 'list_drafts', arguments: { workspace } })).isError ?? false)
        .toBe(false);
      const saved = await client.callTool({
        name: 'create_draft',
        arguments: { content: 'A draft for the team', workspace },
      });
      expect(saved.isError, textOf(saved)).toBeFalsy();
      expect((saved.structuredContent as { data: { workspaceId: string } }).data.workspaceId).toBe(workspace);
      // Kept in the team's drafts, not in the personal ones.
      const drafts = async (args: { workspace?: string }) =>
        (
          (await client.callTool({ name: 'list_drafts', arguments: args })).structuredContent as {
            data: { content: string }[];
          }
        ).data.map((draft) => draft.content);
      expect(await drafts({ workspace })).toEqual(['A draft for the team']);
      expect(await drafts({})).toEqual([]);

      // Sent for the team's review at the version saved, with a word for the reviewers.
      const { id, version } = (saved.structuredContent as { data: { id: string; version: number } }).data;
      const submitted = await client.callTool({
        name: 'submit_draft_for_review',
        arguments: { draftId: id, version, workspace },
      });
      expect(textOf(submitted)).toContain('Sent for review.');
      const again = await client.callTool({
        name: 'submit_draft_for_review',
        arguments: { draftId: id, version, workspace },
      });
      expect(textOf(again)).toContain('review.wrong_state');
      const commented = await client.callTool({
        name: 'comment_on_draft',
        arguments: { draftId: id, body: 'Ready when you are', workspace },
      });
      expect(commented.isError, textOf(commented)).toBeFalsy();
      const review = await client.callTool({ name: 'get_draft_review', arguments: { draftId: id, workspace } });
      expect(textOf(review)).toContain('with one comment.');
      const read = (review.structuredContent as { data: ReviewOfDraft }).data;
      expect(read.draft.reviewState).toBe('in_review');
      expect(read.comments.map((comment) => comment.body)).toEqual(['Ready when you are']);
      expect(read.activity.map((entry) => entry.action)).toEqual(['created', 'submitted']);
    } finally {
      await client.close();
    }
  });
});
