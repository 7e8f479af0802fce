import { EMAIL_MESSAGES } from './session.js';

/** Refusals of the auth service. The e-mail messages are the spec's (EMAIL_MESSAGES). */
export const AUTH_ERROR_CODES = {
  emailRequired: 'auth.email_required',
  emailInvalid: 'auth.email_invalid',
  /** params: seconds (until another link may be asked for) */
  tooManyLinks: 'auth.too_many_links',
} as const;

/** The code of a spec e-mail message, so the sign-up refusal carries both. */
export const emailErrorCode = (message: string): string =>
  message === EMAIL_MESSAGES.required ? AUTH_ERROR_CODES.emailRequired : AUTH_ERROR_CODES.emailInvalid;

/** Refusals about the account, its sessions and its notifications. */
export const ACCOUNT_ERROR_CODES = {
  /** 'Delete my account' confirmed with another address than the account's. */
  confirmationMismatch: 'account.confirmation_mismatch',
  /** The payment provider did not confirm the end of the paid subscription in time: nothing was deleted. */
  subscriptionNotEnded: 'account.subscription_not_ended',
  sessionNotFound: 'session.not_found',
  crossSiteLogout: 'session.cross_site_logout',
  unsubscribeInvalid: 'notifications.unsubscribe_invalid',
  /** The admin area looked up an address no account has. */
  userNotFound: 'admin.user_not_found',
} as const;
