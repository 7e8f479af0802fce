import { AI_ERROR_CODES } from './ai/errors.js';
import { PROFILE_REVIEW_ERROR_CODES } from './ai/profile-review.js';
import { ACCOUNT_ERROR_CODES, AUTH_ERROR_CODES } from './auth/errors.js';
import { MAGIC_LINK_ERROR_CODES } from './auth/session.js';
import { BILLING_ERROR_CODES, PLAN_LIMIT_ERROR_CODES } from './billing/index.js';
import { CONTENT_ERROR_CODES } from './content/errors.js';
import { LIBRARY_ERROR_CODES } from './content/library.js';
import { AUTOPILOT_ERROR_CODES } from './engage/autopilot.js';
import { ENGAGE_ERROR_CODES } from './engage/index.js';
import { ANALYTICS_ERROR_CODES } from './linkedin/analytics.js';
import { LINKEDIN_ERROR_CODES, NETWORK_FAILURE_CODES } from './linkedin/errors.js';
import { MEDIA_ERROR_CODES } from './posts/media.js';
import { POST_ERROR_CODES } from './posts/messages.js';
import { QUEUE_ERROR_CODES } from './posts/queue.js';
import { TEXT_PROBLEMS } from './text.js';

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

/** Every code an error answer may carry: the web app has words for each, in both languages. */
export const ERROR_CODES: readonly string[] = [
  ...new Set([
    ...Object.values(COMMON_ERROR_CODES),
    ...Object.values(CLIENT_ERROR_CODES),
    ...Object.values(AUTH_ERROR_CODES),
    ...Object.values(ACCOUNT_ERROR_CODES),
    ...Object.values(MAGIC_LINK_ERROR_CODES),
    ...Object.keys(TEXT_PROBLEMS),
    ...Object.values(POST_ERROR_CODES),
    ...Object.values(MEDIA_ERROR_CODES),
    ...Object.values(QUEUE_ERROR_CODES),
    ...Object.values(LINKEDIN_ERROR_CODES),
    ...Object.values(ANALYTICS_ERROR_CODES),
    ...Object.values(NETWORK_FAILURE_CODES),
    ...Object.values(AI_ERROR_CODES),
    ...Object.values(PROFILE_REVIEW_ERROR_CODES),
    ...Object.values(CONTENT_ERROR_CODES),
    ...Object.values(LIBRARY_ERROR_CODES),
    ...Object.values(BILLING_ERROR_CODES),
    ...Object.values(PLAN_LIMIT_ERROR_CODES),
    ...Object.values(ENGAGE_ERROR_CODES),
    ...Object.values(AUTOPILOT_ERROR_CODES),
  ]),
];

export type ErrorAnswerParams = Record<string, string | number>;

/** True for a code declared above: a service answering any other code is a bug. */
export const isDeclaredErrorCode = (code: string): boolean => ERROR_CODES.includes(code);
