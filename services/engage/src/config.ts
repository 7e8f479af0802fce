import { baseEnv, databaseEnv, httpEnv, internalEnv, redisEnv } from '@nashr/platform';
import { z } from 'zod';

/** The networks Engage has an adapter for (Unipile and the official API come later: see the README). */
export const ENGAGE_PROVIDERS = ['sandbox'] as const;

/** One schema for the API and the worker: both run from the same environment. */
export const configSchema = z.object({
  ...baseEnv,
  ...httpEnv,
  PORT: httpEnv.PORT.default(8107),
  ...databaseEnv,
  ...redisEnv,
  ...internalEnv,
  /** Where the feed comes from and comments go. sandbox (the default): invented creators, offline. */
  ENGAGE_PROVIDER: z.enum(ENGAGE_PROVIDERS).default('sandbox'),
  /** How often each user's feed is refreshed in the background; users' refreshes are spread over it. */
  ENGAGE_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How far back the feed reads. */
  ENGAGE_FEED_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** Suggestion sets (three comments each) one user gets free per UTC day, prepared ones included. */
  ENGAGE_DAILY_SUGGESTIONS: z.coerce.number().int().min(1).max(10_000).default(300),
});
export type Config = z.infer<typeof configSchema>;
export type EngageConfig = Pick<
  Config,
  'ENGAGE_PROVIDER' | 'ENGAGE_REFRESH_MINUTES' | 'ENGAGE_FEED_DAYS' | 'ENGAGE_DAILY_SUGGESTIONS'
>;
