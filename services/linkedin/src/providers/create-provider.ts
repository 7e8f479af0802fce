import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type Config, linkedinAuthUrl, offeredProviders } from '../config.js';
import type { schema } from '../db/schema.js';
import { Sealer } from '../sealer.js';
import { LinkedinProvider } from './linkedin/linkedin-provider.js';
import { TokenVault } from './linkedin/token-vault.js';
import type { NetworkProvider } from './network-provider.js';
import { ProviderRouter } from './provider-router.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { UnipileProvider } from './unipile/unipile-provider.js';

export type ProviderConfig = Pick<
  Config,
  | 'NETWORK_PROVIDER'
  | 'NETWORK_PROVIDERS'
  | 'UNIPILE_DSN'
  | 'UNIPILE_API_KEY'
  | 'UNIPILE_TIMEOUT_MS'
  | 'CAPTCHA_SCRIPT_HOST'
  | 'SANDBOX_LATENCY_MS'
  | 'SANDBOX_FAILURE_RATE'
  | 'SANDBOX_LOST_ANSWER_RATE'
  | 'ENCRYPTION_KEY'
  | 'LINKEDIN_CLIENT_ID'
  | 'LINKEDIN_CLIENT_SECRET'
  | 'LINKEDIN_REDIRECT_URI'
  | 'LINKEDIN_API_VERSION'
  | 'LINKEDIN_API_URL'
  | 'LINKEDIN_AUTH_URL'
  | 'LINKEDIN_TIMEOUT_MS'
  | 'LINKEDIN_EXTRA_SCOPES'
>;

/** The networks the configuration names; switching is configuration, never a code edit. */
export function createProvider(config: ProviderConfig, db: PostgresJsDatabase<typeof schema>): NetworkProvider {
  const offered = offeredProviders(config);
  let credential: NetworkProvider | null = null;
  if (offered.includes('unipile')) {
    if (!config.UNIPILE_DSN || !config.UNIPILE_API_KEY) throw new Error('UNIPILE_DSN and UNIPILE_API_KEY are required');
    credential = new UnipileProvider({
      dsn: config.UNIPILE_DSN,
      apiKey: config.UNIPILE_API_KEY,
      timeoutMs: config.UNIPILE_TIMEOUT_MS,
      captchaScriptHost: config.CAPTCHA_SCRIPT_HOST,
    });
  } else if (offered.includes('sandbox')) {
    credential = new SandboxProvider(db, {
      latencyMs: config.SANDBOX_LATENCY_MS,
      failureRate: config.SANDBOX_FAILURE_RATE,
      lostAnswerRate: config.SANDBOX_LOST_ANSWER_RATE,
    });
  }
  if (!offered.includes('linkedin')) {
    if (!credential) throw new Error('NETWORK_PROVIDERS names no provider');
    return credential;
  }
  if (!config.LINKEDIN_CLIENT_ID || !config.LINKEDIN_CLIENT_SECRET) {
    throw new Error('LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are required');
  }
  const linkedin = new LinkedinProvider({
    apiUrl: config.LINKEDIN_API_URL,
    authUrl: linkedinAuthUrl(config),
    clientId: config.LINKEDIN_CLIENT_ID,
    clientSecret: config.LINKEDIN_CLIENT_SECRET,
    redirectUri: config.LINKEDIN_REDIRECT_URI,
    version: config.LINKEDIN_API_VERSION,
    extraScopes: config.LINKEDIN_EXTRA_SCOPES,
    timeoutMs: config.LINKEDIN_TIMEOUT_MS,
    tokens: new TokenVault(db, new Sealer(config.ENCRYPTION_KEY)),
  });
  return new ProviderRouter(linkedin, credential);
}
