import type { CurrentUser } from '@nashr/contracts';

/** What the redirect rules need to know about the visitor; null when nobody is signed in. */
export type SessionUser =
  | (Pick<CurrentUser, 'email' | 'linkedinConnected' | 'personalization'> &
      Partial<Pick<CurrentUser, 'teamMember' | 'linkedinLost'>>)
  | null
  | undefined;

export type AppPath = '/signup' | '/connect-linkedIn' | '/personalize' | '/dashboard';

/** Spec section 6: a full user has an e-mail, a connected account and saved personalization. */
export function isFullUser(user: SessionUser): boolean {
  return Boolean(user?.email && user.linkedinConnected && user.personalization);
}

/**
 * Who may use the app's screens: a full user; a member of someone else's workspace, who works
 * there without setting up an account of their own (a ghostwriter drafting for a founder), and may
 * still connect and personalize later, from the screens that need it; and a user whose working
 * connection the network dropped, who keeps their drafts and figures while a banner offers to
 * reconnect.
 */
export function mayUseApp(user: SessionUser): boolean {
  if (!user?.email) return false;
  return isFullUser(user) || Boolean(user.teamMember) || Boolean(user.linkedinLost && user.personalization);
}

/**
 * The screen a visitor should be on next (spec section 4, "Verify"): no e-mail leads to
 * /signup, an unconnected account to /connect-linkedIn (a member of someone else's workspace
 * goes on to the app instead), missing personalization to /personalize, and a full user to
 * /dashboard.
 */
export function nextStep(user: SessionUser): AppPath {
  if (!user?.email) return '/signup';
  if (!user.linkedinConnected && user.teamMember) return '/dashboard';
  if (!user.linkedinConnected) return '/connect-linkedIn';
  if (!user.personalization) return '/personalize';
  return '/dashboard';
}

/** Which screens check the session before they show, and by which rule. */
export type GateRule = 'protected' | 'onboarding';

/**
 * Where a screen must send its visitor instead of showing, or null when it may show.
 * - protected (every screen of the shell): only those `mayUseApp` lets in; everyone else goes to
 *   /signup (spec section 2), except a user whose working connection the network dropped before
 *   they personalized: /connect-linkedIn says what happened and reconnects.
 * - onboarding (/connect-linkedIn, /personalize): a full user goes to /dashboard, a visitor
 *   without an e-mail to /signup; an account holder with an e-mail may stay (spec sections 2 and 6).
 */
export function redirectFor(rule: GateRule, user: SessionUser): AppPath | null {
  if (rule === 'protected') {
    if (mayUseApp(user)) return null;
    return user?.email && user.linkedinLost ? '/connect-linkedIn' : '/signup';
  }
  if (!user?.email) return '/signup';
  if (isFullUser(user)) return '/dashboard';
  return null;
}
