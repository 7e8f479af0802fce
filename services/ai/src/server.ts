import { createDatabase, runMigrations, runProcess } from '@nashr/platform';
import { buildApp, MIGRATIONS_FOLDER } from './app.js';
import { configSchema } from './config.js';
import { schema } from './db/schema.js';

await runProcess('ai', configSchema, async (config, logger) => {
  await runMigrations(config.DATABASE_URL, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'ai' });
  const database = createDatabase({ url: config.DATABASE_URL, schema, applicationName: 'ai' });
  const app = buildApp({ config, logger, database });
  logger.info(
    { provider: config.AI_PROVIDER, baseUrl: config.OPENAI_BASE_URL ?? null },
    config.AI_PROVIDER === 'offline' ? 'AI provider: offline writer (no OPENAI_API_KEY)' : 'AI provider: openai',
  );
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
