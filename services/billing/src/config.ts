import { baseEnv, databaseEnv, httpEnv, internalEnv, isLoopbackUrl, redisEnv, refuseStandIns } from '@nashr/platform';
import { z } from 'zod';

/** The payment providers this service has an adapter for. */
export const BILLING_PROVIDERS = ['test-payments', 'stripe'] as const;

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
/** The Stripe variables that must be set when Stripe takes the payments (one price per plan sold). */
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_PRO',
] as const;

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
    /**
     * The key of the hash of e-mail addresses kept to grant the trial once per person. Unset: one
     * made from INTERNAL_SECRET (so rotating that secret would let every address have a trial
     * again; set this to keep the record across a rotation). Never logged.
     */
    TRIAL_HASH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** How long a failed payment keeps the plan before it falls back as at the end of a trial. */
    BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(7),
    /** Stripe's secret API key (sk_live_... or sk_test_...; a restricted rk_ key works too). Never logged. */
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(live|test)_/, 'must be a Stripe secret key (sk_live_..., sk_test_... or rk_...)')
        .optional(),
    ),
    /** The signing secret of the webhook endpoint (whsec_...), from Stripe's dashboard. Never logged. */
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z.string().startsWith('whsec_', 'must be the endpoint signing secret (whsec_...)').optional(),
    ),
    /** The Stripe price (price_...) each plan is sold at: the amount is Stripe's, set per plan. */
    STRIPE_PRICE_BASIC: optionalText,
    STRIPE_PRICE_STARTER: optionalText,
    STRIPE_PRICE_PRO: optionalText,
    /** Where the Stripe SDK sends its requests: for tests against a local server speaking Stripe's wire format. */
    STRIPE_API_HOST: optionalText,
    STRIPE_API_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    STRIPE_API_PROTOCOL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['http', 'https']).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.BILLING_PROVIDER === 'stripe') {
      for (const name of STRIPE_REQUIRED) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when BILLING_PROVIDER=stripe (see docs/product.md, Payments)',
          });
        }
      }
    }
    // Without the demo switch the stand-in rule below says it, with the real choice.
    if (env.NODE_ENV === 'production' && env.NASHR_DEMO && !env.BILLING_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['BILLING_PROVIDER'],
        // Printed whole: "required but not set" would not say why a demo must name it.
        params: { standIn: true },
        message: 'is required in production: name the payment provider (test-payments takes no money)',
      });
    }
    // Its checkout page grants any plan for nothing: only on this machine, or in a declared demo.
    if ((env.BILLING_PROVIDER ?? 'test-payments') === 'test-payments' && !env.NASHR_DEMO) {
      if (!isLoopbackUrl(env.PUBLIC_URL)) {
        ctx.addIssue({
          code: 'custom',
          path: ['BILLING_PROVIDER'],
          params: { standIn: true },
          message: `is test-payments, whose checkout grants plans for nothing, at the public address PUBLIC_URL=${env.PUBLIC_URL}: set stripe (or NASHR_DEMO=1 for a demo)`,
        });
      }
    }
  })
  .superRefine(
    refuseStandIns([
      {
        variable: 'BILLING_PROVIDER',
        // The public-address rule above already says it for a public PUBLIC_URL.
        when: (env) => (env.BILLING_PROVIDER ?? 'test-payments') === 'test-payments' && isLoopbackUrl(env.PUBLIC_URL),
        what: 'test-payments (no money moves)',
        real: 'stripe',
      },
    ]),
  )
  .transform((env) => ({ ...env, BILLING_PROVIDER: env.BILLING_PROVIDER ?? ('test-payments' as const) }));
export type Config = z.infer<typeof configSchema>;
