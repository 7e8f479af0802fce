import { AI_PROVIDERS, type AiProviderName, CREDITS } from '@nashr/contracts';
import {
  baseEnv,
  copyEnv,
  databaseEnv,
  httpEnv,
  internalEnv,
  optionalEnv,
  redisEnv,
  refuseStandIns,
} from '@nashr/platform';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** One schema for the API and the worker: both run from the same environment. */
export const configSchema = z
  .object({
    ...baseEnv,
    ...httpEnv,
    PORT: httpEnv.PORT.default(8105),
    ...databaseEnv,
    ...redisEnv,
    ...internalEnv,
    ...copyEnv,
    /** offline | openai. Unset: openai when OPENAI_API_KEY is set, otherwise offline. */
    AI_PROVIDER: optionalEnv(z.enum(AI_PROVIDERS)),
    OPENAI_API_KEY: optionalString,
    /** Any OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1. Unset: api.openai.com. */
    OPENAI_BASE_URL: optionalString.pipe(z.string().url('must be a URL like https://host/v1').optional()),
    OPENAI_PREMIUM_MODEL: z.string().trim().min(1).default('gpt-4o'),
    OPENAI_STANDARD_MODEL: z.string().trim().min(1).default('gpt-3.5-turbo'),
    /** Per attempt: waiting for the answer to start, and the longest silence inside a stream. */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    /** Retries after a timeout, a 429 or a 5xx; bounded so a user never waits for long. */
    OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(2).default(2),
    /** Pause between streamed words of the offline writer, so the composer shows text arriving. */
    AI_OFFLINE_TOKEN_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(20),
    /** Standard-model generations a user may have each UTC day once the premium credits are spent. */
    AI_FREE_DAILY_GENERATIONS: z.coerce.number().int().min(0).max(1000).default(CREDITS.freeDailyGenerations),
  })
  .superRefine((env, ctx) => {
    if (env.AI_PROVIDER === 'openai' && !env.OPENAI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_API_KEY'],
        message: 'is required when AI_PROVIDER=openai (any value for endpoints that need none)',
      });
    }
  })
  .transform((env) => ({
    ...env,
    AI_PROVIDER: (env.AI_PROVIDER ?? (env.OPENAI_API_KEY ? 'openai' : 'offline')) as AiProviderName,
  }))
  .superRefine(
    refuseStandIns([
      {
        variable: 'AI_PROVIDER',
        when: (env) => env.AI_PROVIDER === 'offline',
        what: 'the offline writer as the only writer',
        real: 'openai with OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible endpoint)',
      },
    ]),
  );
export type Config = z.infer<typeof configSchema>;
