import {
  createObjectStore,
  type Database,
  type Logger,
  NetworkAccountRate,
  type ObjectStore,
  type Queues,
  type Redis,
  type StorageConfig,
} from '@nashr/platform';
import { AccountStore } from './accounts/account-store.js';
import { ConnectionService } from './accounts/connection-service.js';
import { PageService } from './accounts/page-service.js';
import { UserData } from './accounts/user-data.js';
import { SnapshotCollector } from './analytics/collector.js';
import { AnalyticsSchedules } from './analytics/schedules.js';
import { SnapshotStore } from './analytics/snapshot-store.js';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { ProfileCache } from './profile/profile-cache.js';
import { ProfileService } from './profile/profile-service.js';
import type { NetworkProvider } from './providers/network-provider.js';
import { EngageCommenter } from './publish/engage-commenter.js';
import { PublishStore } from './publish/publish-store.js';
import { Publisher } from './publish/publisher.js';
import { Sealer } from './sealer.js';

export interface LinkedinDeps {
  config: Pick<
    Config,
    'INTERNAL_SECRET' | 'ENCRYPTION_KEY' | 'REDIS_PREFIX' | 'PROFILE_CACHE_SECONDS' | 'PUBLISH_SETTLE_MS'
  > &
    Partial<Pick<Config, 'ANALYTICS_SNAPSHOT_HOURS' | 'NETWORK_ACCOUNT_CALLS_PER_MINUTE'>> &
    Partial<StorageConfig>;
  logger: Logger;
  database: Database<typeof schema>;
  /** Cache and event connection: a request connection in the API, a worker one in the worker. */
  redis: Redis;
  queues: Queues;
  provider: NetworkProvider;
  /** Where a post's images are read from (default: the local disk at MEDIA_DIR). */
  storage?: ObjectStore;
  /** Analytics' clock (tests move it instead of waiting) and each account's call budget (default: a minute's window). */
  analytics?: { clock?: () => Date; rate?: { limit: number; windowMs: number } };
}

/** The service's parts, wired once and shared by the API and the worker. */
export function createServices(deps: LinkedinDeps) {
  const { config, logger, database, redis, queues, provider } = deps;
  const accounts = new AccountStore(database.db, new Sealer(config.ENCRYPTION_KEY));
  const cache = new ProfileCache(redis, config.REDIS_PREFIX, config.PROFILE_CACHE_SECONDS, logger);
  const store = new PublishStore(database.db);
  const storage = deps.storage ?? createObjectStore({ ...config, MEDIA_DIR: config.MEDIA_DIR ?? '.data/media' });
  const clock = deps.analytics?.clock ?? (() => new Date());
  const snapshots = new SnapshotStore(database.db);
  const analyticsSchedules = new AnalyticsSchedules(
    { queues, accounts, logger },
    (config.ANALYTICS_SNAPSHOT_HOURS ?? 6) * 3_600_000,
  );
  const rate = new NetworkAccountRate(redis, {
    prefix: config.REDIS_PREFIX,
    ...(deps.analytics?.rate ?? { limit: config.NETWORK_ACCOUNT_CALLS_PER_MINUTE ?? 60, windowMs: 60_000 }),
  });
  const connections = new ConnectionService({ accounts, provider, queues, cache, logger });
  return {
    accounts,
    cache,
    store,
    connections,
    pages: new PageService({ accounts, provider, connections, queues, logger }),
    profiles: new ProfileService({ accounts, provider, cache, queues, logger, snapshots }),
    userData: new UserData({
      accounts,
      store,
      provider,
      cache,
      queues,
      logger,
      snapshots,
      schedules: analyticsSchedules,
    }),
    snapshots,
    analyticsSchedules,
    analyticsClock: clock,
    collector: new SnapshotCollector({
      accounts,
      provider,
      snapshots,
      schedules: analyticsSchedules,
      rate,
      queues,
      logger,
      clock,
    }),
    publisher: new Publisher({
      accounts,
      store,
      provider,
      queues,
      cache,
      logger,
      storage,
      settleMs: config.PUBLISH_SETTLE_MS,
    }),
    commenter: new EngageCommenter({ accounts, provider, queues, logger, settleMs: config.PUBLISH_SETTLE_MS }),
  };
}
export type LinkedinServices = ReturnType<typeof createServices>;
