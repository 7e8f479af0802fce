import { resolveBackingServices } from './backing-services.js';

/** Vitest global setup: resolves PostgreSQL and Redis once, for every test file of the run. */
export default async function setup(): Promise<() => Promise<void>> {
  const services = await resolveBackingServices();
  process.env.DATABASE_URL = services.databaseUrl;
  process.env.REDIS_URL = services.redisUrl;
  return services.stop;
}
