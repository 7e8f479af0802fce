import { z } from 'zod';
import { text } from '../text.js';

/**
 * What a personal API token may do. Each endpoint open to tokens names the one scope it needs
 * (`token` in the catalogue); an endpoint that names none refuses every token.
 */
export const API_TOKEN_SCOPES = [
  'posts:read',
  'drafts:write',
  'posts:schedule',
  'analytics:read',
  'ai:generate',
  'webhooks:manage',
  'engage:manage',
] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Every token starts so: a secret scanner can find a leaked one, and the gateway tells it from a session. */
export const API_TOKEN_PREFIX = 'nashr_pat_';
/** The whole form of a token: the prefix and 43 base64url characters (32 random bytes). */
export const API_TOKEN_PATTERN = /^nashr_pat_[A-Za-z0-9_-]{43}$/;
/** How many live tokens one account may hold. */
export const MAX_API_TOKENS = 20;
/** Calls one token may make per minute through the gateway. */
export const API_TOKEN_RATE_PER_MINUTE = 120;

export const API_TOKEN_ERROR_CODES = {
  /** Malformed, unknown, revoked or expired: the same answer for each, so none can be told apart. */
  invalid: 'token.invalid',
  /** The token lacks the scope the endpoint needs. params: scope */
  scopeMissing: 'token.scope_missing',
  /** The endpoint is not open to tokens (sign-in, account, billing, admin...). */
  routeClosed: 'token.route_closed',
  notFound: 'token.not_found',
  /** params: max */
  limitReached: 'token.limit_reached',
} as const;

/** `POST /api/v1/auth/tokens`. */
export const createApiTokenRequestSchema = z.object({
  name: text('Give the token a name')
    .trim()
    .min(1, 'Give the token a name')
    .max(60, 'A token name has at most 60 characters'),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, 'Choose at least one permission')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A permission is chosen twice'),
  /** Days until the token stops working; none: until revoked. */
  expiresInDays: z.number().int().min(1).max(366).nullable().optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** A token as its owner sees it: never the secret itself, which is shown once, at creation. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The token's first characters, to tell tokens apart (`nashr_pat_AbC1`). */
  hint: z.string(),
  createdAt: z.string().datetime(),
  lastUsedAt: z.string().datetime().nullable(),
  expiresAt: z.string().datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ tokens: z.array(apiTokenSchema) }),
});

export const createdApiTokenResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The secret, shown this once: only its SHA-256 is kept. */
    token: z.string(),
    apiToken: apiTokenSchema,
  }),
});

export const apiTokenParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
