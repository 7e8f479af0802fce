import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { API, type Endpoint, MAX_DRAFT_LENGTH } from '@nashr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiAnswer, type ApiRequest, createNashrMcpServer } from './server.js';
import type { McpLanguage } from './words.js';

interface Seen {
  endpoint: Endpoint;
  request: ApiRequest | undefined;
}

const DRAFT = {
  id: '6f1c1d4e-8d1b-4c37-9a57-0a4e3c2b1a10',
  userId: '0b7f6a52-3c1d-4e8f-9a2b-5c6d7e8f9a0b',
  content: 'نص المسودة',
  firstComment: 'التعليق الأول',
  media: [{ id: 'b5b0d0f4-1c2a-4b3c-8d4e-5f6a7b8c9d0e' }],
  version: 1,
};

/** The caller's personal workspace (its id is the account's, the draft's writer's) and a shared one. */
const PERSONAL = {
  id: DRAFT.userId,
  name: 'سارة',
  personal: true,
  role: 'owner',
  createdAt: '2026-11-01T08:00:00.000Z',
};
const TEAM = {
  id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'فريق المحتوى',
  personal: false,
  role: 'editor',
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** An API that answers from a table by endpoint, and records every call. */
function fakeApi(answers: Map<Endpoint, ApiAnswer>) {
  const seen: Seen[] = [];
  const call = async (endpoint: Endpoint, request?: ApiRequest): Promise<ApiAnswer> => {
    seen.push({ endpoint, request });
    return answers.get(endpoint) ?? { status: 404, body: { success: false, code: 'route.not_found', message: 'No' } };
  };
  return { call, seen };
}

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function connect(answers: Map<Endpoint, ApiAnswer>, language: McpLanguage = 'ar') {
  const api = fakeApi(answers);
  const server = createNashrMcpServer({ call: api.call, language, version: 'test' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  clients.push(client);
  return { client, seen: api.seen };
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('\n');

describe('the MCP server', () => {
  it('lists its tools, and the ones that publish ask for a confirmation', async () => {
    const { client } = await connect(new Map());
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'best_times',
      'comment_on_draft',
      'create_draft',
      'get_draft_review',
      'get_post',
      'list_drafts',
      'list_identities',
      'list_posts',
      'list_workspaces',
      'queue_draft',
      'read_analytics',
      'schedule_draft',
      'submit_draft_for_review',
      'write_draft_with_ai',
    ]);
    for (const name of ['schedule_draft', 'queue_draft']) {
      const tool = tools.find((candidate) => candidate.name === name);
      expect(tool?.inputSchema.required).toContain('confirm');
      expect(tool?.description).toContain('confirm: true');
    }
  });

  it('schedules a draft only with confirm: true, and then with the draft’s own text', async () => {
    const answers = new Map<Endpoint, ApiAnswer>([
      [API.posts.drafts, { status: 200, body: { success: true, data: [DRAFT] } }],
      [API.workspaces.list, { status: 200, body: { success: true, data: { workspaces: [PERSONAL, TEAM] } } }],
      [API.posts.schedule, { status: 201, body: { success: true, data: { id: 'p1', status: 'scheduled' } } }],
    ]);
    const { client, seen } = await connect(answers);
    const when = { draftId: DRAFT.id, date: '2026-12-08', time: '9:30 AM', timeZone: 'Asia/Riyadh' };

    const unconfirmed = await client.callTool({ name: 'schedule_draft', arguments: { ...when, confirm: false } });
    expect(unconfirmed.isError).toBe(true);
    const missing = await client.callTool({ name: 'schedule_draft', arguments: when });
    expect(missing.isError).toBe(true);
    expect(seen).toEqual([]);

    const done = await client.callTool({ name: 'schedule_draft', arguments: { ...when, confirm: true } });
    expect(done.isError).toBeFalsy();
    expect(textOf(done)).toContain('جُدول المنشور في 2026-12-08 الساعة 9:30 ص (Asia/Riyadh).');
    const schedule = seen.find((call) => call.endpoint === API.posts.schedule);
    expect(schedule?.request?.body).toEqual({
      content: DRAFT.content,
      firstComment: 'التعليق الأول',
      mediaIds: ['b5b0d0f4-1c2a-4b3c-8d4e-5f6a7b8c9d0e'],
      userId: DRAFT.userId,
      status: 'scheduled',
      ...when,
    });
    expect(schedule?.request?.workspace).toBeUndefined();
  });

  it('lists the workspaces, and acts in a shared one when given its id, as the caller', async () => {
    const teammates = { ...DRAFT, userId: '5d1e9a3c-7b2f-4c8d-9e0a-1b2c3d4e5f60' };
    const answers = new Map<Endpoint, ApiAnswer>([
      [API.workspaces.list, { status: 200, body: { success: true, data: { workspaces: [PERSONAL, TEAM] } } }],
      [API.posts.drafts, { status: 200, body: { success: true, data: [teammates] } }],
      [API.posts.schedule, { status: 201, body: { success: true, data: { id: 'p2', status: 'scheduled' } } }],
    ]);
    const { client, seen } = await connect(answers, 'en');
    const listed = await client.callTool({ name: 'list_workspaces', arguments: {} });
    expect(textOf(listed)).toContain('2 workspaces.');
    expect(listed.structuredContent).toEqual({ data: [PERSONAL, TEAM] });

    const when = { draftId: DRAFT.id, date: '2026-12-08', time: '9:30 AM', timeZone: 'Asia/Riyadh' };
    const done = await client.callTool({
      name: 'schedule_draft',
      arguments: { ...when, confirm: true, workspace: TEAM.id },
    });
    expect(done.isError, textOf(done)).toBeFalsy();
    // The draft is read in that workspace, and the post scheduled there by the caller, not its writer.
    expect(seen.find((call) => call.endpoint === API.posts.drafts)?.request?.workspace).toBe(TEAM.id);
    const schedule = seen.find((call) => call.endpoint === API.posts.schedule);
    expect(schedule?.request?.workspace).toBe(TEAM.id);
    expect(schedule?.request?.body).toMatchObject({ userId: PERSONAL.id, draftId: DRAFT.id });

    const notAnId = await client.callTool({ name: 'list_drafts', arguments: { workspace: 'team' } });
    expect(notAnId.isError).toBe(true);
  });

  it('reads a draft review, sends the draft for review at the version seen, and comments in its thread', async () => {
    const comment = {
      id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      draftId: DRAFT.id,
      authorId: PERSONAL.id,
      parentId: null,
      kind: 'comment',
      body: 'أضف مثالًا',
      mentions: [],
      version: 1,
      createdAt: '2026-12-01T08:00:00.000Z',
    };
    const review = { draft: DRAFT, comments: [comment, { ...comment, id: 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' }] };
    const answers = new Map<Endpoint, ApiAnswer>([
      [API.review.draftReview, { status: 200, body: { success: true, data: { ...review, activity: [] } } }],
      [
        API.review.submit,
        {
          status: 409,
          body: { success: false, code: 'review.stale_version', message: 'This draft changed since you opened it' },
        },
      ],
      [API.review.comment, { status: 201, body: { success: true, data: comment } }],
    ]);
    const { client, seen } = await connect(answers);

    const read = await client.callTool({
      name: 'get_draft_review',
      arguments: { draftId: DRAFT.id, workspace: TEAM.id },
    });
    expect(textOf(read)).toContain('وعليها تعليقان.');
    expect(seen[0]?.request).toEqual({ params: { id: DRAFT.id }, workspace: TEAM.id });

    // The version is the one the user saw: the API refuses a draft changed since, and the assistant hears why.
    expect((await client.callTool({ name: 'submit_draft_for_review', arguments: { draftId: DRAFT.id } })).isError).toBe(
      true,
    );
    const stale = await client.callTool({
      name: 'submit_draft_for_review',
      arguments: { draftId: DRAFT.id, version: 1, workspace: TEAM.id },
    });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toContain('review.stale_version');
    expect(seen.find((call) => call.endpoint === API.review.submit)?.request).toEqual({
      params: { id: DRAFT.id },
      body: { version: 1 },
      workspace: TEAM.id,
    });

    const reply = await client.callTool({
      name: 'comment_on_draft',
      arguments: { draftId: DRAFT.id, body: 'تم', parentId: comment.id, workspace: TEAM.id },
    });
    expect(textOf(reply)).toContain('أُضيف التعليق.');
    expect(seen.find((call) => call.endpoint === API.review.comment)?.request?.body).toEqual({
      body: 'تم',
      parentId: comment.id,
    });
    const empty = await client.callTool({ name: 'comment_on_draft', arguments: { draftId: DRAFT.id, body: '' } });
    expect(empty.isError).toBe(true);
  });

  it('passes an API refusal on with its code, and says a missing draft plainly', async () => {
    const answers = new Map<Endpoint, ApiAnswer>([
      [API.posts.drafts, { status: 200, body: { success: true, data: [DRAFT] } }],
      [
        API.queue.add,
        {
          status: 403,
          body: { success: false, code: 'plan.weekly_posts', message: 'Your plan allows 3 posts a week' },
        },
      ],
    ]);
    const { client } = await connect(answers, 'en');
    const refused = await client.callTool({ name: 'queue_draft', arguments: { draftId: DRAFT.id, confirm: true } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('Nashr refused this (plan.weekly_posts): Your plan allows 3 posts a week');
    expect(refused.structuredContent).toEqual({
      error: { status: 403, code: 'plan.weekly_posts', message: 'Your plan allows 3 posts a week' },
    });

    const other = await client.callTool({
      name: 'queue_draft',
      arguments: { draftId: '00000000-0000-4000-8000-000000000000', confirm: true },
    });
    expect(textOf(other)).toContain('post.draft_not_found');
  });

  it('answers an unknown tool, bad arguments and an oversized text with an error, and goes on serving', async () => {
    const answers = new Map<Endpoint, ApiAnswer>([
      [API.posts.drafts, { status: 200, body: { success: true, data: [DRAFT, DRAFT] } }],
    ]);
    const { client, seen } = await connect(answers);
    const unknown = await client.callTool({ name: 'delete_everything', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('Tool delete_everything not found');
    expect((await client.callTool({ name: 'get_post', arguments: { id: 'not-an-id' } })).isError).toBe(true);
    const huge = await client.callTool({
      name: 'create_draft',
      arguments: { content: 'a'.repeat(MAX_DRAFT_LENGTH + 1) },
    });
    expect(huge.isError).toBe(true);
    expect(seen).toEqual([]);

    // Still serving, with the count in the language's plural form.
    expect(textOf(await client.callTool({ name: 'list_drafts', arguments: {} }))).toContain('مسودتان.');
  });

  it('writes a draft with AI and keeps it, saying when the built-in writer wrote it instead', async () => {
    const answers = new Map<Endpoint, ApiAnswer>([
      [
        API.ai.generate,
        { status: 200, body: { success: true, data: { text: 'منشور عن القيادة', language: 'Arabic', offline: true } } },
      ],
      [
        API.posts.createDraft,
        { status: 201, body: { success: true, data: { ...DRAFT, content: 'منشور عن القيادة' } } },
      ],
    ]);
    const { client, seen } = await connect(answers);
    const result = await client.callTool({ name: 'write_draft_with_ai', arguments: { topic: 'القيادة في فريق صغير' } });
    expect(textOf(result)).toContain('دون ذكاء اصطناعي');
    expect(seen.map((call) => call.endpoint)).toEqual([API.ai.generate, API.posts.createDraft]);
    expect(seen[0]?.request).toMatchObject({ query: { stream: '0' }, body: { topic: 'القيادة في فريق صغير' } });
    expect(seen[1]?.request?.body).toEqual({ content: 'منشور عن القيادة' });
  });
});
