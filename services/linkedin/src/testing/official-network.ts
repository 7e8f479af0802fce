import { randomBytes } from 'node:crypto';
import { createDatabase, type Logger, Queues, type Redis } from '@nashr/platform';
import { createCapturingLogger, createTestDatabase, TEST_INTERNAL_SECRET } from '@nashr/platform/testing';
import { memberIdentity } from '../accounts/member-identity.js';
import { MIGRATIONS_FOLDER } from '../app.js';
import { schema } from '../db/schema.js';
import { type LinkedinOptions, LinkedinProvider } from '../providers/linkedin/linkedin-provider.js';
import { TokenVault } from '../providers/linkedin/token-vault.js';
import { ProviderRouter } from '../providers/provider-router.js';
import { startPublishWorker } from '../publish/publish-worker.js';
import { Sealer } from '../sealer.js';
import { createServices } from '../services.js';
import {
  FAKE_LINKEDIN_CLIENT_ID,
  FAKE_LINKEDIN_CLIENT_SECRET,
  type FakeLinkedin,
  fakeMember,
  startFakeLinkedin,
} from './fake-linkedin.js';
import { createHarness, type Harness } from './harness.js';

/** The redirect URL the tests' network app is registered with. */
export const FAKE_REDIRECT = 'http://localhost:8080/api/v1/linkedin/oauth/callback';

/** The official API's adapter as the tests' network app: `fake`'s address and client, the member tokens in `tokens`. */
export function fakeLinkedinProvider(
  fake: FakeLinkedin,
  tokens: TokenVault,
  options: Partial<LinkedinOptions> = {},
): LinkedinProvider {
  return new LinkedinProvider({
    apiUrl: fake.url,
    authUrl: fake.url,
    clientId: FAKE_LINKEDIN_CLIENT_ID,
    clientSecret: FAKE_LINKEDIN_CLIENT_SECRET,
    redirectUri: FAKE_REDIRECT,
    version: '202601',
    tokens,
    timeoutMs: 15_000,
    ...options,
  });
}

/**
 * This service's harness with the official API's adapter over `fake` as its network (the sandbox
 * beside it), the network app granted `extraScopes` besides what publishing needs.
 */
export async function createOfficialHarness(
  fake: FakeLinkedin,
  extraScopes: readonly string[],
): Promise<{ h: Harness; linkedin: LinkedinProvider }> {
  let linkedin: LinkedinProvider | undefined;
  const h = await createHarness({
    provider: (db, sandbox) => {
      linkedin = fakeLinkedinProvider(fake, new TokenVault(db, new Sealer(randomBytes(32).toString('base64'))), {
        extraScopes,
      });
      return new ProviderRouter(linkedin, sandbox);
    },
  });
  if (!linkedin) throw new Error('the harness made no provider');
  return { h, linkedin };
}

export interface OfficialNetwork {
  /** The local server speaking the official wire format (its posts, comments and failure switches). */
  fake: FakeLinkedin;
  /**
   * Connects a fresh member of the local network as the user's account, through the OAuth flow
   * (consent, code, PKCE): the member's tokens land in this service's vault. Returns the author URN.
   */
  connect: (userId: string) => Promise<string>;
  /** The user's account as this service holds it (connected or disconnected). */
  accountStatus: (userId: string) => Promise<string | null>;
  close: () => Promise<void>;
}

/**
 * The linkedin service's publish worker (with Engage's commenter) on another service's Redis
 * prefix, over its own fresh database and the local network server: what a test of a service that
 * asks the linkedin service for something (Engage sending a comment) runs beside it.
 */
export async function startOfficialNetwork(options: {
  redis: Redis;
  prefix: string;
  logger?: Logger;
  /** PUBLISH_SETTLE_MS (tests trust the first look unless they test the settle window). */
  settleMs?: number;
}): Promise<OfficialNetwork> {
  const logger = options.logger ?? createCapturingLogger().logger;
  const fake = await startFakeLinkedin({ redirectUris: [FAKE_REDIRECT] });
  const testDb = await createTestDatabase([{ migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'linkedin' }]);
  const database = createDatabase({ url: testDb.url, schema, max: 5 });
  const key = randomBytes(32).toString('base64');
  const linkedin = fakeLinkedinProvider(fake, new TokenVault(database.db, new Sealer(key)));
  const queues = new Queues({ connection: options.redis, prefix: options.prefix }, logger);
  const services = createServices({
    config: {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      ENCRYPTION_KEY: key,
      REDIS_PREFIX: options.prefix,
      PROFILE_CACHE_SECONDS: 60,
      PUBLISH_SETTLE_MS: options.settleMs ?? 0,
    },
    logger,
    database,
    redis: options.redis,
    queues,
    provider: new ProviderRouter(linkedin, null),
  });
  const connection = options.redis.duplicate({ maxRetriesPerRequest: null });
  const worker = startPublishWorker(
    services.publisher,
    { connection, prefix: options.prefix },
    { logger, commenter: services.commenter },
  );
  return {
    fake,
    connect: async (userId) => {
      fake.member = fakeMember();
      const start = linkedin.authorization();
      const consent = await fetch(start.url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      if (back.searchParams.get('state') !== start.state) throw new Error('the consent came back without its state');
      const member = await linkedin.completeAuthorization(back.searchParams.get('code') ?? '', start.codeVerifier);
      const identity = await memberIdentity(linkedin, 'linkedin', member.accountId);
      await services.accounts.markConnected(userId, 'linkedin', member.accountId, member.expiresAt, identity);
      return member.accountId;
    },
    accountStatus: async (userId) => (await services.accounts.findByUser(userId))?.status ?? null,
    close: async () => {
      await worker.close();
      connection.disconnect();
      await queues.close();
      await database.close();
      await testDb.drop();
      await fake.close();
    },
  };
}
