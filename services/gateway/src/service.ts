import { defineService } from '@nashr/platform';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

export const gatewayService = defineService({
  name: 'gateway',
  port: 8080,
  waitsForRedis: true,
  api: {
    config: configSchema,
    start: ({ config, logger, redis, otherParts }) => buildApp({ config, logger, redis, otherParts }),
  },
});
