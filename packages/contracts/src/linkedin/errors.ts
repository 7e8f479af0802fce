/** Refusals of the linkedin service that are its own (not the network's). */
export const LINKEDIN_MESSAGES = {
  notConnected: 'No LinkedIn account is connected yet. Connect your account first.',
  reconnect: 'Your LinkedIn connection has expired. Please reconnect your account.',
  accountOfSomeoneElse: 'This LinkedIn account belongs to someone else.',
  waitingForCode: 'This sign-in is waiting for a code, not for approval in the app.',
  signInNotFound: 'This sign-in was not found. Please sign in again.',
  signInOfSomeoneElse: 'This LinkedIn sign-in belongs to another user.',
  noPendingSignIn: 'No sign-in is waiting for verification. Please sign in again.',
  checkpointExpired: 'This verification step has expired. Please sign in again.',
  tooManyWrongCodes: 'Too many wrong codes were entered. Please sign in again.',
  nestedTooDeeply: 'The request data is nested too deeply',
  expiresBeforePost:
    'Your LinkedIn connection expires before this post is due. Reconnect your account so it goes out on time.',
  firstCommentUnconfirmed:
    'LinkedIn did not confirm the first comment. Check the post and add the comment by hand if it is missing.',
  connectedElsewhere:
    'This LinkedIn account is already connected to another Nashr account. Disconnect it there first, or sign in to Nashr with that account.',
  identityChanged:
    'This post was written for another LinkedIn account than the one connected now. Connect that account again, or publish it as the connected account.',
  pagesNotGranted:
    'LinkedIn has not let Nashr see or post to your company pages. Connect again and allow pages to add one.',
  pageNotAdministered: 'You are not an administrator of this LinkedIn page, so Nashr cannot post as it.',
} as const;

/**
 * What went wrong at the network, as the linkedin service's providers report it. Each kind
 * answers its own code; 'rejected' adds the network's own words as `params.reason`.
 */
export const NETWORK_FAILURE_KINDS = [
  'invalid_credentials',
  'invalid_checkpoint_solution',
  'checkpoint_expired',
  'credentials_expired',
  'account_disconnected',
  'insufficient_privileges',
  'rejected',
  'not_found',
  'rate_limited',
  'unavailable',
  'misconfigured',
  'outcome_unknown',
] as const;
export type NetworkFailureKind = (typeof NETWORK_FAILURE_KINDS)[number];

export const NETWORK_FAILURE_CODES = {
  invalid_credentials: 'linkedin.credentials_wrong',
  invalid_checkpoint_solution: 'linkedin.code_wrong',
  checkpoint_expired: 'linkedin.checkpoint_expired',
  credentials_expired: 'linkedin.reconnect',
  account_disconnected: 'linkedin.reconnect',
  insufficient_privileges: 'linkedin.not_allowed',
  rejected: 'linkedin.rejected',
  not_found: 'linkedin.not_found',
  rate_limited: 'linkedin.rate_limited',
  unavailable: 'linkedin.unavailable',
  misconfigured: 'linkedin.misconfigured',
  outcome_unknown: 'linkedin.outcome_unknown',
} as const satisfies Record<NetworkFailureKind, string>;

export const LINKEDIN_ERROR_CODES = {
  notConnected: 'linkedin.not_connected',
  reconnect: 'linkedin.reconnect',
  accountOfSomeoneElse: 'linkedin.account_of_someone_else',
  waitingForCode: 'linkedin.waiting_for_code',
  signInNotFound: 'linkedin.sign_in_not_found',
  signInOfSomeoneElse: 'linkedin.sign_in_of_someone_else',
  noPendingSignIn: 'linkedin.no_pending_sign_in',
  checkpointExpired: 'linkedin.checkpoint_expired',
  /** The pending checkpoint took its last wrong code (MAX_WRONG_CODES) and is void. */
  tooManyWrongCodes: 'linkedin.too_many_wrong_codes',
  nestedTooDeeply: 'linkedin.nested_too_deeply',
  /** The connection's token will have expired by a scheduled post's time: reconnect before it. */
  expiresBeforePost: 'linkedin.expires_before_post',
  /** The first comment's sending was interrupted or unanswered: never sent again, so it may be missing. */
  firstCommentUnconfirmed: 'linkedin.first_comment_unconfirmed',
  /** The network member signed in is connected, and working, in another Nashr account: one holds it at a time. */
  connectedElsewhere: 'linkedin.connected_elsewhere',
  /**
   * The post belongs to another network member than the one connected now (a reconnection with
   * another login): it never goes out as someone else until the user moves it.
   */
  identityChanged: 'linkedin.identity_changed',
  /** The member did not grant the page scopes at consent: no page can be listed or posted to. */
  pagesNotGranted: 'linkedin.pages_not_granted',
  /** The page is not among those the member administers (a role they lost, or never had). */
  pageNotAdministered: 'linkedin.page_not_administered',
} as const satisfies Record<keyof typeof LINKEDIN_MESSAGES, string>;

/** Codes after which a sign-in cannot go on: the user has to start it again. */
export const START_OVER_CODES: readonly string[] = [
  LINKEDIN_ERROR_CODES.signInNotFound,
  LINKEDIN_ERROR_CODES.noPendingSignIn,
  LINKEDIN_ERROR_CODES.checkpointExpired,
  LINKEDIN_ERROR_CODES.tooManyWrongCodes,
];
