// @vitest-environment jsdom
import type { WorkspaceMember } from '@nashr/contracts';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { PostHistoryButton } from './post-history';

const OWNER = '11111111-1111-4111-8111-111111111111';
const WRITER = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';
const POST = '55555555-5555-4555-8555-555555555555';
const at = '2026-12-01T10:00:00.000Z';

const members: WorkspaceMember[] = [
  { userId: OWNER, email: 'owner@example.test', role: 'owner', joinedAt: at },
  { userId: WRITER, email: 'writer@example.test', role: 'contributor', joinedAt: at },
];
/** The workspace's members as the screen reads them: each test says when they arrive. */
let membersAnswer: Promise<{ members: WorkspaceMember[]; invitations: null }>;
vi.mock('../workspaces', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useMembersHere: () => useQuery({ queryKey: ['members-here'], queryFn: () => membersAnswer }) };
});

const entry = (n: number, action: string, actorId: string | null, version: number | null = null) => ({
  id: `66666666-6666-4666-8666-66666666666${n}`,
  action,
  actorId,
  version,
  at,
});

let container: HTMLDivElement;
let asked: string[];

function serve(status: number, body: unknown) {
  asked = [];
  membersAnswer = Promise.resolve({ members, invitations: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json(body, { status });
    }),
  );
}

async function render() {
  ({ container } = await renderSignedIn(<PostHistoryButton postId={POST} />, {
    account: { id: OWNER, email: 'owner@example.test' },
  }));
}

const inDialog = () => document.querySelector<HTMLElement>('[data-testid="post-history-dialog"]');
const clean = (text: string | null | undefined) => (text ?? '').replace(/[\u2068\u2069]/g, '');

beforeAll(async () => {
  await startI18nForTests();
});

afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
});

describe("a post's history", () => {
  it('is read when opened and says who did what, by their address, someone gone as a former member', async () => {
    serve(200, {
      success: true,
      data: {
        activity: [entry(1, 'created', WRITER, 1), entry(2, 'approved', OWNER, 2), entry(3, 'scheduled', GONE)],
      },
    });
    await render();
    expect(asked).toEqual([]);
    const button = container.querySelector<HTMLButtonElement>('[data-testid="post-history"]');
    expect(button?.getAttribute('aria-label')).toBe('السجل');
    await act(async () => button?.click());
    await vi.waitFor(() => expect(inDialog()?.querySelectorAll('[data-testid="activity-entry"]')).toHaveLength(3));
    expect(asked).toEqual([`/api/v1/posts/${POST}/activity`]);
    expect(inDialog()?.textContent).toContain('سجل المنشور');
    const lines = [...(inDialog()?.querySelectorAll('[data-testid="activity-entry"] p:first-child') ?? [])].map((p) =>
      clean(p.textContent),
    );
    expect(lines).toEqual([
      'كتب المسودة: writer@example.test · النسخة 1',
      'اعتمدها: owner@example.test · النسخة 2',
      'جدولها: عضو سابق',
    ]);
  });

  it('names nobody a former member while the members are still being read', async () => {
    serve(200, { success: true, data: { activity: [entry(1, 'created', WRITER, 1)] } });
    let arrive: (team: { members: WorkspaceMember[]; invitations: null }) => void = () => {};
    membersAnswer = new Promise((resolve) => {
      arrive = resolve;
    });
    await render();
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="post-history"]')?.click());
    await vi.waitFor(() => expect(asked).toEqual([`/api/v1/posts/${POST}/activity`]));
    await act(async () => {});
    expect(inDialog()?.querySelector('[role="status"]')?.textContent).toBe('جارٍ تحميل السجل…');
    expect(inDialog()?.querySelectorAll('[data-testid="activity-entry"]')).toHaveLength(0);
    await act(async () => arrive({ members, invitations: null }));
    await vi.waitFor(() => expect(inDialog()?.querySelectorAll('[data-testid="activity-entry"]')).toHaveLength(1));
    expect(clean(inDialog()?.querySelector('[data-testid="activity-entry"] p')?.textContent)).toBe(
      'كتب المسودة: writer@example.test · النسخة 1',
    );
  });

  it('says in words when the history could not be read, with a way to try again', async () => {
    serve(503, { message: 'down', code: 'service.unavailable' });
    await render();
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="post-history"]')?.click());
    await vi.waitFor(() => expect(inDialog()?.querySelector('[data-testid="load-error"]')).not.toBeNull());
    expect(inDialog()?.querySelector('[data-testid="load-error"]')?.getAttribute('role')).toBe('alert');
    expect(inDialog()?.querySelector('[data-testid="load-error"] button')?.textContent).toBe('حاول مرة أخرى');
    expect(inDialog()?.querySelectorAll('[data-testid="activity-entry"]')).toHaveLength(0);
  });
});
