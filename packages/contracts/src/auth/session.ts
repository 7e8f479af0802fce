import { z } from 'zod';
import { roleSchema } from '../identity.js';
import { personalizationSchema } from './personalization.js';

/** The spec's e-mail rule: text, @, text, a dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGES = {
  required: 'The email field is required',
  invalid: 'The email field format is invalid',
} as const;

export const emailSchema = z
  .string(EMAIL_MESSAGES.required)
  .trim()
  .min(1, EMAIL_MESSAGES.required)
  .max(254, EMAIL_MESSAGES.invalid)
  .regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid)
  // The sign-in job and the session identity check addresses with z.email(): an address the
  // spec's looser pattern lets through (NUL, one-letter TLD) must be refused here, not fail later.
  .refine((e) => z.email().safeParse(e).success, EMAIL_MESSAGES.invalid)
  .transform((e) => e.toLowerCase());

/** `POST /api/v1/auth/magic-login`. `lang` picks the mail's language (defaults to Arabic). */
export const magicLoginRequestSchema = z.object({
  destination: emailSchema,
  lang: z.enum(['ar', 'en']).optional(),
});

/**
 * `POST /api/v1/auth/magic-login/verify`: the `/verify` page spends the token it was opened with.
 * Opening the link (GET or HEAD) never spends it, so mail scanners and prefetchers cannot.
 */
export const magicLinkVerifyRequestSchema = z.object({
  token: z.string('The sign-in link has no token').max(200, 'This sign-in link is not valid'),
});

export const magicLinkVerifiedSchema = z.object({
  success: z.literal(true),
  data: z.object({ status: z.literal('verified') }),
});

/** How long an account counts as new (its user a first-time user). */
export const NEW_ACCOUNT_HOURS = 24;

export const currentUserSchema = z.object({
  /** The user's id: the `userId`/`userID` the spec's post payloads carry. */
  id: z.string().uuid(),
  email: z.string(),
  linkedinConnected: z.boolean(),
  /**
   * The network dropped a connection that worked (an expired or refused sign-in): the app says so
   * and offers to reconnect, rather than treating the user as one who never connected.
   */
  linkedinLost: z.boolean(),
  personalization: personalizationSchema.nullable(),
  roles: z.array(roleSchema),
  /**
   * The account was made within the last NEW_ACCOUNT_HOURS: a first-time user is greeted as one,
   * not 'welcome back'. Told by the server, so a page it renders and the browser agree.
   */
  newAccount: z.boolean(),
  /**
   * A member of a workspace someone else owns. Such a member works there before, or without,
   * connecting a network account of their own and personalizing: a ghostwriter drafting for a
   * founder needs neither.
   */
  teamMember: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `GET /api/v1/auth/me`. */
export const meResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: currentUserSchema }),
});

/** One of the user's signed-in sessions, as `GET /api/v1/auth/sessions` lists it. */
export const activeSessionSchema = z.object({
  /** A handle for this session, good only for ending it (never the session's secret id). */
  id: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  /** Read from the browser's User-Agent at sign-in; null when it did not say. */
  device: z.object({
    browser: z.string().nullable(),
    os: z.string().nullable(),
    type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  }),
  /** The client's network in a coarse form (`203.0.113.0/24`), without any outside lookup; null when unknown. */
  place: z.string().nullable(),
  signedInAt: z.string().datetime(),
  /** Accurate to about a minute. */
  lastUsedAt: z.string().datetime(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** `GET /api/v1/auth/sessions`: most recently used first. */
export const activeSessionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ sessions: z.array(activeSessionSchema) }),
});

export const sessionHandleParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** `POST /api/v1/auth/sessions/sign-out-everywhere`: the session in use stays unless `keepCurrent` is false. */
export const signOutEverywhereRequestSchema = z
  .object({ keepCurrent: z.boolean().default(true).describe('Keep the session this request is made with') })
  .strict();
export type SignOutEverywhereRequest = z.input<typeof signOutEverywhereRequestSchema>;

export const signOutEverywhereResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ ended: z.number().int().nonnegative(), keptCurrent: z.boolean() }),
});
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;
