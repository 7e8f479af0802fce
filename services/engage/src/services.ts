import type { Database, Queues } from '@nashr/platform';
import { Allowance } from './allowance.js';
import { AutopilotRunner } from './autopilot/runner.js';
import { AutopilotSettings } from './autopilot/settings.js';
import { AutopilotTicks } from './autopilot/ticks.js';
import type { EngageConfig } from './config.js';
import type { schema } from './db/schema.js';
import { Feed } from './feed.js';
import { SandboxEngageProvider } from './providers/sandbox/sandbox-provider.js';
import type { EngageProvider } from './providers/types.js';
import { Sending } from './sending.js';
import { Targets } from './targets.js';
import { Writers } from './writer.js';

export interface EngageServices {
  provider: EngageProvider;
  targets: Targets;
  allowance: Allowance;
  feed: Feed;
  sending: Sending;
  writers: Writers;
  autopilot: { settings: AutopilotSettings; runner: AutopilotRunner; ticks: AutopilotTicks };
}

/** The service's parts, built once for the API and the worker alike. */
export function createServices(
  database: Database<typeof schema>,
  queues: Queues,
  config: EngageConfig,
  options: { clock?: () => Date; provider?: EngageProvider } = {},
): EngageServices {
  const clock = options.clock ?? (() => new Date());
  const provider = options.provider ?? new SandboxEngageProvider(database.db);
  const targets = new Targets(database.db, provider);
  const allowance = new Allowance(database.db, config.ENGAGE_DAILY_SUGGESTIONS, clock);
  const writers = new Writers(database.db);
  const feed = new Feed(database.db, provider, targets, allowance, writers, queues, config, clock);
  const sending = new Sending(database.db, provider, feed, allowance, clock);
  const ticks = new AutopilotTicks(queues, clock);
  const autopilot = {
    ticks,
    settings: new AutopilotSettings(database.db, ticks, config, clock),
    runner: new AutopilotRunner(database.db, sending, config, clock),
  };
  return { provider, targets, allowance, feed, sending, writers, autopilot };
}
