// The auth service as a package: what its processes (server.ts, worker.ts), the stack and the
// tests build it from. Nothing outside this service imports its src/ files.
export { type AuthDeps, applyConfiguredRoles, buildApp, MIGRATIONS_FOLDER } from './app.js';
export { type Config, configSchema, type WorkerConfig, workerConfigSchema } from './config.js';
export { schema, type UserRow } from './db/schema.js';
export { QUEUE_HANDLERS, startWorkers } from './jobs/index.js';
export { migrate } from './migrate.js';
export { unsubscribeTokenFor } from './notifications/notification-store.js';
export { createSmtpMailer, type Mailer } from './providers/mailer.js';
export * from './service.js';
export { type AuthServices, createServices } from './services.js';
export { UserStore } from './users/user-store.js';
