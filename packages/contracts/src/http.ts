import { z } from 'zod';

/** The values an error message carries (a length, a date), sent apart so the web can translate the words. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * Every error the public API answers has this shape: a stable `code` (declared in ERROR_CODES)
 * the web translates by, an English `message` for API users, `params` when the message carries
 * values; validation errors add `issues`.
 */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  params: errorParamsSchema.optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const successMessageSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** The most of a request body a route reads unless it says otherwise; the gateway refuses more itself. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Two-letter interface languages. Arabic is the default everywhere. */
export const localeSchema = z.enum(['ar', 'en']);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'ar';
