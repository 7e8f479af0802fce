import type { CurrentUser } from '@nashr/contracts';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '../lib/api/auth';
import { isOfflineError } from '../lib/api/client';
import { checkSession, recheckRoutesOnSessionChange } from './route-guard';

const personalization = {
  jobTitle: 'Founder',
  language: 'Arabic',
  accent: '',
  arabicVariety: 'msa',
  register: 'formal',
  details: { goals: ['Grow Network'], interests: ['Leadership'], tones: ['Bold'], styles: ['Simple Language'] },
} as const;
const full = { id: 'u1', email: 'a@b.co', linkedinConnected: true, personalization } as unknown as CurrentUser;
const notConnected = { ...full, linkedinConnected: false } as CurrentUser;

function clientWith(user: CurrentUser | null | undefined): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user !== undefined) client.setQueryData(sessionQuery.queryKey, user);
  return client;
}

/** Where `checkSession` sends the visitor: a path, or null when the screen may show. */
async function targetOf(client: QueryClient, rule?: 'protected' | 'onboarding'): Promise<string | null> {
  try {
    await checkSession(client, rule);
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return String(thrown.options.to);
  }
}

describe('checkSession (a route’s beforeLoad)', () => {
  it('lets only full users into the protected area', async () => {
    expect(await targetOf(clientWith(full), 'protected')).toBeNull();
    expect(await targetOf(clientWith(notConnected), 'protected')).toBe('/signup');
    expect(await targetOf(clientWith(null), 'protected')).toBe('/signup');
  });

  it('keeps onboarding for account holders, sends full users on and visitors back', async () => {
    expect(await targetOf(clientWith(notConnected), 'onboarding')).toBeNull();
    expect(await targetOf(clientWith(full), 'onboarding')).toBe('/dashboard');
    expect(await targetOf(clientWith(null), 'onboarding')).toBe('/signup');
  });

  it('only waits for the check on screens without a rule', async () => {
    expect(await targetOf(clientWith(null))).toBeNull();
    expect(await targetOf(clientWith(full))).toBeNull();
  });

  it('counts a check the server failed as signed out', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'broken' }, { status: 500 }));
    try {
      const client = clientWith(undefined);
      expect(await targetOf(client, 'protected')).toBe('/signup');
      expect(client.getQueryState(sessionQuery.queryKey)?.status).toBe('error');
      expect(await targetOf(client)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('neither signs out nor lets in on a check that never reached the server: it says so', async () => {
    // No server answers here: the real /me call fails, as it does offline.
    const client = clientWith(undefined);
    const thrown = await checkSession(client, 'protected').catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(false);
    expect(isOfflineError(thrown)).toBe(true);
    // With an answer from before, that answer stands.
    const known = clientWith(full);
    await known.invalidateQueries({ queryKey: sessionQuery.queryKey });
    expect(await targetOf(known, 'protected')).toBeNull();
  });
});

describe('recheckRoutesOnSessionChange', () => {
  it('asks for a new check when what the rules read changes, and only then', () => {
    const client = clientWith(notConnected);
    let rechecks = 0;
    const stop = recheckRoutesOnSessionChange(client, () => {
      rechecks += 1;
    });
    // The first answer seen is the baseline.
    client.setQueryData(sessionQuery.queryKey, { ...notConnected });
    expect(rechecks).toBe(0);
    client.setQueryData(sessionQuery.queryKey, { ...notConnected, id: 'u2' } as CurrentUser);
    expect(rechecks).toBe(0);
    client.setQueryData(sessionQuery.queryKey, full);
    expect(rechecks).toBe(1);
    client.setQueryData(sessionQuery.queryKey, null);
    expect(rechecks).toBe(2);
    stop();
    client.setQueryData(sessionQuery.queryKey, full);
    expect(rechecks).toBe(2);
  });
});
