// The gateway as a package: what its process (server.ts), the stack and the tests build it from.
// Nothing outside this service imports its src/ files.
export { buildApp, type GatewayDeps } from './app.js';
export { type Config, configSchema } from './config.js';
export { ROUTE_TABLE, type ServiceName } from './route-table.js';
export * from './service.js';
