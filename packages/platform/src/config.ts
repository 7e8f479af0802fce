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

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Pieces that service schemas compose: `z.object({ ...baseEnv, ...httpEnv, ... })`. */
export const baseEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
};

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

export type BaseConfig = z.infer<z.ZodObject<typeof baseEnv>>;
