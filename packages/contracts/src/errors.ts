import { AI_LIMIT_ERROR_CODES } from './ai/credits.js';
import { AI_ERROR_CODES } from './ai/errors.js';
import { PROFILE_REVIEW_ERROR_CODES } from './ai/profile-review.js';
import { API_TOKEN_ERROR_CODES } from './auth/api-tokens.js';
import { ACCOUNT_ERROR_CODES, AUTH_ERROR_CODES } from './auth/errors.js';
import { MAGIC_LINK_ERROR_CODES } from './auth/magic-link.js';
import { BILLING_ERROR_CODES, PLAN_LIMIT_ERROR_CODES } from './billing/index.js';
import { CLIENT_ERROR_CODES, COMMON_ERROR_CODES } from './common-errors.js';
import { CONTENT_ERROR_CODES } from './content/errors.js';
import { LIBRARY_ERROR_CODES } from './content/library.js';
import { AUTOPILOT_ERROR_CODES } from './engage/autopilot.js';
import { ENGAGE_ERROR_CODES } from './engage/index.js';
import { ANALYTICS_ERROR_CODES } from './linkedin/analytics.js';
import { LINKEDIN_ERROR_CODES, NETWORK_FAILURE_CODES } from './linkedin/errors.js';
import { MEDIA_ERROR_CODES } from './posts/media.js';
import { POST_ERROR_CODES } from './posts/messages.js';
import { QUEUE_ERROR_CODES } from './posts/queue-rules.js';
import { REVIEW_ERROR_CODES } from './posts/review.js';
import { PUSH_ERROR_CODES } from './push.js';
import { TEXT_PROBLEMS } from './text.js';
import { WEBHOOK_ERROR_CODES } from './webhooks.js';
import { WORKSPACE_ERROR_CODES } from './workspaces.js';

/** Every code an error answer may carry: the web app has words for each, in both languages. */
export const ERROR_CODES: readonly string[] = [
  ...new Set([
    ...Object.values(COMMON_ERROR_CODES),
    ...Object.values(CLIENT_ERROR_CODES),
    ...Object.values(AUTH_ERROR_CODES),
    ...Object.values(ACCOUNT_ERROR_CODES),
    ...Object.values(API_TOKEN_ERROR_CODES),
    ...Object.values(PUSH_ERROR_CODES),
    ...Object.values(WEBHOOK_ERROR_CODES),
    ...Object.values(WORKSPACE_ERROR_CODES),
    ...Object.values(MAGIC_LINK_ERROR_CODES),
    ...Object.keys(TEXT_PROBLEMS),
    ...Object.values(POST_ERROR_CODES),
    ...Object.values(MEDIA_ERROR_CODES),
    ...Object.values(QUEUE_ERROR_CODES),
    ...Object.values(REVIEW_ERROR_CODES),
    ...Object.values(LINKEDIN_ERROR_CODES),
    ...Object.values(ANALYTICS_ERROR_CODES),
    ...Object.values(NETWORK_FAILURE_CODES),
    ...Object.values(AI_ERROR_CODES),
    ...Object.values(AI_LIMIT_ERROR_CODES),
    ...Object.values(PROFILE_REVIEW_ERROR_CODES),
    ...Object.values(CONTENT_ERROR_CODES),
    ...Object.values(LIBRARY_ERROR_CODES),
    ...Object.values(BILLING_ERROR_CODES),
    ...Object.values(PLAN_LIMIT_ERROR_CODES),
    ...Object.values(ENGAGE_ERROR_CODES),
    ...Object.values(AUTOPILOT_ERROR_CODES),
  ]),
];

/** True for a code declared above: a service answering any other code is a bug. */
export const isDeclaredErrorCode = (code: string): boolean => ERROR_CODES.includes(code);
