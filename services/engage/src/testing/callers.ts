import { entitlementChangedEvent } from '@nashr/contracts';
import type { testIdentity } from '@nashr/platform/testing';
import { expect } from 'vitest';
import type { Harness } from './harness.js';

export type Who = ReturnType<typeof testIdentity>;
/** Workers share two busy cores with other test files: wait generously. */
export const POLL = { timeout: 20_000, interval: 100 };

/** Calls the harness's API as a user, and gives a user a plan that includes Engage. */
export function callers(h: Harness) {
  const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: h.as(who), ...(payload ? { payload } : {}) });
  let version = 1;
  const starter = async (who: Who) => {
    await h.queues.publish(entitlementChangedEvent, {
      userId: who.userId,
      version: version++,
      plan: 'starter',
      status: 'active',
      active: true,
      limits: {
        weeklyPosts: null,
        aiCredits: 100,
        commentingCredits: 100,
        engage: true,
        library: 100,
        workspaces: 1,
        seats: 1,
        pages: 1,
      },
      periodStart: new Date(Date.now() - 86_400_000).toISOString(),
      periodEnd: new Date(Date.now() + 29 * 86_400_000).toISOString(),
    });
    await expect
      .poll(async () => (await call(who, 'GET', '/api/v1/engage/allowance')).json().allowance.included, POLL)
      .toBe(true);
  };
  /** A feed post's suggestions once the ai service has written them (they come after the post). */
  const suggestionsOf = async (who: Who, postId: string, lang: 'ar' | 'en') => {
    const read = async () =>
      (await call(who, 'GET', `/api/v1/engage/feed?lang=${lang}`))
        .json()
        .posts.find((p: { postId: string }) => p.postId === postId)?.suggestions ?? null;
    await expect.poll(read, POLL).not.toBeNull();
    return read();
  };
  return { call, starter, suggestionsOf };
}
