// The ai service as a package: what its processes (server.ts, worker.ts), the stack, the tests
// and the benchmarks build it from. Nothing outside this service imports its src/ files.
export { type AiDeps, buildApp, MIGRATIONS_FOLDER } from './app.js';
export { type Config, configSchema } from './config.js';
export { schema } from './db/schema.js';
export { type AiWorkers, QUEUE_HANDLERS, startAiWorkers } from './jobs/index.js';
export { migrate } from './migrate.js';
export { createProvider, type TextProvider } from './providers/index.js';
export * from './service.js';
export { type AiServices, createServices } from './services.js';
