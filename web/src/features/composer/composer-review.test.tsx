// @vitest-environment jsdom
import type { PostDraft, WorkspaceRole } from '@nashr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { ComposerActions } from './composer-actions';
import { type ComposerReview, useComposerReview } from './use-composer-review';

const role = vi.hoisted(() => ({ current: 'editor' as WorkspaceRole }));
vi.mock('../workspaces', async () => {
  const { roleAtLeast, SCHEDULER_ROLE } = await vi.importActual<typeof import('@nashr/contracts')>('@nashr/contracts');
  return { useRoleHere: () => role.current, useMaySchedule: () => roleAtLeast(role.current, SCHEDULER_ROLE) };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DRAFT = '55555555-5555-4555-8555-555555555555';
const at = '2026-12-01T10:00:00.000Z';

const footer = (review: ComposerReview, canSend = true) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ComposerActions
        canSend={canSend}
        posting={false}
        queueing={false}
        review={review}
        onQueue={() => {}}
        onSchedule={() => {}}
        onPost={() => {}}
      />
    </QueryClientProvider>,
  );
const notApproved: ComposerReview = {
  required: true,
  state: 'draft',
  approved: false,
  submittable: { id: DRAFT, version: 2 },
};
const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);

beforeAll(async () => {
  await startI18nForTests();
});
beforeEach(() => {
  role.current = 'editor';
});

describe("the composer's footer where the workspace requires approval", () => {
  it('offers Send for review instead of Post, Schedule and Queue to a draft not approved', () => {
    const html = footer(notApproved);
    for (const testId of ['composer-post', 'composer-schedule', 'composer-queue'])
      expect(has(html, testId)).toBe(false);
    expect(has(html, 'send-for-review')).toBe(true);
    expect(html).toContain('إرسال للمراجعة');
    expect(html).toContain('لا تُنشر في مساحة العمل هذه إلا المسودات المعتمدة');
  });

  it('waits for the draft to be saved before it can be sent', () => {
    const html = footer({ ...notApproved, state: null, submittable: null });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="send-for-review"/);
    expect(has(html, 'composer-review-saving')).toBe(true);
  });

  it('says a draft in review is being reviewed, with nothing to send', () => {
    const html = footer({ ...notApproved, state: 'in_review', submittable: null });
    expect(has(html, 'send-for-review')).toBe(false);
    expect(html).toContain('قيد المراجعة');
  });

  it('posts and schedules an approved draft as before, saying a change sends it back to review', () => {
    const html = footer({ required: true, state: 'approved', approved: true, submittable: null });
    for (const testId of ['composer-post', 'composer-schedule', 'composer-queue']) expect(has(html, testId)).toBe(true);
    expect(has(html, 'send-for-review')).toBe(false);
    expect(html).toContain('حفظ أي تعديل عليها يعيدها إلى المراجعة');
  });

  it('posts as before where the workspace does not require approval', () => {
    const html = footer({ required: false, state: 'draft', approved: false, submittable: notApproved.submittable });
    expect(has(html, 'composer-post')).toBe(true);
    expect(has(html, 'send-for-review')).toBe(false);
  });

  it('tells a contributor editing an approved draft that saving sends it back to review', () => {
    role.current = 'contributor';
    const html = footer({ required: true, state: 'approved', approved: true, submittable: null });
    expect(has(html, 'send-for-review')).toBe(false);
    expect(has(html, 'composer-review-saving')).toBe(false);
    expect(html).toContain('حفظ أي تعديل عليها يعيدها إلى المراجعة');
  });

  it("gives a contributor's role note Send for review, and a viewer's none", () => {
    role.current = 'contributor';
    const html = footer({ ...notApproved, required: false });
    expect(has(html, 'composer-role-note')).toBe(true);
    expect(has(html, 'send-for-review')).toBe(true);
    expect(has(html, 'composer-post')).toBe(false);
    role.current = 'viewer';
    expect(has(footer({ ...notApproved, required: false }), 'send-for-review')).toBe(false);
  });
});

function Probe({
  composer,
  seen,
}: {
  composer: { draftVersion: number; saveState: 'saved' | 'saving' };
  seen: ComposerReview[];
}) {
  seen.push(useComposerReview({ draftId: DRAFT, ...composer }));
  return null;
}

describe("the composer's draft in review", () => {
  let root: Root | undefined;
  afterEach(async () => {
    await act(async () => root?.unmount());
    vi.unstubAllGlobals();
  });

  const stored = (over: Partial<PostDraft>): PostDraft => ({
    id: DRAFT,
    userId: '22222222-2222-4222-8222-222222222222',
    content: 'x',
    firstComment: '',
    identity: null,
    media: [],
    version: 4,
    createdAt: at,
    updatedAt: at,
    reviewState: 'approved',
    submittedBy: null,
    submittedAt: null,
    reviewedBy: null,
    reviewedAt: null,
    approvedVersion: 4,
    comments: 0,
    ...over,
  });

  async function reviewOf(draft: PostDraft, composer: { draftVersion: number; saveState: 'saved' | 'saving' }) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/v1/drafts'
          ? Response.json({ success: true, data: [draft] })
          : Response.json({ success: true, data: { requiresApproval: true } }),
      ),
    );
    const seen: ComposerReview[] = [];
    root = createRoot(document.createElement('div'));
    await act(async () =>
      root?.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Probe composer={composer} seen={seen} />
        </QueryClientProvider>,
      ),
    );
    await vi.waitFor(() => expect(seen.at(-1)?.state).not.toBeNull());
    return seen.at(-1) as ComposerReview;
  }

  it('is approved only at the version in the composer', async () => {
    expect(await reviewOf(stored({}), { draftVersion: 4, saveState: 'saved' })).toMatchObject({
      required: true,
      approved: true,
      submittable: null,
    });
    // Saved since (the composer holds a newer version than the list read): not approved.
    expect((await reviewOf(stored({}), { draftVersion: 5, saveState: 'saved' })).approved).toBe(false);
    expect((await reviewOf(stored({ version: 5 }), { draftVersion: 5, saveState: 'saved' })).approved).toBe(false);
  });

  it('may be sent for review once saved as shown, at its version', async () => {
    const draft = stored({ reviewState: 'changes_requested', approvedVersion: null, version: 6 });
    expect((await reviewOf(draft, { draftVersion: 6, saveState: 'saved' })).submittable).toEqual({
      id: DRAFT,
      version: 6,
    });
    expect((await reviewOf(draft, { draftVersion: 6, saveState: 'saving' })).submittable).toBeNull();
  });
});
