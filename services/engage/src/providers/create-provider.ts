import { NetworkAccountRate, type Redis, Sealer } from '@nashr/platform';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { EngageConfig } from '../config.js';
import type { schema } from '../db/schema.js';
import { NetworkAccounts } from '../network-accounts.js';
import { OfficialEngageProvider } from './linkedin/official-provider.js';
import { type Pacer, unpaced } from './pacing.js';
import { SandboxEngageProvider } from './sandbox/sandbox-provider.js';
import type { EngageProvider } from './types.js';
import { UnipileEngageProvider } from './unipile/unipile-provider.js';

/** Each account's rate, counted in Redis (shared with the linkedin service's snapshots) when the process has a connection for it. */
export function createPacer(config: EngageConfig, redis?: { connection: Redis; prefix: string }): Pacer {
  if (!redis) return unpaced;
  return new NetworkAccountRate(redis.connection, {
    prefix: redis.prefix,
    limit: config.NETWORK_ACCOUNT_CALLS_PER_MINUTE,
    windowMs: 60_000,
  });
}

/** The copy of the users' network accounts (sealing their hosted-API ids when a key is set). */
export function createNetworkAccounts(db: PostgresJsDatabase<typeof schema>, config: EngageConfig) {
  return new NetworkAccounts(db, config.ENCRYPTION_KEY ? new Sealer(config.ENCRYPTION_KEY) : null);
}

/** The network ENGAGE_PROVIDER names: switching is configuration, never a code edit. */
export function createProvider(
  db: PostgresJsDatabase<typeof schema>,
  config: EngageConfig,
  accounts: NetworkAccounts,
  pacer: Pacer,
): EngageProvider {
  switch (config.ENGAGE_PROVIDER) {
    case 'linkedin':
      return new OfficialEngageProvider();
    case 'unipile':
      if (!config.UNIPILE_DSN || !config.UNIPILE_API_KEY)
        throw new Error('UNIPILE_DSN and UNIPILE_API_KEY are required');
      return new UnipileEngageProvider({
        dsn: config.UNIPILE_DSN,
        apiKey: config.UNIPILE_API_KEY,
        timeoutMs: config.UNIPILE_TIMEOUT_MS,
        pacer,
        accounts,
        official: new OfficialEngageProvider(),
      });
    default:
      return new SandboxEngageProvider(db, {
        latencyMs: config.ENGAGE_SANDBOX_LATENCY_MS,
        pacer: config.ENGAGE_SANDBOX_LATENCY_MS > 0 ? pacer : undefined,
      });
  }
}
