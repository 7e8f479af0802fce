/**
 * Read-your-writes across services. One service owns each piece of a user's state; others keep
 * copies fed by events, which lag. The owner stamps every change (a number that only grows, per
 * user) and says the stamp in its answer; the gateway keeps the highest stamps the user has seen
 * (in a signed cookie) and forwards them; a service answering from a copy waits, bounded, until
 * its copy holds at least that stamp, or answers 503 `consistency.pending`.
 */

/**
 * State that one service owns and another copies: personalization (auth → ai), connection
 * (linkedin → auth), memberships (auth → posts: the workspaces a user has just made or joined,
 * stamped with the member list's version).
 */
export const COPIED_STATE = ['personalization', 'connection', 'memberships'] as const;
export type CopiedState = (typeof COPIED_STATE)[number];
export type Stamps = Partial<Record<CopiedState, number>>;

/** Answer header from the owning service to the gateway: the stamps of the change just made. */
export const CHANGED_HEADER = 'x-nashr-changed';
/** Signed cookie in which the gateway keeps the highest stamps a user has seen. */
export const SEEN_COOKIE = 'nashr_seen';
/** How long the browser keeps the seen stamps: long enough for any event to be applied. */
export const SEEN_COOKIE_MAX_AGE_S = 15 * 60;

const isCopiedState = (name: string): name is CopiedState => (COPIED_STATE as readonly string[]).includes(name);

/** `personalization=7,connection=1764000000000`: what the headers and the cookie carry. */
export function formatStamps(stamps: Stamps): string {
  return Object.entries(stamps)
    .map(([state, stamp]) => `${state}=${stamp}`)
    .join(',');
}

/** Reads stamps; anything unknown or malformed is left out (a stamp only ever makes a reader wait). */
export function parseStamps(value: string | undefined | null): Stamps {
  const stamps: Stamps = {};
  if (!value) return stamps;
  for (const part of value.split(',').slice(0, COPIED_STATE.length * 2)) {
    const [state, raw] = part.split('=');
    const stamp = Number(raw);
    if (state && isCopiedState(state) && Number.isSafeInteger(stamp) && stamp >= 0) {
      stamps[state] = Math.max(stamps[state] ?? 0, stamp);
    }
  }
  return stamps;
}

/** The higher stamp of each state. */
export function mergeStamps(a: Stamps, b: Stamps): Stamps {
  const merged: Stamps = { ...a };
  for (const state of COPIED_STATE) {
    const stamp = b[state];
    if (stamp !== undefined) merged[state] = Math.max(merged[state] ?? 0, stamp);
  }
  return merged;
}

/** True when `held` is at least as new as `wanted` in every state `wanted` names. */
export function covers(held: Stamps, wanted: Stamps): boolean {
  return COPIED_STATE.every((state) => (wanted[state] ?? 0) <= (held[state] ?? 0));
}
