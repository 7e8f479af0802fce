import { entitlementChangedEvent, type Identity, type Suggestion } from '@nashr/contracts';
import { expect } from 'vitest';
import type { Harness } from './harness.js';

/** Workers share two busy cores with other test files: wait generously. */
export const POLL = { timeout: 20_000, interval: 100 };

export interface PreparedPost {
  postId: string;
  postedAt: string;
  author: { handle: string };
  text: string;
  suggestions: { items: Suggestion[]; language: string };
}

let planVersion = 1;

/** The engage API as the gateway calls it for one user, and what billing tells engage. */
export function engageClient(h: Harness) {
  const call = (who: Identity, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: h.as(who), ...(payload ? { payload } : {}) });

  const follow = async (who: Identity, handle: string): Promise<string> => {
    const added = await call(who, 'POST', '/api/v1/engage/people', {
      profileUrl: `https://www.linkedin.com/in/${handle}/`,
    });
    expect(added.statusCode).toBe(201);
    return added.json().person.id;
  };

  /** The feed once refreshed with every post's suggestions written. */
  const preparedFeed = async (who: Identity, lang = 'en'): Promise<PreparedPost[]> => {
    let posts: (PreparedPost & { suggestions: PreparedPost['suggestions'] | null })[] = [];
    await expect
      .poll(async () => {
        posts = (await call(who, 'GET', `/api/v1/engage/feed?lang=${lang}`)).json().posts;
        return posts.length > 0 && posts.every((p) => p.suggestions !== null);
      }, POLL)
      .toBe(true);
    return posts as PreparedPost[];
  };

  /** Billing announces the user's plan; waits until engage keeps its copy. */
  const plan = async (who: Identity, planId: 'basic' | 'starter' | 'pro', commentingCredits: number) => {
    const version = planVersion++;
    await h.queues.publish(entitlementChangedEvent, {
      userId: who.userId,
      version,
      plan: planId,
      status: 'active',
      active: true,
      limits: {
        weeklyPosts: null,
        aiCredits: 100,
        commentingCredits,
        engage: planId !== 'basic',
        library: 100,
        workspaces: 1,
        seats: 1,
        pages: 1,
      },
      periodStart: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      periodEnd: new Date(Date.now() + 28 * 86_400_000).toISOString(),
    });
    await expect
      .poll(async () => (await call(who, 'GET', '/api/v1/engage/allowance')).json().allowance.credits.total, POLL)
      .toBe(planId === 'basic' ? 0 : commentingCredits);
  };

  return { call, follow, preparedFeed, plan };
}
