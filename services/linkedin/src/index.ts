// The linkedin service as a package: what its processes (server.ts, worker.ts), the stack, the
// tests and the benchmarks build it from. Nothing outside this service imports its src/ files.
export { pageIdentity } from './accounts/member-identity.js';
export { periodStatements } from './analytics/summary.js';
export { buildApp, MIGRATIONS_FOLDER } from './app.js';
export { type Config, configSchema } from './config.js';
export { schema } from './db/schema.js';
export { QUEUE_HANDLERS, startAnalyticsWorker, startInboxWorker, startPublishWorker } from './jobs/index.js';
export { migrate } from './migrate.js';
export { createProvider } from './providers/create-provider.js';
export type { NetworkProvider } from './providers/network-provider.js';
export { sandboxPage } from './providers/sandbox/sandbox-data.js';
export { SandboxProvider } from './providers/sandbox/sandbox-provider.js';
export * from './service.js';
export { createServices, type LinkedinDeps, type LinkedinServices } from './services.js';
