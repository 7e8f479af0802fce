import { createRedis, runProcess, waitForRedis, watchEvictionPolicy } from '@nashr/platform';
import { buildApp } from './app.js';
import { configSchema } from './config.js';

await runProcess('gateway', configSchema, async (config, logger) => {
  const redis = createRedis(config.REDIS_URL, 'request');
  watchEvictionPolicy(redis, logger);
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
