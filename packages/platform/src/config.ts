import { z } from 'zod';

/** Raised when the environment does not satisfy a service's configuration schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Turns zod issues into one readable line per problem, naming the variable. */
function describeIssues(error: z.ZodError, env: Record<string, string | undefined>): string[] {
  return error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    // A stand-in is often the default: "required but not set" would hide what to choose instead.
    if (issue.code === 'custom' && issue.params?.standIn) return `${variable} ${issue.message}`;
    if (env[variable] === undefined || env[variable] === '') {
      return `${variable} is required but not set`;
    }
    return `${variable} is invalid: ${issue.message}`;
  });
}

export function loadConfig<S extends z.ZodTypeAny>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(describeIssues(result.error, env));
  return result.data;
}

/** The lines a start with `env` would stop on, none when it loads (for tests and checks of deploy files). */
export function configProblems(schema: z.ZodTypeAny, env: Record<string, string | undefined>): string[] {
  const result = schema.safeParse(env);
  return result.success ? [] : describeIssues(result.error, env);
}

/** An optional variable where a blank counts as unset, as compose's `${NAME:-}` passes an unset one. */
export function optionalEnv<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Pieces that service schemas compose: `z.object({ ...baseEnv, ...httpEnv, ... })`. */
export const baseEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * A deliberate demo: allows the stand-ins (sandbox network, test payments, offline writer...)
   * with NODE_ENV=production, and every screen then says that nothing is real. Compose sends it
   * empty when unset, hence the blank as "off".
   */
  NASHR_DEMO: z.preprocess((v) => (v === '' ? undefined : v), booleanFromEnv.default(false)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Pretty logs for people; JSON for machines. Defaults to pretty in development only. */
  LOG_PRETTY: booleanFromEnv.optional(),
};

export const httpEnv = {
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535),
};

export const databaseEnv = {
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  /**
   * PostgreSQL itself, for migrations, when DATABASE_URL goes through PgBouncer in transaction
   * mode: migrations hold a session advisory lock, which needs one server connection throughout.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** `false` behind a pooler that cannot keep named prepared statements (PgBouncer before 1.21 in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: booleanFromEnv.default(true),
};

type DatabaseEnv = z.infer<z.ZodObject<typeof databaseEnv>>;

/** How the services' pools connect: `createDatabase({ ...databaseConnection(config), schema })`. */
export function databaseConnection(config: DatabaseEnv): { url: string; prepare: boolean } {
  return { url: config.DATABASE_URL, prepare: config.DATABASE_PREPARED_STATEMENTS };
}

/** Where migrations run: PostgreSQL directly when a pooler sits in DATABASE_URL. */
export function migrationsUrl(config: DatabaseEnv): string {
  return config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
}

export const redisEnv = {
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  /** Key prefix for queues and sessions, so several installations can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,32}$/)
    .default('nashr'),
};

export const internalEnv = {
  /** Shared by the gateway and the services: requests without it are refused. */
  INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters'),
};

/** For services that answer from a copy of another service's data (see http/read-your-writes.ts). */
export const copyEnv = {
  /** How long a request waits for the copy to hold the caller's own latest change before a 503. */
  COPY_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
};

/**
 * For the services that call the network as a user's account (linkedin's analytics snapshots,
 * Engage): one budget per account, which both spend (`NetworkAccountRate`).
 */
export const networkAccountEnv = {
  /** Calls to the network one account may make in any minute, all services together (the providers' limits are per account). */
  NETWORK_ACCOUNT_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
};

/** The linkedin worker's analytics snapshots of each connected account (services/linkedin/src/analytics). */
export const analyticsEnv = {
  /** Each account's snapshot is taken this often, the accounts' start times spread over the period. */
  ANALYTICS_SNAPSHOT_HOURS: z.coerce.number().min(0.25).max(24).default(6),
  /** Snapshot jobs one worker process runs at once (each mostly waits on the network). */
  ANALYTICS_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
};

export type BaseConfig = z.infer<z.ZodObject<typeof baseEnv>>;

/** Hosts that only this machine reaches: a service there is a local stand-in, not a real provider. */
export function isLoopbackUrl(url: string | undefined): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url.includes('://') ? url : `http://${url}`).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
}

/**
 * One variable that can name a stand-in for a real system: a simulated network, payments that take
 * no money, the offline writer, a local OpenID provider or mail catcher, a one-machine disk store.
 * Each service's schema lists its own (`.superRefine(refuseStandIns([...]))`).
 */
export interface StandIn<C> {
  variable: string;
  /** Whether this configuration uses the stand-in (defaults included). */
  when: (config: C) => boolean;
  /** What the stand-in is, e.g. `the sandbox network`. */
  what: string;
  /** The real choices, e.g. `unipile or linkedin`. */
  real: string;
}

/**
 * Production runs on real systems only: with NODE_ENV=production every stand-in a schema declares
 * stops the process, one line each naming the variable and the real choices, unless NASHR_DEMO=1
 * says the installation is a demo on purpose. Otherwise a shipped default (test payments) would
 * hand out paid plans for nothing.
 */
export function refuseStandIns<C extends { NODE_ENV: string; NASHR_DEMO: boolean }>(
  standIns: readonly StandIn<NoInfer<C>>[],
): (config: C, ctx: z.RefinementCtx) => void {
  return (config, ctx) => {
    if (config.NODE_ENV !== 'production' || config.NASHR_DEMO) return;
    for (const standIn of standIns) {
      if (!standIn.when(config)) continue;
      ctx.addIssue({
        code: 'custom',
        path: [standIn.variable],
        params: { standIn: true },
        message: `names ${standIn.what}, a stand-in refused with NODE_ENV=production: set ${standIn.real} (or NASHR_DEMO=1 for a demo)`,
      });
    }
  };
}
