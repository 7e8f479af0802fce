// @vitest-environment jsdom
import { WORKSPACE_HEADER, type Workspace } from '@nashr/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '../../lib/api/auth';
import { ApiError } from '../../lib/api/client';
import { type Rendered, renderSignedIn, unmountRendered } from '../../lib/testing/render';
import { chooseWorkspace, currentWorkspace, resetWorkspaceForTests } from '../../session/current-workspace';
import { useKeptToMemberships } from './workspace-switcher';
import { useLeaveWorkspace, useSwitchWorkspace, useWorkspaces, WORKSPACES_LIST_KEY } from './workspaces-api';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), warning: vi.fn() } }));

const ME = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TEAM = '0b6f1c1e-6a55-4a4e-9d0e-2f3c4b5a6d7e';
const at = '2026-12-01T10:00:00.000Z';
const personal: Workspace = { id: ME, name: 'me', personal: true, role: 'owner', createdAt: at };
const team: Workspace = { id: TEAM, name: 'Launch team', personal: false, role: 'editor', createdAt: at };
const POSTS_KEY = ['posts', 'list'];

let queryClient: QueryClient;
let rerender: Rendered['rerender'];
let switchTo: ReturnType<typeof useSwitchWorkspace> | undefined;
let leave: ReturnType<typeof useLeaveWorkspace> | undefined;

function Probe() {
  switchTo = useSwitchWorkspace();
  leave = useLeaveWorkspace();
  useKeptToMemberships(useWorkspaces().data);
  return null;
}

/** A screen whose read the server refuses: the account is no member of the workspace named. */
function RefusedScreen() {
  useQuery({
    queryKey: ['posts', 'drafts'],
    queryFn: () => Promise.reject(new ApiError('Not a member', 404, [], 'workspace.not_found')),
  });
  return null;
}

/** The app's shell with the session, the workspaces and one screen's posts in the cache. */
async function mount(workspaces: Workspace[]) {
  ({ queryClient, rerender } = await renderSignedIn(<Probe />, {
    account: { id: ME, email: 'me@example.test' },
    known: [
      [WORKSPACES_LIST_KEY, workspaces],
      [POSTS_KEY, ['a post of the personal workspace']],
    ],
  }));
}

beforeEach(() => {
  resetWorkspaceForTests();
  chooseWorkspace(null);
  vi.mocked(toast.warning).mockClear();
});

afterEach(async () => {
  await unmountRendered();
  vi.unstubAllGlobals();
  chooseWorkspace(null);
});

describe('switching workspaces', () => {
  it("drops what was read in the workspace left and keeps the account's own", async () => {
    await mount([personal, team]);
    let moved: boolean | undefined;
    await act(async () => {
      moved = await switchTo?.(team);
    });
    expect(moved).toBe(true);
    expect(currentWorkspace()).toBe(TEAM);
    expect(queryClient.getQueryData(POSTS_KEY)).toBeUndefined();
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toMatchObject({ id: ME });
    expect(queryClient.getQueryData(WORKSPACES_LIST_KEY)).toEqual([personal, team]);
    // The same one again changes nothing; the personal one is no workspace named.
    await act(async () => {
      moved = await switchTo?.(team);
    });
    expect(moved).toBe(false);
    await act(async () => {
      moved = await switchTo?.(personal);
    });
    expect(moved).toBe(true);
    expect(currentWorkspace()).toBeNull();
  });
});

describe('a workspace the account no longer belongs to', () => {
  it('gives way to the personal workspace, said once', async () => {
    chooseWorkspace(TEAM, ME);
    await mount([personal]);
    expect(currentWorkspace()).toBeNull();
    expect(queryClient.getQueryData(POSTS_KEY)).toBeUndefined();
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith('switcher.gone', expect.anything());
  });

  it('is noticed as soon as a call is refused as outside it: the list is read again', async () => {
    chooseWorkspace(TEAM, ME);
    await mount([personal, team]);
    expect(currentWorkspace()).toBe(TEAM);
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/v1/workspaces');
      expect(init.headers).toMatchObject({ [WORKSPACE_HEADER]: TEAM });
      return Response.json({ success: true, data: { workspaces: [personal] } });
    });
    vi.stubGlobal('fetch', fetch);
    await rerender(
      <>
        <Probe />
        <RefusedScreen />
      </>,
    );
    await vi.waitFor(() => expect(currentWorkspace()).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it('is left for the personal workspace without a word of it lost, when left on purpose', async () => {
    chooseWorkspace(TEAM, ME);
    await mount([personal, team]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/leave')
          ? Response.json({ success: true, message: 'Left' })
          : Response.json({ success: true, data: { workspaces: [personal] } }),
      ),
    );
    await act(async () => void (await leave?.mutateAsync(team)));
    expect(currentWorkspace()).toBeNull();
    expect(queryClient.getQueryData(WORKSPACES_LIST_KEY)).toEqual([personal]);
    expect(toast.warning).not.toHaveBeenCalled();
  });
});
