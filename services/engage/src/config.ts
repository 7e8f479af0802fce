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
  /**
   * Autopilot's least spacing between two of a user's comments; each gap adds a random part of it
   * (up to ENGAGE_AUTOPILOT_SPACING_JITTER), so comments do not go out on a fixed beat. Tests set
   * a fraction of a minute.
   */
  ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(6),
  /** The random part added to each gap, as a share of the least spacing (0.5: 0 to 50 % more). */
  ENGAGE_AUTOPILOT_SPACING_JITTER: z.coerce.number().min(0).max(5).default(0.5),
});
export type Config = z.infer<typeof configSchema>;
export type EngageConfig = Pick<
  Config,
  | 'ENGAGE_PROVIDER'
  | 'ENGAGE_REFRESH_MINUTES'
  | 'ENGAGE_FEED_DAYS'
  | 'ENGAGE_DAILY_SUGGESTIONS'
  | 'ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES'
  | 'ENGAGE_AUTOPILOT_SPACING_JITTER'
>;
