// @vitest-environment jsdom
import { type LibraryPost, WORKSPACE_HEADER, type WorkspaceRole } from '@nashr/contracts';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { chooseWorkspace, resetWorkspaceForTests } from '../../session/current-workspace';
import { InspirationLibrary } from './inspiration-library';

const ME = '22222222-2222-4222-8222-222222222222';
const WORKSPACE = '44444444-4444-4444-8444-444444444444';

const role = vi.hoisted(() => ({ current: 'contributor' as WorkspaceRole }));
vi.mock('../workspaces', () => ({ useRoleHere: () => role.current }));
vi.mock('../composer', () => ({ useComposer: () => ({ open: () => {} }) }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const post = (n: number, favourite: boolean): LibraryPost => ({
  id: `55555555-5555-4555-8555-55555555555${n}`,
  lang: 'en',
  author: `Author ${n}`,
  body: `A post worth learning from, number ${n}.`,
  topic: 'career',
  format: 'story',
  createdAt: '2026-12-01T10:00:00.000Z',
  favourite,
});
const posts = [post(1, true), post(2, false)];

let sent: { method: string; url: string; workspace: string | undefined }[];
function serve() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const workspace = (init.headers as Record<string, string> | undefined)?.[WORKSPACE_HEADER];
      sent.push({ method, url, workspace });
      if (url.startsWith('/api/v1/library/posts')) {
        return Response.json({
          success: true,
          data: { posts, hasMore: false, plan: { shown: null, locked: 0, lockedMore: false } },
        });
      }
      const favourite = /^\/api\/v1\/library\/favourites\/([^/]+)$/.exec(url);
      if (favourite)
        return Response.json({ success: true, data: { postId: favourite[1], favourite: method === 'PUT' } });
      return Response.json({ message: 'no' }, { status: 404 });
    }),
  );
}

let container: HTMLDivElement;
async function open() {
  ({ container } = await renderSignedIn(<InspirationLibrary />, { account: { id: ME, email: 'me@example.test' } }));
  await vi.waitFor(() => expect(hearts()).toHaveLength(2));
}
const hearts = () => [...container.querySelectorAll<HTMLButtonElement>('[data-testid="library-favourite"]')];
const note = () => container.querySelector('[data-testid="library-role-note"]');

beforeAll(async () => {
  await startI18nForTests();
});

beforeEach(async () => {
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

describe("the library's favourites in a shared workspace", () => {
  it("reads and saves the workspace's favourites, naming the workspace", async () => {
    role.current = 'contributor';
    await open();
    expect(note()).toBeNull();
    expect(sent.find((call) => call.url.startsWith('/api/v1/library/posts'))?.workspace).toBe(WORKSPACE);
    expect(hearts().map((heart) => heart.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    await act(async () => hearts()[1]?.click());
    await vi.waitFor(() =>
      expect(sent.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: `/api/v1/library/favourites/${posts[1]?.id}`, workspace: WORKSPACE },
      ]),
    );
  });

  it("shows a viewer the workspace's favourites, says why they cannot change them, and sends nothing", async () => {
    role.current = 'viewer';
    await open();
    expect(note()?.textContent).toBe('يطّلع المشاهد على مفضّلة مساحة العمل هذه دون أن يغيّرها.');
    expect(hearts().map((heart) => [heart.getAttribute('aria-pressed'), heart.disabled])).toEqual([
      ['true', true],
      ['false', true],
    ]);
    await act(async () => hearts()[1]?.click());
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
    await act(async () => i18next.changeLanguage('en'));
    expect(note()?.textContent).toBe("A viewer sees this workspace's favourites and does not change them.");
  });
});
