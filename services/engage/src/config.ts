import { ENGAGE_NETWORK_PROVIDERS } from '@nashr/contracts';
import {
  baseEnv,
  databaseEnv,
  encryptionKeySchema,
  httpEnv,
  internalEnv,
  isLoopbackUrl,
  networkAccountEnv,
  optionalEnv,
  redisEnv,
  refuseStandIns,
} from '@nashr/platform';
import { z } from 'zod';

/** The networks Engage has an adapter for. */
export const ENGAGE_PROVIDERS = ENGAGE_NETWORK_PROVIDERS;

/** One schema for the API and the worker: both run from the same environment. */
export const configSchema = z
  .object({
    ...baseEnv,
    ...httpEnv,
    PORT: httpEnv.PORT.default(8107),
    ...databaseEnv,
    ...redisEnv,
    ...internalEnv,
    /**
     * Where the feed comes from and comments go. sandbox (the default): invented creators, offline;
     * unipile: the hosted API, as each user's connected account; linkedin: the official API, which
     * cannot read other members' posts (Engage then works from post addresses only).
     */
    ENGAGE_PROVIDER: z.enum(ENGAGE_PROVIDERS).default('sandbox'),
    /** The hosted API (the same variables as the linkedin service's). */
    UNIPILE_DSN: optionalEnv(z.string().min(1)),
    UNIPILE_API_KEY: optionalEnv(z.string().min(1)),
    UNIPILE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** Seals the hosted API's account ids Engage keeps (the same key as the linkedin service's). */
    ENCRYPTION_KEY: encryptionKeySchema.optional(),
    ...networkAccountEnv,
    /** Feed refreshes and suggestion jobs one worker process runs at once (a refresh mostly waits on the network). */
    ENGAGE_FEED_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
    /** Delay the sandbox adds to each call, with each account's rate applied as on a real network (demos, benchmarks). */
    ENGAGE_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
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
    /**
     * How long sending a comment through the official API (handed to the linkedin service) waits
     * for its answer; after that the user is told to check back, and the comment is looked for
     * before it is ever sent again.
     */
    ENGAGE_SEND_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(15_000),
  })
  .superRefine((config, ctx) => {
    if (config.ENGAGE_PROVIDER !== 'unipile') return;
    for (const name of ['UNIPILE_DSN', 'UNIPILE_API_KEY', 'ENCRYPTION_KEY'] as const) {
      if (!config[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when ENGAGE_PROVIDER=unipile' });
    }
  })
  .superRefine(
    refuseStandIns([
      {
        variable: 'ENGAGE_PROVIDER',
        when: (config) => config.ENGAGE_PROVIDER === 'sandbox',
        what: 'the sandbox (invented creators; comments go nowhere)',
        real: 'unipile or linkedin',
      },
      {
        variable: 'UNIPILE_DSN',
        when: (config) => config.ENGAGE_PROVIDER === 'unipile' && isLoopbackUrl(config.UNIPILE_DSN),
        what: 'a local stand-in for the hosted API (an address on this machine)',
        real: "the DSN of your Unipile account's API (e.g. api1.unipile.com:13111)",
      },
    ]),
  );
export type Config = z.infer<typeof configSchema>;
export type EngageConfig = Pick<
  Config,
  | 'ENGAGE_PROVIDER'
  | 'ENGAGE_REFRESH_MINUTES'
  | 'ENGAGE_FEED_DAYS'
  | 'ENGAGE_DAILY_SUGGESTIONS'
  | 'UNIPILE_DSN'
  | 'UNIPILE_API_KEY'
  | 'UNIPILE_TIMEOUT_MS'
  | 'ENCRYPTION_KEY'
  | 'NETWORK_ACCOUNT_CALLS_PER_MINUTE'
  | 'ENGAGE_FEED_CONCURRENCY'
  | 'ENGAGE_SANDBOX_LATENCY_MS'
  | 'ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES'
  | 'ENGAGE_AUTOPILOT_SPACING_JITTER'
  | 'ENGAGE_SEND_WAIT_MS'
>;
