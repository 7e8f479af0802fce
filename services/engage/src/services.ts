import type { Database, Queues, Redis } from '@nashr/platform';
import { Allowance } from './allowance.js';
import { AutopilotRunner } from './autopilot/runner.js';
import { AutopilotSettings } from './autopilot/settings.js';
import { AutopilotTicks } from './autopilot/ticks.js';
import { PostsByUrl } from './by-url.js';
import type { EngageConfig } from './config.js';
import type { schema } from './db/schema.js';
import { Feed } from './feed.js';
import type { NetworkAccounts } from './network-accounts.js';
import { createNetworkAccounts, createPacer, createProvider } from './providers/create-provider.js';
import type { EngageProvider } from './providers/types.js';
import { Sending } from './sending.js';
import { Targets } from './targets.js';
import { Writers } from './writer.js';

export interface EngageServices {
  provider: EngageProvider;
  accounts: NetworkAccounts;
  targets: Targets;
  allowance: Allowance;
  feed: Feed;
  sending: Sending;
  writers: Writers;
  byUrl: PostsByUrl;
  autopilot: { settings: AutopilotSettings; runner: AutopilotRunner; ticks: AutopilotTicks };
}

export interface ServiceOptions {
  clock?: () => Date;
  /** Replaces the configured provider (tests). */
  provider?: EngageProvider;
  /** Where each account's rate is counted (the network's limits are per account, across processes). */
  redis?: { connection: Redis; prefix: string };
}

/** The service's parts, built once for the API and the worker alike. */
export function createServices(
  database: Database<typeof schema>,
  queues: Queues,
  config: EngageConfig,
  options: ServiceOptions = {},
): EngageServices {
  const clock = options.clock ?? (() => new Date());
  const accounts = createNetworkAccounts(database.db, config);
  const provider =
    options.provider ?? createProvider(database.db, config, accounts, createPacer(config, options.redis));
  const targets = new Targets(database.db, provider);
  const allowance = new Allowance(database.db, config.ENGAGE_DAILY_SUGGESTIONS, clock);
  const writers = new Writers(database.db);
  const feed = new Feed(database.db, provider, targets, allowance, writers, queues, config, clock);
  const sending = new Sending(
    database.db,
    provider,
    feed,
    allowance,
    clock,
    { queues, waitMs: config.ENGAGE_SEND_WAIT_MS },
    queues,
  );
  const byUrl = new PostsByUrl(database.db, provider, feed, clock);
  const ticks = new AutopilotTicks(queues, clock);
  const autopilot = {
    ticks,
    settings: new AutopilotSettings(database.db, ticks, config, clock),
    runner: new AutopilotRunner(database.db, sending, config, clock),
  };
  return { provider, accounts, targets, allowance, feed, sending, writers, byUrl, autopilot };
}
