// The billing service as a package: what its processes (server.ts, worker.ts), the stack and the
// tests build it from. Nothing outside this service imports its src/ files.
export { type BillingDeps, buildApp, MIGRATIONS_FOLDER } from './app.js';
export { BILLING_PROVIDERS, type Config, configSchema } from './config.js';
export { schema } from './db/schema.js';
export { type BillingWorkerDeps, QUEUE_HANDLERS, startBillingWorkers } from './jobs/index.js';
export { migrate } from './migrate.js';
export { PLAN_LIST, PLANS } from './plans.js';
export { TEST_SIGNATURE_HEADER, testPaymentsSignature } from './providers/test-payments.js';
export * from './service.js';
