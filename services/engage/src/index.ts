// The engage service as a package: what its processes (server.ts, worker.ts), the stack and the
// tests build it from. Nothing outside this service imports its src/ files.
export { buildApp, type EngageDeps, MIGRATIONS_FOLDER } from './app.js';
export { type Config, configSchema, ENGAGE_PROVIDERS } from './config.js';
export { schema } from './db/schema.js';
export { type EngageWorkerDeps, QUEUE_HANDLERS, startEngageWorkers } from './jobs/index.js';
export { migrate } from './migrate.js';
export { type Pacer, unpaced } from './providers/pacing.js';
export { SANDBOX_CREATORS } from './providers/sandbox/creators.js';
export { SandboxEngageProvider } from './providers/sandbox/sandbox-provider.js';
export * from './service.js';
