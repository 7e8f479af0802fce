import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  ANALYTICS_PERIODS,
  API,
  type Endpoint,
  MAX_DRAFT_LENGTH,
  MAX_FIRST_COMMENT_LENGTH,
  MAX_REVIEW_COMMENT_LENGTH,
  MAX_TOPIC_CHARS,
  POST_STATUSES,
  type PostDraft,
  type Workspace,
} from '@nashr/contracts';
import { z } from 'zod';
import { type McpLanguage, words } from './words.js';

/** One call of the public API, made as the token's owner: what the host (the gateway) answers. */
export interface ApiRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A shared workspace to act in (sent as `Nashr-Workspace`); the personal workspace when absent. */
  workspace?: string | undefined;
}
export interface ApiAnswer {
  status: number;
  body: unknown;
}
export type CallApi = (endpoint: Endpoint, request?: ApiRequest) => Promise<ApiAnswer>;

export interface NashrMcpOptions {
  /** Calls the public API with the caller's token, so scopes, limits and rules are the API's own. */
  call: CallApi;
  /** The language of the words the tools answer with (drafts are written in the user's own language). */
  language: McpLanguage;
  version: string;
}

/** The refusal of an API call, as the API gave it: its stable code and its message. */
class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const dataOf = (answer: ApiAnswer): unknown => (answer.body as { data?: unknown } | null)?.data;

async function succeed(call: CallApi, endpoint: Endpoint, request?: ApiRequest): Promise<unknown> {
  const answer = await call(endpoint, request);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const body = (answer.body ?? {}) as { code?: unknown; message?: unknown };
  throw new ApiRefusal(
    answer.status,
    typeof body.code === 'string' ? body.code : 'request.failed',
    typeof body.message === 'string' ? body.message : `The API answered ${answer.status}`,
  );
}

/** What a tool gives back: a sentence for the reader, and the data itself for the assistant. */
function answer(sentence: string, data: unknown): CallToolResult {
  return {
    content: [
      { type: 'text', text: sentence },
      { type: 'text', text: JSON.stringify(data) },
    ],
    structuredContent: { data } as Record<string, unknown>,
  };
}

function refusal(language: McpLanguage, error: unknown): CallToolResult {
  if (error instanceof ApiRefusal) {
    return {
      isError: true,
      content: [{ type: 'text', text: words[language].refused(error.code, error.message) }],
      structuredContent: { error: { status: error.status, code: error.code, message: error.message } },
    };
  }
  throw error;
}

const draftId = z.string().uuid().describe('The id of a draft, as list_drafts or create_draft give it');
const workspace = z
  .string()
  .uuid()
  .optional()
  .describe(
    "The id of a shared workspace to act in, as list_workspaces gives it; the user's personal workspace when absent",
  );
const confirm = z
  .literal(true)
  .describe(
    'Must be true, and only after the user agreed to this exact post and time: the post will go out to LinkedIn',
  );

/**
 * Nashr's tools for AI assistants (the Model Context Protocol): reading posts, drafts and
 * analytics, writing drafts by hand or with AI, and scheduling or queueing a draft. Every tool
 * is one or two calls of the public API, made with the caller's token: the token's scopes, the
 * plan's limits and the API's checks apply exactly as to any other client.
 */
