// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { useLogout } from './auth';

// The server's side of signing out is not what is asked here: it answers at once.
vi.mock('../push-device', () => ({ forgetPushOnThisDevice: async () => undefined }));
vi.mock('./client', async (original) => ({
  ...(await original<typeof import('./client')>()),
  send: async () => ({ success: true }),
}));

/** Whether the database's clearing has finished (a later read would see it done either way). */
const clearing = { done: false };
vi.mock('idb-keyval', async (original) => {
  const actual = await original<typeof import('idb-keyval')>();
  return {
    ...actual,
    clear: async (...args: Parameters<typeof actual.clear>) => {
      await actual.clear(...args);
      clearing.done = true;
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The database the composer keeps its unsent post in, opened apart from the app. */
const rawStore = createStore('nashr-drafts', 'drafts');

let logout: ReturnType<typeof useLogout> | undefined;
function Probe() {
  logout = useLogout();
  return null;
}

describe('signing out', () => {
  it('has forgotten the kept composer copy before the caller moves on to another screen', async () => {
    await set('composer:u1', { mode: 'manual', manualText: 'unsent', versions: [], index: 0 }, rawStore);
    localStorage.setItem('draft:composer-extras:u1', '{"firstComment":"x","draftId":null}');
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <Probe />
        </QueryClientProvider>,
      ),
    );
    // What the caller finds when it navigates away (the app shell goes to /signup then).
    const atNavigation = new Promise<boolean>((resolve) => {
      logout?.mutate(undefined, { onSettled: () => resolve(clearing.done) });
    });
    await act(async () => void (await atNavigation));
    expect(await atNavigation).toBe(true);
    expect(await get('composer:u1', rawStore)).toBeUndefined();
    expect(localStorage.getItem('draft:composer-extras:u1')).toBeNull();
    act(() => root.unmount());
  });
});
