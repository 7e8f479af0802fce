import { z } from 'zod';

/** Every error the public API answers has this shape; validation errors add `issues`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const successMessageSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** Two-letter interface languages. Arabic is the default everywhere. */
export const localeSchema = z.enum(['ar', 'en']);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'ar';
