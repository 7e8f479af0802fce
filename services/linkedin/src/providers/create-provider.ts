import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Config } from '../config.js';
import type { schema } from '../db/schema.js';
import type { NetworkProvider } from './network-provider.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { UnipileProvider } from './unipile/unipile-provider.js';

export type ProviderConfig = Pick<
  Config,
  | 'NETWORK_PROVIDER'
  | 'UNIPILE_DSN'
  | 'UNIPILE_API_KEY'
  | 'UNIPILE_TIMEOUT_MS'
  | 'CAPTCHA_SCRIPT_HOST'
  | 'SANDBOX_LATENCY_MS'
  | 'SANDBOX_FAILURE_RATE'
  | 'SANDBOX_LOST_ANSWER_RATE'
>;

/** The network the configuration names; switching is configuration, never a code edit. */
export function createProvider(config: ProviderConfig, db: PostgresJsDatabase<typeof schema>): NetworkProvider {
  if (config.NETWORK_PROVIDER === 'unipile') {
    if (!config.UNIPILE_DSN || !config.UNIPILE_API_KEY) throw new Error('UNIPILE_DSN and UNIPILE_API_KEY are required');
    return new UnipileProvider({
      dsn: config.UNIPILE_DSN,
      apiKey: config.UNIPILE_API_KEY,
      timeoutMs: config.UNIPILE_TIMEOUT_MS,
      captchaScriptHost: config.CAPTCHA_SCRIPT_HOST,
    });
  }
  return new SandboxProvider(db, {
    latencyMs: config.SANDBOX_LATENCY_MS,
    failureRate: config.SANDBOX_FAILURE_RATE,
    lostAnswerRate: config.SANDBOX_LOST_ANSWER_RATE,
  });
}
