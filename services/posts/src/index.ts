// The posts service as a package: what its processes (server.ts, worker.ts), the stack, the
// tests and the benchmarks build it from. Nothing outside this service imports its src/ files.
export { buildApp, MIGRATIONS_FOLDER, type PostsDeps } from './app.js';
export { type Config, configSchema, type WorkerConfig, workerConfigSchema } from './config.js';
export { type PostRow, schema } from './db/schema.js';
export { QUEUE_HANDLERS, startPostsWorker } from './jobs/index.js';
export { DEFAULT_SCHEDULE_HORIZON_MS, PostQueues } from './jobs/post-queues.js';
export { migrate } from './migrate.js';
export { PostService } from './post-service.js';
export { PostStore } from './post-store.js';
export * from './service.js';
export { createServices, type PostsServices } from './services.js';
