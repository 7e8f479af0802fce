import { createRedis, runProcess, waitForRedis } from '@nashr/platform';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

await runProcess('gateway', configSchema, async (config, logger) => {
  const redis = createRedis(config.REDIS_URL, 'request');
  await waitForRedis(redis);
  const app = await buildApp({ config, logger, redis });
  await app.listen({ host: config.HOST, port: config.PORT });
  logger.info(`gateway listening on ${config.PUBLIC_URL}`);
  return {
    close: async () => {
      await app.close();
      redis.disconnect();
    },
  };
});
