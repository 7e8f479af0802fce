import type { CurrentUser } from '@nashr/contracts';

/** The channel this browser's tabs tell each other about sign-ins on. */
export const SESSION_CHANNEL = 'nashr:session';
let lastSeenUserId: string | null | undefined;

/**
 * Tells this browser's other tabs that the session changed, so a tab waiting for a sign-in made
 * elsewhere (the link opened in a new tab) continues at once. Called with every /me answer;
 * only a change is announced.
 */
export function noteSession(user: CurrentUser | null): void {
  const userId = user?.id ?? null;
  if (userId === lastSeenUserId) return;
  lastSeenUserId = userId;
  if (!userId || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage('signed-in');
  channel.close();
}
