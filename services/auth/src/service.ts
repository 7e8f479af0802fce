import { MEMBERS_ANNOUNCE_SCHEDULE, membersAnnounceTickJob, QUEUES } from '@nashr/contracts';
import { defineService } from '@nashr/platform';
import { applyConfiguredRoles, buildApp, MIGRATIONS_FOLDER, sealStoredWebhookSecrets } from './app.js';
import { configSchema, workerConfigSchema } from './config.js';
import { schema } from './db/schema.js';
import { startWorkers } from './jobs/index.js';
import { createSmtpMailer } from './providers/mailer.js';

export const authService = defineService({
  name: 'auth',
  port: 8101,
  database: { schema, migrationsFolder: MIGRATIONS_FOLDER },
  waitsForRedis: true,
  api: {
    config: configSchema,
    start: async ({ config, logger, database, redis }) => {
      await applyConfiguredRoles({ config, database, redis });
      await sealStoredWebhookSecrets({ config, database, logger });
      if (!config.OIDC_ISSUER) logger.warn('OIDC_ISSUER is not set: "Continue with Google" is turned off');
      return buildApp({ config, logger, database, redis });
    },
  },
  worker: {
    config: workerConfigSchema,
    schedules: [
      {
        queue: QUEUES.authInbox,
        id: MEMBERS_ANNOUNCE_SCHEDULE.id,
        pattern: MEMBERS_ANNOUNCE_SCHEDULE.pattern,
        job: membersAnnounceTickJob.name,
      },
    ],
    start: async ({ config, logger, database, queue }) => {
      // The worker may start first: it seals the stored secrets too (the API's start changes nothing more then).
      await sealStoredWebhookSecrets({ config, database, logger });
      const mailer = createSmtpMailer({
        url: config.SMTP_URL,
        from: config.MAIL_FROM,
        production: config.NODE_ENV === 'production',
      });
      const running = startWorkers({ config, names: config.AUTH_WORKERS, logger, database, queue, mailer });
      return {
        close: async () => {
          await running.close();
          mailer.close();
        },
      };
    },
  },
});
