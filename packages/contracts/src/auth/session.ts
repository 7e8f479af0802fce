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

/** Where `/api/v1/auth/magic-login/verify` sends the browser: `/verify?status=...`. */
export const VERIFY_STATUSES = ['verified', 'expired', 'used', 'invalid'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

export const currentUserSchema = z.object({
  /** The user's id: the `userId`/`userID` the spec's post payloads carry. */
  id: z.string().uuid(),
  email: z.string(),
  linkedinConnected: z.boolean(),
  personalization: personalizationSchema.nullable(),
  roles: z.array(roleSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `GET /api/v1/auth/me`. */
export const meResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: currentUserSchema }),
});