export function createNashrMcpServer({ call, language, version }: NashrMcpOptions): McpServer {
  const server = new McpServer({ name: 'nashr', title: 'Nashr', version });
  const say = words[language];

  /** Runs a tool's calls; an API refusal becomes a tool error with the API's code, never a crash. */
  const tool =
    <Args>(run: (args: Args) => Promise<CallToolResult>) =>
    async (args: Args): Promise<CallToolResult> => {
      try {
        return await run(args);
      } catch (error) {
        return refusal(language, error);
      }
    };

  const workspaces = async () =>
    (dataOf({ status: 200, body: await succeed(call, API.workspaces.list) }) as { workspaces: Workspace[] }).workspaces;

  /**
   * The caller's account: the spec's schedule call names the account it schedules for, which is
   * the caller's even for another member's draft. Its personal workspace's id is the account's.
   */
  const callerId = async () => {
    const personal = (await workspaces()).find((w) => w.personal);
    if (!personal) throw new ApiRefusal(404, 'workspace.not_found', 'The personal workspace was not found');
    return personal.id;
  };

  /** The post a draft of the workspace makes, as kept: its text, first comment and media. */
  const postOfDraft = async (id: string, workspace: string | undefined) => {
    const drafts = dataOf({ status: 200, body: await succeed(call, API.posts.drafts, { workspace }) }) as PostDraft[];
    const found = drafts.find((draft) => draft.id === id);
    if (!found) throw new ApiRefusal(404, 'post.draft_not_found', 'No draft of this workspace has this id');
    return {
      content: found.content,
      firstComment: found.firstComment || undefined,
      mediaIds: (found.media ?? []).map((media) => media.id),
      draftId: found.id,
    };
  };

  server.registerTool(
    'list_identities',
    {
      title: 'LinkedIn identities',
      description: 'The LinkedIn identities posts can go out as, with their connection state.',
      annotations: { readOnlyHint: true },
    },
    tool(async () => {
      const body = await succeed(call, API.linkedin.getUserInfo, { body: {} });
      const identities = [dataOf({ status: 200, body })];
      return answer(say.identities(identities.length), identities);
    }),
  );

  server.registerTool(
    'list_workspaces',
    {
      title: 'Workspaces',
      description:
        "The workspaces the user belongs to, with their role in each: the personal one first. The other tools act in the personal workspace unless given a shared one's id as workspace.",
      annotations: { readOnlyHint: true },
    },
    tool(async () => {
      const found = await workspaces();
      return answer(say.workspaces(found.length), found);
    }),
  );

  server.registerTool(
    'list_posts',
    {
      title: 'Posts',
      description:
        'Posts scheduled, published or failed in a period (at most 93 days; the coming month when no period is given).',
      inputSchema: {
        from: z.string().max(40).optional().describe('Start, an ISO date or instant (YYYY-MM-DD)'),
        to: z.string().max(40).optional().describe('End, an ISO date or instant (YYYY-MM-DD)'),
        status: z.array(z.enum(POST_STATUSES)).max(POST_STATUSES.length).optional(),
        workspace,
      },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ from, to, status, workspace }) => {
      const query: Record<string, string> = {};
      if (from) query.from = from;
      if (to) query.to = to;
      if (status?.length) query.status = status.join(',');
      const posts = dataOf({
        status: 200,
        body: await succeed(call, API.posts.list, { query, workspace }),
      }) as unknown[];
      return answer(say.posts(posts.length), posts);
    }),
  );

  server.registerTool(
    'get_post',
    {
      title: 'One post',
      description: 'One post with its text, status, time and first comment.',
      inputSchema: { id: z.string().uuid().describe('The post id'), workspace },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ id, workspace }) => {
      const post = dataOf({ status: 200, body: await succeed(call, API.posts.get, { params: { id }, workspace }) });
      return answer(say.post, post);
    }),
  );

  server.registerTool(
    'list_drafts',
    {
      title: 'Drafts',
      description: "The workspace's drafts, most recently changed first.",
      inputSchema: { workspace },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ workspace }) => {
      const drafts = dataOf({ status: 200, body: await succeed(call, API.posts.drafts, { workspace }) }) as unknown[];
      return answer(say.drafts(drafts.length), drafts);
    }),
  );

  server.registerTool(
    'create_draft',
    {
      title: 'Save a draft',
      description: 'Keeps a post as a draft. A draft never goes out by itself.',
      inputSchema: {
        content: z.string().min(1).max(MAX_DRAFT_LENGTH).describe('The post text'),
        firstComment: z.string().max(MAX_FIRST_COMMENT_LENGTH).optional().describe('A comment posted right after'),
        workspace,
      },
    },
    tool(async ({ content, firstComment, workspace }) => {
      const draft = dataOf({
        status: 201,
        body: await succeed(call, API.posts.createDraft, { body: { content, firstComment }, workspace }),
      });
      return answer(say.draftSaved, draft);
    }),
  );

  server.registerTool(
    'write_draft_with_ai',
    {
      title: 'Write a draft with AI',
      description:
        "Writes a post about a topic in the user's voice and language (it spends the user's AI credits) and keeps it as a draft.",
      inputSchema: {
        topic: z.string().min(1).max(MAX_TOPIC_CHARS).describe('What the post is about, in a sentence or a few notes'),
        workspace,
      },
    },
    tool(async ({ topic, workspace }) => {
      const written = dataOf({
        status: 200,
        body: await succeed(call, API.ai.generate, { query: { stream: '0' }, body: { topic, lang: language } }),
      }) as { text: string; language: string; offline: boolean };
      const draft = dataOf({
        status: 201,
        body: await succeed(call, API.posts.createDraft, { body: { content: written.text }, workspace }),
      });
      return answer(say.draftWritten(written.offline), {
        draft,
        language: written.language,
        offline: written.offline,
      });
    }),
  );

  server.registerTool(
    'schedule_draft',
    {
      title: 'Schedule a draft',
      description:
        'Schedules a draft to be published on LinkedIn at a date and time; the draft becomes a scheduled post. ' +
        'Requires confirm: true, given only after the user agreed to the text and the time.',
      inputSchema: {
        draftId,
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .describe('YYYY-MM-DD in timeZone'),
        time: z
          .string()
          .regex(/^(1[0-2]|0?[1-9]):[0-5]\d [AP]M$/)
          .describe('12-hour time in timeZone, e.g. 9:30 AM'),
        timeZone: z.string().min(1).max(100).describe('An IANA time zone, e.g. Asia/Riyadh'),
        confirm,
        workspace,
      },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    tool(async ({ draftId: id, date, time, timeZone, workspace }) => {
      const post = await postOfDraft(id, workspace);
      const scheduled = dataOf({
        status: 201,
        body: await succeed(call, API.posts.schedule, {
          body: { ...post, userId: await callerId(), date, time, timeZone, status: 'scheduled' },
          workspace,
        }),
      });
      return answer(say.scheduled(date, time, timeZone), scheduled);
    }),
  );

  server.registerTool(
    'queue_draft',
    {
      title: 'Queue a draft',
      description:
        "Puts a draft in the user's posting queue: it is published on LinkedIn in the next free weekly slot. " +
        'Requires confirm: true, given only after the user agreed to the text.',
      inputSchema: { draftId, confirm, workspace },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    tool(async ({ draftId: id, workspace }) => {
      const post = await postOfDraft(id, workspace);
      const queued = dataOf({ status: 201, body: await succeed(call, API.queue.add, { body: post, workspace }) });
      return answer(say.queued, queued);
    }),
  );

  server.registerTool(
    'get_draft_review',
    {
      title: "A draft's review",
      description:
        "A draft with its review state and version, its review thread (comments and replies, oldest first) and what happened to it. Approving and requesting changes are left to the workspace's owners and admins in Nashr itself.",
      inputSchema: { draftId, workspace },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ draftId: id, workspace }) => {
      const review = dataOf({
        status: 200,
        body: await succeed(call, API.review.draftReview, { params: { id }, workspace }),
      }) as { comments: unknown[] };
      return answer(say.review(review.comments.length), review);
    }),
  );

  server.registerTool(
    'submit_draft_for_review',
    {
      title: 'Send a draft for review',
      description:
        "Sends a draft to the workspace's owners and admins for approval, who are told. Give the version the user saw (list_drafts and get_draft_review give it): a draft changed since is refused with review.stale_version.",
      inputSchema: {
        draftId,
        version: z.number().int().min(1).describe("The draft's version the user saw"),
        workspace,
      },
      annotations: { destructiveHint: false },
    },
    tool(async ({ draftId: id, version, workspace }) => {
      const review = dataOf({
        status: 200,
        body: await succeed(call, API.review.submit, { params: { id }, body: { version }, workspace }),
      });
      return answer(say.submitted, review);
    }),
  );

  server.registerTool(
    'comment_on_draft',
    {
      title: "Comment in a draft's review",
      description: "Adds a comment to a draft's review thread, or a reply to one of its comments.",
      inputSchema: {
        draftId,
        body: z.string().min(1).max(MAX_REVIEW_COMMENT_LENGTH).describe('The comment'),
        parentId: z
          .string()
          .uuid()
          .optional()
          .describe('The comment this one replies to, as get_draft_review gives it'),
        workspace,
      },
      annotations: { destructiveHint: false },
    },
    tool(async ({ draftId: id, body, parentId, workspace }) => {
      const comment = dataOf({
        status: 201,
        body: await succeed(call, API.review.comment, { params: { id }, body: { body, parentId }, workspace }),
      });
      return answer(say.commented, comment);
    }),
  );

  server.registerTool(
    'read_analytics',
    {
      title: 'Analytics',
      description:
        "The user's LinkedIn figures over a period (impressions, reactions, comments...), each against the period before.",
      inputSchema: {
        days: z
          .union(
            ANALYTICS_PERIODS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>],
          )
          .optional()
          .describe(`The period in days: ${ANALYTICS_PERIODS.join(', ')} (30 when absent)`),
        timeZone: z.string().min(1).max(100).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ days, timeZone }) => {
      const query: Record<string, string> = { days: String(days ?? 30) };
      if (timeZone) query.timeZone = timeZone;
      const summary = dataOf({ status: 200, body: await succeed(call, API.analytics.summary, { query }) });
      return answer(say.analytics(days ?? 30), summary);
    }),
  );

  server.registerTool(
    'best_times',
    {
      title: 'Best times to post',
      description: "Engagement by weekday and hour in the user's time zone, with the best slots named.",
      inputSchema: { timeZone: z.string().min(1).max(100).optional() },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ timeZone }) => {
      const body = await succeed(call, API.analytics.bestTimes, { query: timeZone ? { timeZone } : {} });
      return answer(say.bestTimes, dataOf({ status: 200, body }) ?? body);
    }),
  );

  return server;
}
