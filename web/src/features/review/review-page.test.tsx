// @vitest-environment jsdom
import type { PostDraft, ReviewComment, WorkspaceMember, WorkspaceRole } from '@nashr/contracts';
import { focusManager } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { ReviewPage } from './review-page';

const OWNER = '11111111-1111-4111-8111-111111111111';
const WRITER = '22222222-2222-4222-8222-222222222222';
const EDITOR = '33333333-3333-4333-8333-333333333333';
const WORKSPACE = '44444444-4444-4444-8444-444444444444';
const DRAFT = '55555555-5555-4555-8555-555555555555';
const FIRST = '66666666-6666-4666-8666-666666666666';
const REPLY = '77777777-7777-4777-8777-777777777777';
const at = '2026-12-01T10:00:00.000Z';

const members: WorkspaceMember[] = [
  { userId: OWNER, email: 'owner@example.test', role: 'owner', joinedAt: at },
  { userId: WRITER, email: 'writer@example.test', role: 'contributor', joinedAt: at },
  { userId: EDITOR, email: 'editor@example.test', role: 'editor', joinedAt: at },
];

const role = vi.hoisted(() => ({ current: 'owner' as WorkspaceRole }));
vi.mock('../workspaces', () => ({
  useRoleHere: () => role.current,
  useMembersHere: () => ({ data: { members, invitations: null } }),
  useWorkInLinked: () => true,
}));
const openComposer = vi.hoisted(() => vi.fn());
vi.mock('../composer', () => ({ useComposer: () => ({ open: openComposer }) }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const draft = (over: Partial<PostDraft> = {}): PostDraft => ({
  id: DRAFT,
  userId: WRITER,
  workspaceId: WORKSPACE,
  content: 'First line\nSecond line',
  firstComment: 'Link in the first comment',
  identity: null,
  media: [],
  version: 3,
  createdAt: at,
  updatedAt: at,
  reviewState: 'in_review',
  submittedBy: WRITER,
  submittedAt: at,
  reviewedBy: null,
  reviewedAt: null,
  approvedVersion: null,
  comments: 2,
  ...over,
});
const comment = (over: Partial<ReviewComment>): ReviewComment => ({
  id: FIRST,
  draftId: DRAFT,
  authorId: OWNER,
  parentId: null,
  kind: 'comment',
  body: 'Shorter, please',
  mentions: [],
  version: 3,
  createdAt: at,
  ...over,
});
const reviewOf = (d: PostDraft, comments: ReviewComment[] = []) => ({
  success: true,
  data: {
    draft: d,
    comments,
    activity: [{ id: REPLY.replace('7777', '8888'), action: 'submitted', actorId: WRITER, version: 3, at }],
  },
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}
let sent: Sent[];
/** The API as a map of `METHOD path` to answers (the last one repeats). */
function serve(answers: Record<string, Array<{ status: number; body: unknown }>>) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const queue = answers[`${method} ${url}`];
      const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!answer) return Response.json({ message: 'no' }, { status: 404 });
      return Response.json(answer.body, { status: answer.status });
    }),
  );
}

let container: HTMLDivElement;

