// The codes of no service in particular, apart from the services' own (errors.ts): a screen can
// name them without building any service's schemas.

/**
 * Codes any service can answer, whatever the endpoint: what the service kit answers by the
 * kind of an error that names no code of its own, and what it answers for malformed requests.
 */
export const COMMON_ERROR_CODES = {
  invalid: 'request.invalid',
  invalidJson: 'request.invalid_json',
  notFound: 'request.not_found',
  conflict: 'request.conflict',
  tooLarge: 'request.too_large',
  unprocessable: 'request.unprocessable',
  rateLimited: 'request.rate_limited',
  headersTooLarge: 'request.headers_too_large',
  timeout: 'request.timeout',
  malformed: 'request.malformed',
  badAddress: 'request.bad_address',
  crossSite: 'request.cross_site',
  routeNotFound: 'route.not_found',
  signInRequired: 'auth.required',
  forbidden: 'auth.forbidden',
  gatewayOnly: 'auth.gateway_only',
  unavailable: 'service.unavailable',
  internal: 'service.internal',
  unstorableText: 'text.unstorable',
  emptyBody: 'request.empty_body',
  forbiddenKey: 'request.forbidden_key',
  invalidUtf8: 'request.invalid_utf8',
  /** A request with the same Idempotency-Key is still being answered. */
  inProgress: 'request.in_progress',
  /** The same Idempotency-Key was answered before, but that answer can no longer be opened (a changed key). */
  replayUnavailable: 'request.replay_unavailable',
  idempotencyKeyInvalid: 'request.idempotency_key_invalid',
  /** Read-your-writes: the caller's own latest change has not reached this copy yet. */
  consistencyPending: 'consistency.pending',
} as const;

/**
 * Codes the web app meets without a server answering them: the network is down, or an answer
 * came in a shape it does not know.
 */
export const CLIENT_ERROR_CODES = {
  offline: 'network.offline',
  failed: 'request.failed',
  unknown: 'unknown',
  /** The session does not name the user yet, so a call that needs the id cannot be made. */
  userIdMissing: 'session.user_id_missing',
  /** Spec section 8: the schedule answer did not say success and gave no reason. */
  scheduleFailed: 'post.schedule_failed',
  /** Spec section 8: a dashboard load step whose answer did not say success. */
  userInfoFailed: 'linkedin.user_info_failed',
  profileFailed: 'linkedin.profile_failed',
  postsFailed: 'linkedin.posts_failed',
} as const;

export type ErrorAnswerParams = Record<string, string | number>;
