import { deleteAccountRequestSchema, deleteAccountResponseSchema } from '../account-data.js';
import {
  API_TOKEN_ERROR_CODES,
  apiTokenParamsSchema,
  apiTokensResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenResponseSchema,
} from '../auth/api-tokens.js';
import { ACCOUNT_ERROR_CODES } from '../auth/errors.js';
import {
  activeSessionsResponseSchema,
  sessionHandleParamsSchema,
  signOutEverywhereRequestSchema,
  signOutEverywhereResponseSchema,
} from '../auth/session.js';
import { successMessageSchema } from '../http.js';
import { defineEndpoint } from './define.js';
import { exportPart } from './export-part.js';

/** The account itself: its active sessions, its data, its deletion. */
export const accountApi = {
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/sessions',
    owner: 'auth',
    access: 'signed-in',
    summary: "The signed-in user's active sessions",
    description:
      'Device (from the User-Agent at sign-in), place (the network of the address, e.g. `203.0.113.0/24`; no outside lookup), sign-in and last use. Sessions end 7 days after their last use and 30 days after sign-in at the latest.',
    responses: {
      200: {
        description: 'Most recently used first; `current` marks the one this request used',
        schema: activeSessionsResponseSchema,
      },
    },
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/auth/sessions/{id}',
    owner: 'auth',
    access: 'signed-in',
    summary: 'End one of the signed-in user’s sessions',
    params: sessionHandleParamsSchema,
    responses: { 200: { description: 'The session is ended everywhere at once', schema: successMessageSchema } },
    errors: { 404: [ACCOUNT_ERROR_CODES.sessionNotFound] },
  }),
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/sessions/sign-out-everywhere',
    owner: 'auth',
    access: 'signed-in',
    summary: "End every one of the signed-in user's sessions but (unless told otherwise) the one in use",
    description:
      'For a lost device or a shared computer. The web app keeps the session in use; `keepCurrent: false` ends it too and clears its cookie.',
    body: signOutEverywhereRequestSchema,
    responses: {
      200: { description: 'How many sessions ended, at once everywhere', schema: signOutEverywhereResponseSchema },
    },
  }),
  exportAuth: exportPart('auth', '/api/v1/auth/export', 'the account and its personalization'),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/auth/account',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Delete my account and all its data',
    description:
      'Confirmed by typing the account e-mail. A paid subscription is ended at the payment provider first: when the provider does not confirm it within about 15 seconds, nothing is deleted (503 `account.subscription_not_ended`; try again later). Then every session ends at once; each service deletes its own data about the user (network account disconnected, posts and drafts of the personal workspace deleted, credits removed). Posts and drafts made in a shared workspace that keeps members stay with its team; its scheduled posts there fail at their time (`workspace.publisher_left`) unless a member who may publish retries them.',
    body: deleteAccountRequestSchema,
    responses: {
      200: {
        description:
          'The account is deleted and the session cookie cleared; `cancelledPlan` names the paid plan ended with it',
        schema: deleteAccountResponseSchema,
      },
    },
    errors: { 422: [ACCOUNT_ERROR_CODES.confirmationMismatch], 503: [ACCOUNT_ERROR_CODES.subscriptionNotEnded] },
  }),
  apiTokens: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/tokens',
    owner: 'auth',
    access: 'signed-in',
    summary: "The signed-in user's personal API tokens",
    description:
      'Name, permissions (scopes), the first characters, creation, last use and expiry of each live token; never the secret. Not open to tokens themselves.',
    responses: { 200: { description: 'Newest first', schema: apiTokensResponseSchema } },
  }),
  createApiToken: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/tokens',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Create a personal API token',
    description:
      'The answer carries the secret this once: only its SHA-256 is kept. Other programs and AI assistants send it as `Authorization: Bearer <token>` to the endpoints open to tokens (`x-token-scope`), within its scopes.',
    body: createApiTokenRequestSchema,
    responses: { 201: { description: 'The token, shown once', schema: createdApiTokenResponseSchema } },
    errors: { 409: [API_TOKEN_ERROR_CODES.limitReached] },
  }),
  revokeApiToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/auth/tokens/{id}',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Revoke a personal API token',
    params: apiTokenParamsSchema,
    responses: { 200: { description: 'The token stops working at once', schema: successMessageSchema } },
    errors: { 404: [API_TOKEN_ERROR_CODES.notFound] },
  }),
} as const;
