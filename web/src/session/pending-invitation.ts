import { type AppPath, nextStep, type SessionUser } from './rules';

/**
 * A workspace invitation someone went to sign in from, kept in this browser so the sign-in brings
 * them back to its page (the sign-in link opens in a new tab, which knows nothing else). Only in
 * localStorage: the token never goes into a URL query, a request or a log.
 */
export const INVITATION_STORAGE_KEY = 'pendingInvitation';

/**
 * How long the invitation is remembered: signing in takes minutes (a sign-in link works for 15),
 * a day leaves time for a mail read the next morning. Shorter than the invitation's own seven days,
 * so a sign-in from anywhere else much later is not led to an old invitation.
 */
export const INVITATION_REMEMBERED_MS = 24 * 60 * 60 * 1000;

interface Remembered {
  token: string;
  expiresAt: number;
}

function isRemembered(value: unknown): value is Remembered {
  const candidate = value as Partial<Remembered> | null;
  return typeof candidate?.token === 'string' && candidate.token.length > 0 && typeof candidate.expiresAt === 'number';
}

/** Remembers the invitation of the page the visitor goes to sign in from. */
export function rememberInvitation(token: string, now = Date.now()): void {
  try {
    const remembered: Remembered = { token, expiresAt: now + INVITATION_REMEMBERED_MS };
    localStorage.setItem(INVITATION_STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Private modes may refuse storage: the page then asks to open the invitation's link again.
  }
}

/** The remembered invitation's token; an expired or unreadable one is forgotten, and null returned. */
export function rememberedInvitation(now = Date.now()): string | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(INVITATION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (stored === null) return null;
  let value: unknown = null;
  try {
    value = JSON.parse(stored);
  } catch {
    // Unreadable: forgotten below.
  }
  if (isRemembered(value) && value.expiresAt > now) return value.token;
  forgetInvitation();
  return null;
}

/** Forgets the remembered invitation: joined, or refused by the server. */
export function forgetInvitation(): void {
  try {
    localStorage.removeItem(INVITATION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Where a screen sends someone who has just signed in: a navigation's `to` and `hash`. */
export type AfterSignIn = { to: AppPath; hash?: undefined } | { to: '/workspaces/accept'; hash: string };

/**
 * Where signing in leads: back to the invitation the visitor went to sign in from, where they join
 * with the button (opening the page joins nothing), or else to the first step the account still
 * lacks (`nextStep`).
 */
export function afterSignIn(user: SessionUser, now = Date.now()): AfterSignIn {
  const token = user?.email ? rememberedInvitation(now) : null;
  if (token) return { to: '/workspaces/accept', hash: new URLSearchParams({ token }).toString() };
  return { to: nextStep(user) };
}
