// The content service as a package: what its process (server.ts), the stack and the tests build
// it from. Nothing outside this service imports its src/ files.
export { buildApp, type ContentDeps, MIGRATIONS_FOLDER } from './app.js';
export { type Config, configSchema } from './config.js';
export { STALE_MESSAGE } from './content-store.js';
export { schema } from './db/schema.js';
export { type ContentWorkerDeps, QUEUE_HANDLERS, startContentWorker } from './jobs/index.js';
export { migrate } from './migrate.js';
export { seedContent } from './seed/index.js';
export * from './service.js';