async function openPage(shown = 'review-summary') {
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/review/$draftId', component: ReviewPage }),
      createRoute({ getParentRoute: () => rootRoute, path: '/posts', component: () => null }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/review/${DRAFT}?workspace=${WORKSPACE}`] }),
  });
  ({ container } = await renderSignedIn(<RouterProvider router={router as never} />, {
    account: { id: OWNER, email: 'owner@example.test' },
  }));
  await vi.waitFor(() => expect(container.querySelector(`[data-testid="${shown}"]`)).not.toBeNull());
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const allByTestId = (id: string) => [...container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const clean = (text: string | null | undefined) => (text ?? '').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

async function click(element: HTMLElement | null) {
  expect(element).not.toBeNull();
  await act(async () => element?.click());
}

/** Types into a React-controlled text box, with the caret at the end. */
async function type(box: HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(box, text);
    box.setSelectionRange(text.length, text.length);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function press(box: HTMLElement, key: string) {
  await act(async () => box.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
}

beforeAll(async () => {
  await startI18nForTests();
});

beforeEach(async () => {
  role.current = 'owner';
  openComposer.mockClear();
  await i18next.changeLanguage('ar');
});

afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
});

describe('the review page', () => {
  it('shows the draft read-only with its state, who sent it, its comments threaded and its activity', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [
        {
          status: 200,
          body: reviewOf(draft(), [
            comment({}),
            comment({ id: REPLY, parentId: FIRST, authorId: WRITER, body: 'Done' }),
          ]),
        },
      ],
    });
    await openPage();
    expect(byTestId('review-state')?.textContent).toContain('قيد المراجعة');
    expect(byTestId('review-draft-text')?.textContent).toBe('First line\nSecond line');
    expect(byTestId('review-draft-text')?.className).toContain('whitespace-pre-wrap');
    expect(clean(byTestId('review-submitted')?.textContent)).toContain('أرسلها للمراجعة writer@example.test');
    // The reply sits under the comment it answers.
    const replies = byTestId('review-replies');
    expect(replies?.textContent).toContain('Done');
    expect(replies?.closest('li')?.querySelector('[data-testid="review-comment-body"]')?.textContent).toBe(
      'Shorter, please',
    );
    expect(clean(byTestId('comment-count')?.textContent)).toBe('تعليقان');
    expect(allByTestId('activity-entry')).toHaveLength(1);
    const headings = [...container.querySelectorAll('h1, h2')].map((h) => h.tagName);
    expect(headings[0]).toBe('H1');
    expect(byTestId('review-approve')?.textContent).toBe('اعتماد');
    expect(byTestId('review-request-changes')?.textContent).toBe('طلب تعديلات');
  });

  it.each([
    ['draft', 'مسودة', 'Draft'],
    ['in_review', 'قيد المراجعة', 'In review'],
    ['changes_requested', 'مطلوب تعديلات', 'Changes requested'],
    ['approved', 'معتمدة', 'Approved'],
  ] as const)('names the state %s in both languages', async (state, arabic, english) => {
    serve({ [`GET /api/v1/drafts/${DRAFT}/review`]: [{ status: 200, body: reviewOf(draft({ reviewState: state })) }] });
    await openPage();
    expect(byTestId('review-state')?.textContent).toContain(arabic);
    await act(async () => void (await i18next.changeLanguage('en')));
    expect(byTestId('review-state')?.textContent).toContain(english);
  });

  it('approves the version the reviewer read and says so', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [{ status: 200, body: reviewOf(draft()) }],
      [`POST /api/v1/drafts/${DRAFT}/approve`]: [
        {
          status: 200,
          body: reviewOf(draft({ reviewState: 'approved', approvedVersion: 3, reviewedBy: OWNER, reviewedAt: at })),
        },
      ],
    });
    await openPage();
    await click(byTestId('review-approve'));
    await vi.waitFor(() => expect(byTestId('review-state')?.textContent).toContain('معتمدة'));
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      url: `/api/v1/drafts/${DRAFT}/approve`,
      body: { version: 3 },
    });
    await vi.waitFor(() => expect(byTestId('review-announcement')?.textContent).toContain('اعتُمدت المسودة'));
    expect(document.activeElement?.id).toBe('review-state-heading');
  });

  it('says a stale approval in words and reloads the new version', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [
        { status: 200, body: reviewOf(draft()) },
        { status: 200, body: reviewOf(draft({ version: 4, content: 'Changed meanwhile' })) },
      ],
      [`POST /api/v1/drafts/${DRAFT}/approve`]: [
        {
          status: 409,
          body: { message: 'stale', code: 'review.stale_version', params: { version: 4 } },
        },
      ],
    });
    await openPage();
    await click(byTestId('review-approve'));
    await vi.waitFor(() =>
      expect(byTestId('review-stale')?.textContent).toContain('تغيّرت هذه المسودة منذ فتحها. اقرأ النسخة الجديدة'),
    );
    expect(byTestId('review-approve')?.hasAttribute('disabled')).toBe(true);
    await click(byTestId('review-reload'));
    await vi.waitFor(() => expect(byTestId('review-draft-text')?.textContent).toBe('Changed meanwhile'));
    expect(byTestId('review-stale')).toBeNull();
    expect(byTestId('review-approve')?.hasAttribute('disabled')).toBe(false);
  });

  it('offers a version saved meanwhile without swapping it in, and decides only on the one shown', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [
        { status: 200, body: reviewOf(draft()) },
        { status: 200, body: reviewOf(draft({ version: 4, content: 'Changed meanwhile' })) },
      ],
    });
    await openPage();
    expect(byTestId('review-newer')).toBeNull();
    // Back to the page: it reads the draft again.
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await vi.waitFor(() => expect(clean(byTestId('review-newer')?.textContent)).toContain('(النسخة 4)'));
    expect(byTestId('review-draft-text')?.textContent).toBe('First line\nSecond line');
    // Neither decision is offered on words no longer the draft's: the server would refuse both as stale.
    expect(byTestId('review-approve')?.hasAttribute('disabled')).toBe(true);
    expect(byTestId('review-request-changes')?.hasAttribute('disabled')).toBe(true);
    await click(byTestId('review-show-newer'));
    expect(byTestId('review-draft-text')?.textContent).toBe('Changed meanwhile');
    expect(byTestId('review-newer')).toBeNull();
    expect(byTestId('review-approve')?.hasAttribute('disabled')).toBe(false);
    expect(byTestId('review-request-changes')?.hasAttribute('disabled')).toBe(false);
  });

  it('asks what to change before it requests changes', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [{ status: 200, body: reviewOf(draft()) }],
      [`POST /api/v1/drafts/${DRAFT}/request-changes`]: [
        { status: 200, body: reviewOf(draft({ reviewState: 'changes_requested', reviewedBy: OWNER, reviewedAt: at })) },
      ],
    });
    await openPage();
    await click(byTestId('review-request-changes'));
    await vi.waitFor(() => expect(document.querySelector('[data-testid="request-changes-dialog"]')).not.toBeNull());
    await click(document.querySelector<HTMLElement>('[data-testid="request-changes-send"]'));
    expect(document.querySelector('[data-testid="request-changes-problem"]')?.textContent).toBe('اكتب تعليقًا أولًا.');
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
    const box = document.querySelector<HTMLTextAreaElement>('[data-testid="request-changes-comment"]');
    await type(box as HTMLTextAreaElement, 'Open with the number');
    await click(document.querySelector<HTMLElement>('[data-testid="request-changes-send"]'));
    await vi.waitFor(() => expect(byTestId('review-state')?.textContent).toContain('مطلوب تعديلات'));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ version: 3, comment: 'Open with the number' });
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('review-state-heading'));
    // Announced on the next frame (emptied first, so the same words are read again).
    await vi.waitFor(() => expect(byTestId('review-announcement')?.textContent).toContain('طُلبت التعديلات'));
  });

  it('offers the members after @, walked by keyboard, and sends the one chosen as a mention', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [{ status: 200, body: reviewOf(draft()) }],
      [`POST /api/v1/drafts/${DRAFT}/comments`]: [
        { status: 201, body: { success: true, data: comment({ id: REPLY, body: 'x', mentions: [EDITOR] }) } },
      ],
    });
    await openPage();
    const box = container.querySelector<HTMLTextAreaElement>('[data-testid="comment-form"] textarea');
    if (!box) throw new Error('no comment box');
    await type(box, 'Look @');
    const options = allByTestId('mention-option');
    expect(options.map((o) => o.textContent)).toEqual([
      'owner@example.test',
      'writer@example.test',
      'editor@example.test',
    ]);
    expect(byTestId('mention-list')?.getAttribute('role')).toBe('listbox');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await press(box, 'ArrowDown');
    await press(box, 'ArrowDown');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    expect(options[2]?.getAttribute('aria-selected')).toBe('true');
    await press(box, 'Enter');
    expect(box.value).toBe('Look @editor@example.test ');
    expect(byTestId('mention-list')).toBeNull();
    await type(box, 'Look @editor@example.test please');
    await click(byTestId('comment-send'));
    await vi.waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
      body: 'Look @editor@example.test please',
      mentions: [EDITOR],
    });
    // Escape closes the list without leaving the box.
    await type(box, '@ed');
    expect(allByTestId('mention-option').map((o) => o.textContent)).toEqual(['editor@example.test']);
    await press(box, 'Escape');
    expect(byTestId('mention-list')).toBeNull();
  });

  it('replies under a comment, from a box that opens with the focus in it', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [
        { status: 200, body: reviewOf(draft(), [comment({})]) },
        {
          status: 200,
          body: reviewOf(draft(), [comment({}), comment({ id: REPLY, parentId: FIRST, body: 'Agreed' })]),
        },
      ],
      [`POST /api/v1/drafts/${DRAFT}/comments`]: [
        {
          status: 201,
          body: { success: true, data: comment({ id: REPLY, parentId: FIRST, authorId: OWNER, body: 'Agreed' }) },
        },
      ],
    });
    await openPage();
    const reply = byTestId('comment-reply');
    expect(clean(reply?.getAttribute('aria-label'))).toBe('الردّ على owner@example.test');
    await click(reply);
    const box = container.querySelector<HTMLTextAreaElement>('[data-testid="reply-form"] textarea');
    expect(document.activeElement).toBe(box);
    await type(box as HTMLTextAreaElement, 'Agreed');
    await click(container.querySelector<HTMLElement>('[data-testid="reply-form"] [data-testid="comment-send"]'));
    await vi.waitFor(() => expect(byTestId('review-replies')?.textContent).toContain('Agreed'));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ body: 'Agreed', parentId: FIRST });
    expect(byTestId('reply-form')).toBeNull();
    // Back on the reply button of the comment answered.
    expect(document.activeElement?.getAttribute('data-testid')).toBe('comment-reply');
  });

  it('offers no decision to a contributor, who sends a draft with changes requested for review again', async () => {
    role.current = 'contributor';
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [
        { status: 200, body: reviewOf(draft({ reviewState: 'changes_requested', version: 5 })) },
      ],
      [`POST /api/v1/drafts/${DRAFT}/submit`]: [{ status: 200, body: reviewOf(draft({ version: 5 })) }],
    });
    await openPage();
    expect(byTestId('review-decision')).toBeNull();
    expect(byTestId('send-for-review')?.textContent).toBe('إرسال للمراجعة');
    await click(byTestId('send-for-review'));
    await vi.waitFor(() => expect(byTestId('review-state')?.textContent).toContain('قيد المراجعة'));
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ version: 5 });
    await click(byTestId('review-edit'));
    expect(openComposer).toHaveBeenCalledWith(expect.objectContaining({ text: 'First line\nSecond line' }));
  });

  it('says why the draft did not load, with a way to try again', async () => {
    serve({
      [`GET /api/v1/drafts/${DRAFT}/review`]: [
        { status: 404, body: { message: 'gone', code: 'post.draft_not_found' } },
      ],
    });
    await openPage('load-error');
    expect(byTestId('load-error')?.textContent).toContain('هذه المسودة');
    expect(byTestId('load-error')?.getAttribute('role')).toBe('alert');
  });
});
