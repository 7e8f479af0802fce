import { baseEnv, databaseEnv, httpEnv, internalEnv, redisEnv, storageEnv } from '@nashr/platform';
import { z } from 'zod';

/** A 32-byte AES-256-GCM key, written as base64 (`openssl rand -base64 32`). */
const encryptionKey = z
  .string()
  .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    message: 'must be 32 bytes written as base64 (openssl rand -base64 32)',
  });

const rate = z.coerce.number().min(0).max(1);

export const configSchema = z
  .object({
    ...baseEnv,
    ...httpEnv,
    PORT: httpEnv.PORT.default(8102),
    ...databaseEnv,
    ...redisEnv,
    ...internalEnv,
    /** The posts service's uploaded files: the publish worker reads a post's images from there. */
    ...storageEnv,
    /** Encrypts the network's account ids at rest. */
    ENCRYPTION_KEY: encryptionKey,
    /** `sandbox` is the simulated network (local default); `unipile` is the hosted API. */
    NETWORK_PROVIDER: z.enum(['sandbox', 'unipile']).default('sandbox'),
    /** The hosted API's DSN (`api1.unipile.com:13111`, or a full `http://` base for a local server). */
    UNIPILE_DSN: z.string().min(1).optional(),
    UNIPILE_API_KEY: z.string().min(1).optional(),
    /** Each call to the hosted API gives up after this long. */
    UNIPILE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** Where the browser loads the real CAPTCHA widget from (Arkose Labs). */
    CAPTCHA_SCRIPT_HOST: z.string().url().default('https://client-api.arkoselabs.com'),
    /** Delay the sandbox adds to every call, to see loading states. */
    SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Share of sandbox calls that fail as "network unavailable" (0 to 1), to exercise retries. */
    SANDBOX_FAILURE_RATE: rate.default(0),
    /** Share of sandbox publishes whose answer is lost after the post was created (0 to 1). */
    SANDBOX_LOST_ANSWER_RATE: rate.default(0),
    /** How long profile and post answers are reused before the provider is asked again. */
    PROFILE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** After a publish whose outcome is unknown, how long "not among the recent posts" is not yet trusted. */
    PUBLISH_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
    /** Publish jobs one worker process runs at once. */
    PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  })
  .superRefine((config, ctx) => {
    if (config.NETWORK_PROVIDER !== 'unipile') return;
    for (const name of ['UNIPILE_DSN', 'UNIPILE_API_KEY'] as const) {
      if (!config[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NETWORK_PROVIDER=unipile' });
    }
  });
export type Config = z.infer<typeof configSchema>;
