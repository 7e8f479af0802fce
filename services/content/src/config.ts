import { baseEnv, databaseEnv, httpEnv, internalEnv, redisEnv } from '@nashr/platform';
import { z } from 'zod';

export const configSchema = z.object({
  ...baseEnv,
  ...httpEnv,
  PORT: httpEnv.PORT.default(8104),
  ...databaseEnv,
  ...redisEnv,
  ...internalEnv,
});
export type Config = z.infer<typeof configSchema>;
