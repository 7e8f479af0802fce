import {
  analyticsEnv,
  baseEnv,
  databaseEnv,
  diskStoreStandIn,
  encryptionKeySchema as encryptionKey,
  httpEnv,
  internalEnv,
  isLoopbackUrl,
  networkAccountEnv,
  optionalEnv,
  redisEnv,
  refuseStandIns,
  storageEnv,
} from '@nashr/platform';
import { z } from 'zod';

const rate = z.coerce.number().min(0).max(1);

export const NETWORK_PROVIDER_NAMES = ['linkedin', 'sandbox', 'unipile'] as const;
export type NetworkProviderName = (typeof NETWORK_PROVIDER_NAMES)[number];

/** `linkedin,sandbox`: a comma-separated list, each name once. */
const providerList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : value,
  z
    .array(z.string())
    .min(1)
    .refine((names) => names.every((name) => (NETWORK_PROVIDER_NAMES as readonly string[]).includes(name)), {
      message: `names only ${NETWORK_PROVIDER_NAMES.join(', ')}`,
    })
    .transform((names) => names as NetworkProviderName[])
    .refine((names) => new Set(names).size === names.length, { message: 'names each provider once' })
    .refine((names) => !(names.includes('sandbox') && names.includes('unipile')), {
      message: 'offers at most one password sign-in provider (sandbox or unipile)',
    }),
);

/** The official network's own hosts; a local server stands in for both with LINKEDIN_API_URL alone. */
export const LINKEDIN_DEFAULT_API_URL = 'https://api.linkedin.com';
export const LINKEDIN_DEFAULT_AUTH_URL = 'https://www.linkedin.com';

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
    /**
     * The providers offered on the connect screen, e.g. `linkedin,sandbox`: `linkedin` is the
     * official network sign-in (OAuth); `sandbox` or `unipile` the password sign-in. Defaults to
     * NETWORK_PROVIDER alone.
     */
    NETWORK_PROVIDERS: optionalEnv(providerList),
    /** The network app's credentials (its developer portal, "Auth" tab). */
    LINKEDIN_CLIENT_ID: optionalEnv(z.string().min(1)),
    LINKEDIN_CLIENT_SECRET: optionalEnv(z.string().min(1)),
    /** Registered in the network app: the gateway's OAuth callback address. */
    LINKEDIN_REDIRECT_URI: z.string().url().default('http://localhost:8080/api/v1/linkedin/oauth/callback'),
    /** The `LinkedIn-Version` of the REST API (YYYYMM); the network retires a version after about a year. */
    LINKEDIN_API_VERSION: z
      .string()
      .regex(/^\d{6}(\.\d{2})?$/, { message: 'must be a version like 202601' })
      .default('202601'),
    /** The REST API; pointing it at a local network server also sends the OAuth pages there. */
    LINKEDIN_API_URL: z.string().url().default(LINKEDIN_DEFAULT_API_URL),
    /** The OAuth pages and token endpoint; defaults to LINKEDIN_API_URL when that is not the network's own. */
    LINKEDIN_AUTH_URL: z.string().url().optional(),
    /**
     * Scopes asked at consent besides what posting needs, space- or comma-separated: the ones the
     * network app was granted, e.g. `r_member_postAnalytics` ("Member Post Analytics API"). A
     * member who declines one keeps the sample badge on the cards it would fill.
     */
    LINKEDIN_EXTRA_SCOPES: z
      .string()
      .default('')
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .refine((scopes) => scopes.every((scope) => /^[A-Za-z_]+$/.test(scope)), {
        message: 'names scopes like r_member_postAnalytics, separated by spaces or commas',
      }),
    /** Each call to the official API gives up after this long. */
    LINKEDIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** The hosted API's DSN (`api1.unipile.com:13111`, or a full `http://` base for a local server). */
    UNIPILE_DSN: optionalEnv(z.string().min(1)),
    UNIPILE_API_KEY: optionalEnv(z.string().min(1)),
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
    ...analyticsEnv,
    ...networkAccountEnv,
  })
  .superRefine((config, ctx) => {
    const offered = config.NETWORK_PROVIDERS ?? [config.NETWORK_PROVIDER];
    if (offered.includes('unipile')) {
      for (const name of ['UNIPILE_DSN', 'UNIPILE_API_KEY'] as const) {
        if (!config[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NETWORK_PROVIDER=unipile' });
      }
    }
    if (offered.includes('linkedin')) {
      for (const name of ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'] as const) {
        if (!config[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when NETWORK_PROVIDERS includes linkedin',
          });
      }
    }
  })
  .superRefine(
    refuseStandIns([
      {
        variable: 'NETWORK_PROVIDER',
        when: (config) => config.NETWORK_PROVIDERS === undefined && config.NETWORK_PROVIDER === 'sandbox',
        what: 'the sandbox network (nothing reaches LinkedIn)',
        real: 'unipile, or NETWORK_PROVIDERS=linkedin (the official API) or linkedin,unipile',
      },
      {
        variable: 'NETWORK_PROVIDERS',
        when: (config) => config.NETWORK_PROVIDERS?.includes('sandbox') ?? false,
        what: 'the sandbox network (nothing reaches LinkedIn)',
        real: 'linkedin, unipile or linkedin,unipile',
      },
      {
        variable: 'LINKEDIN_API_URL',
        when: (config) =>
          (config.NETWORK_PROVIDERS ?? [config.NETWORK_PROVIDER]).includes('linkedin') &&
          isLoopbackUrl(config.LINKEDIN_API_URL),
        what: 'a local stand-in for the official API (an address on this machine)',
        real: `${LINKEDIN_DEFAULT_API_URL} (leave it unset)`,
      },
      {
        variable: 'UNIPILE_DSN',
        when: (config) =>
          (config.NETWORK_PROVIDERS ?? [config.NETWORK_PROVIDER]).includes('unipile') &&
          isLoopbackUrl(config.UNIPILE_DSN),
        what: 'a local stand-in for the hosted API (an address on this machine)',
        real: "the DSN of your Unipile account's API (e.g. api1.unipile.com:13111)",
      },
      diskStoreStandIn,
    ]),
  );
export type Config = z.infer<typeof configSchema>;

/** The providers the connect screen offers, the official sign-in first. */
export function offeredProviders(
  config: Pick<Config, 'NETWORK_PROVIDERS' | 'NETWORK_PROVIDER'>,
): NetworkProviderName[] {
  const offered = config.NETWORK_PROVIDERS ?? [config.NETWORK_PROVIDER];
  return [...offered].sort((a, b) => Number(b === 'linkedin') - Number(a === 'linkedin'));
}

/** Where the OAuth pages live: the network's own, or the local server LINKEDIN_API_URL names. */
export function linkedinAuthUrl(config: Pick<Config, 'LINKEDIN_API_URL' | 'LINKEDIN_AUTH_URL'>): string {
  if (config.LINKEDIN_AUTH_URL) return config.LINKEDIN_AUTH_URL;
  return config.LINKEDIN_API_URL.replace(/\/+$/, '') === LINKEDIN_DEFAULT_API_URL
    ? LINKEDIN_DEFAULT_AUTH_URL
    : config.LINKEDIN_API_URL;
}
