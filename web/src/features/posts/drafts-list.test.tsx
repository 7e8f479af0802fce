// @vitest-environment jsdom
import type { PostDraft, WorkspaceRole } from '@nashr/contracts';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { chooseWorkspace, resetWorkspaceForTests } from '../../session/current-workspace';
import { DraftsList } from './drafts-list';

const ME = '22222222-2222-4222-8222-222222222222';
const WORKSPACE = '44444444-4444-4444-8444-444444444444';
const id = (n: number) => `55555555-5555-4555-8555-55555555555${n}`;
const at = '2026-12-01T10:00:00.000Z';

const role = vi.hoisted(() => ({ current: 'contributor' as WorkspaceRole }));
vi.mock('../workspaces', async () => {
  const { roleAtLeast, SCHEDULER_ROLE } = await vi.importActual<typeof import('@nashr/contracts')>('@nashr/contracts');
  return { useRoleHere: () => role.current, useMaySchedule: () => roleAtLeast(role.current, SCHEDULER_ROLE) };
});
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const draft = (n: number, over: Partial<PostDraft>): PostDraft => ({
  id: id(n),
  userId: ME,
  content: `Draft ${n}`,
  firstComment: '',
  identity: null,
  media: [],
  version: 2,
  createdAt: at,
  updatedAt: at,
  reviewState: 'draft',
  submittedBy: null,
  submittedAt: null,
  reviewedBy: null,
  reviewedAt: null,
  approvedVersion: null,
  comments: 0,
  ...over,
});
const drafts = [
  draft(1, {}),
  draft(2, { reviewState: 'in_review', submittedBy: ME, submittedAt: at, comments: 1 }),
  draft(3, { reviewState: 'changes_requested', version: 7, comments: 3 }),
  draft(4, { reviewState: 'approved', approvedVersion: 2, comments: 11 }),
];

let sent: { method: string; url: string; body: unknown }[];
let requiresApproval = false;
function serve() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/v1/drafts') return Response.json({ success: true, data: drafts });
      if (url === '/api/v1/review-settings') return Response.json({ success: true, data: { requiresApproval } });
      const submitted = /^\/api\/v1\/drafts\/([^/]+)\/submit$/.exec(url);
      if (submitted && method === 'POST') {
        const found = drafts.find((d) => d.id === submitted[1]) as PostDraft;
        return Response.json({
          success: true,
          data: { draft: { ...found, reviewState: 'in_review' }, comments: [], activity: [] },
        });
      }
      return Response.json({ message: 'no' }, { status: 404 });
    }),
  );
}

let container: HTMLDivElement;

async function open() {
  const rootRoute = createRootRoute({
    component: () => <DraftsList onOpen={() => {}} onSchedule={() => {}} onWrite={() => {}} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/review/$draftId', component: () => null }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  ({ container } = await renderSignedIn(<RouterProvider router={router as never} />, {
    account: { id: ME, email: 'me@example.test' },
  }));
  await vi.waitFor(() => expect(cards()).toHaveLength(4));
}

const cards = () => [...container.querySelectorAll<HTMLElement>('[data-testid="draft-card"]')];
const inCard = (card: HTMLElement | undefined, testId: string) =>
  card?.querySelector<HTMLElement>(`[data-testid="${testId}"]`) ?? null;
const clean = (text: string | null | undefined) => (text ?? '').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

beforeAll(async () => {
  await startI18nForTests();
});

beforeEach(async () => {
  role.current = 'contributor';
  requiresApproval = false;
  resetWorkspaceForTests();
  chooseWorkspace(WORKSPACE);
  await i18next.changeLanguage('ar');
  serve();
});

afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
  chooseWorkspace(null);
});

describe('the drafts list in a workspace with review', () => {
  it("shows each draft's review state and its comments, counted with the Arabic plural forms", async () => {
    await open();
    expect(cards().map((card) => inCard(card, 'review-state')?.textContent)).toEqual([
      'حالة المراجعة: مسودة',
      'حالة المراجعة: قيد المراجعة',
      'حالة المراجعة: مطلوب تعديلات',
      'حالة المراجعة: معتمدة',
    ]);
    expect(cards().map((card) => clean(inCard(card, 'comment-count')?.textContent))).toEqual([
      'لا تعليقات',
      'تعليق واحد',
      '3 تعليقات',
      '11 تعليقًا',
    ]);
    await act(async () => void (await i18next.changeLanguage('en')));
    expect(inCard(cards()[2], 'review-state')?.textContent).toBe('Review state: Changes requested');
    expect(clean(inCard(cards()[2], 'comment-count')?.textContent)).toBe('3 comments');
  });

  it('offers Send for review on a draft or one with changes requested, and sends the version shown', async () => {
    await open();
    expect(cards().map((card) => inCard(card, 'send-for-review') !== null)).toEqual([true, false, true, false]);
    expect(inCard(cards()[0], 'send-for-review')?.textContent).toBe('إرسال للمراجعة');
    // A contributor schedules nothing.
    expect(cards().every((card) => inCard(card, 'draft-schedule') === null)).toBe(true);
    await act(async () => inCard(cards()[2], 'send-for-review')?.click());
    const submit = (s: (typeof sent)[number]) => s.method === 'POST' && s.url.endsWith('/submit');
    await vi.waitFor(() => expect(sent.some(submit)).toBe(true));
    expect(sent.find(submit)).toMatchObject({
      url: `/api/v1/drafts/${id(3)}/submit`,
      body: { version: 7 },
    });
  });

  it('links each draft to its review page in the workspace it is in', async () => {
    await open();
    const link = inCard(cards()[1], 'draft-review');
    expect(link?.textContent).toBe('مراجعة');
    expect(link?.getAttribute('href')).toBe(`/review/${id(2)}?workspace=${WORKSPACE}`);
  });

  it('offers an editor Schedule only on approved drafts where the workspace requires approval', async () => {
    role.current = 'editor';
    requiresApproval = true;
    await open();
    await vi.waitFor(() =>
      expect(cards().map((card) => inCard(card, 'draft-schedule') !== null)).toEqual([false, false, false, true]),
    );
  });

  it('offers a viewer neither Send for review nor Schedule', async () => {
    role.current = 'viewer';
    await open();
    expect(container.querySelector('[data-testid="send-for-review"]')).toBeNull();
    expect(container.querySelector('[data-testid="draft-schedule"]')).toBeNull();
    expect(container.querySelectorAll('[data-testid="draft-review"]')).toHaveLength(4);
  });
});
