import { baseEnv, databaseEnv, httpEnv, internalEnv, redisEnv } from '@nashr/platform';
import { z } from 'zod';

/** The payment providers this service has an adapter for. */
export const BILLING_PROVIDERS = ['test-payments'] as const;

/** One schema for the API and the worker: both run from the same environment. */
export const configSchema = z
  .object({
    ...baseEnv,
    ...httpEnv,
    PORT: httpEnv.PORT.default(8106),
    ...databaseEnv,
    ...redisEnv,
    ...internalEnv,
    /** The address users reach the product at: where providers send the browser back to. */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /**
     * Who takes payments. test-payments (the default): an offline provider with its own clearly
     * labelled checkout page, where no money moves. Production must name its provider.
     */
    BILLING_PROVIDER: z.enum(BILLING_PROVIDERS).optional(),
    /** How long a failed payment keeps the plan before it falls back as at the end of a trial. */
    BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(7),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.BILLING_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_PROVIDER'],
        message: 'is required in production: name the payment provider (test-payments takes no money)',
      });
    }
  })
  .transform((env) => ({ ...env, BILLING_PROVIDER: env.BILLING_PROVIDER ?? ('test-payments' as const) }));
export type Config = z.infer<typeof configSchema>;
