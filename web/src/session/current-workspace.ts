import { WORKSPACE_COOKIE, WORKSPACE_HEADER } from '@nashr/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The workspace this tab works in: null for the account's personal one (whose id is the
 * account's), else a shared workspace's id, sent with every API call as the `nashr-workspace`
 * header (lib/api/client.ts). Read once from the `ws` cookie as the tab starts, so a new tab
 * and a screen the gateway renders (app-ssr/server.tsx) start where the user last chose; written
 * to it when the user switches. After start it is kept in this tab's memory: a switch in another
 * tab moves the next tabs, never this one's saves elsewhere unseen.
 */

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A year: the choice lasts until the user makes another. */
const COOKIE_MAX_AGE_S = 31_536_000;

/** The workspace a `Cookie` header (or `document.cookie`) names; null when none, or not an id. */
export function workspaceFromCookie(cookie: string | undefined | null): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== WORKSPACE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
    return ID.test(value) ? value.toLowerCase() : null;
  }
  return null;
}

/** Read from the cookie on first use (undefined: not yet). */
let chosen: string | null | undefined;
/** While a screen is rendered on the server: the workspace of the request being rendered. */
let renderingSource: (() => string | null) | undefined;
const listeners = new Set<() => void>();

const browserCookie = () => (typeof document === 'undefined' ? '' : document.cookie);

/** The workspace calls are made in now: null for the personal one. */
export function currentWorkspace(): string | null {
  if (renderingSource) return renderingSource();
  if (chosen === undefined) chosen = workspaceFromCookie(browserCookie());
  return chosen;
}

function writeCookie(id: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const value = id === null ? '; max-age=0' : `; max-age=${COOKIE_MAX_AGE_S}`;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value, no Cookie Store API in every browser we support
  document.cookie = `${WORKSPACE_COOKIE}=${id ?? ''}; path=/${value}; samesite=lax${secure}`;
}

/**
 * Works in `id` from now on, in this tab and in the tabs opened next: null, or the account's own
 * id (`userId`), for the personal workspace. Tells the subscribers when it changed.
 */
export function chooseWorkspace(id: string | null, userId?: string): void {
  const next = id === null || id === userId || !ID.test(id) ? null : id.toLowerCase();
  const before = currentWorkspace();
  chosen = next;
  writeCookie(next);
  if (before !== next) for (const listener of listeners) listener();
}

/** Signing out: the next account to sign in here starts in its own personal workspace. */
export function forgetWorkspace(): void {
  chooseWorkspace(null);
}

/** The header that names the current workspace, when it is not the personal one. */
export function workspaceHeaders(): Record<string, string> {
  const id = currentWorkspace();
  return id ? { [WORKSPACE_HEADER]: id } : {};
}

export function subscribeToWorkspace(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current workspace for a component: re-renders it on a switch. */
export function useCurrentWorkspace(): string | null {
  return useSyncExternalStore(subscribeToWorkspace, currentWorkspace, currentWorkspace);
}

/**
 * For the server's renderer: the workspace each render works in (its request's cookie), asked
 * for whenever a call is made or a component reads it.
 */
export function renderWorkspaceBy(source: () => string | null): void {
  renderingSource = source;
}

/** For tests: forget what was read, as a new tab would. */
export function resetWorkspaceForTests(): void {
  chosen = undefined;
  renderingSource = undefined;
  listeners.clear();
}
