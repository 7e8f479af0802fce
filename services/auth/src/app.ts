import fastifyCookie from '@fastify/cookie';
import {
  createServiceApp,
  type Database,
  IdentityChanges,
  type Logger,
  Queues,
  type Redis,
  type ServiceApp,
  SessionStore,
} from '@nashr/platform';
import type { Config } from './config.js';
import type { schema } from './db/schema.js';
import { MagicLinks } from './magic-links.js';
import { OidcClient } from './providers/oidc.js';
import { RateLimiter } from './rate-limit.js';
import { clientConfigRoutes } from './routes/client-config.js';
import { googleRoutes } from './routes/google.js';
import { magicLoginRoutes } from './routes/magic-login.js';
import { personalizationRoutes } from './routes/personalization.js';
import { sessionRoutes } from './routes/session.js';
import { SignIn } from './sign-in.js';
import { UserStore } from './users/user-store.js';

export { MIGRATIONS_FOLDER } from './migrations.js';

export const GOOGLE_CALLBACK_PATH = '/api/v1/auth/google/callback';

export interface AuthDeps {
  config: Config;
  logger: Logger;
  database: Database<typeof schema>;
  /** A request-path connection (fails fast while Redis is down). */
  redis: Redis;
}

export async function buildApp({ config, logger, database, redis }: AuthDeps): Promise<ServiceApp> {
  const app = createServiceApp({
    name: 'auth',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    // Only the gateway reaches this service (internal secret), and it sets X-Forwarded-For to the client.
    trustProxy: true,
    readiness: [
      { name: 'postgres', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
  });
  await app.register(fastifyCookie, { secret: config.COOKIE_SECRET });

  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  app.addHook('onClose', () => queues.close());

  const users = new UserStore(database.db, new IdentityChanges(redis, config.REDIS_PREFIX));
  const sessions = new SessionStore(redis, config.REDIS_PREFIX);
  const secureCookies = config.NODE_ENV === 'production';
  const signIn = new SignIn(users, sessions, config.ADMIN_EMAILS, { secure: secureCookies });
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? new OidcClient({
          issuer: config.OIDC_ISSUER,
          clientId: config.OIDC_CLIENT_ID,
          clientSecret: config.OIDC_CLIENT_SECRET,
          redirectUri: `${config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`,
        })
      : null;

  magicLoginRoutes(app, {
    queues,
    limiter: new RateLimiter(redis, config.REDIS_PREFIX, config.MAGIC_LINK_WINDOW_SECONDS),
    links: new MagicLinks(database.db),
    signIn,
    maxPerAddress: config.MAGIC_LINK_MAX_PER_ADDRESS,
    maxPerIp: config.MAGIC_LINK_MAX_PER_IP,
  });
  googleRoutes(app, { oidc, redis, redisPrefix: config.REDIS_PREFIX, signIn, secureCookies });
  sessionRoutes(app, { users, sessions });
  personalizationRoutes(app, { users, queues });
  clientConfigRoutes(app, { googleEnabled: oidc !== null, mailInboxUrl: config.MAIL_INBOX_URL ?? null });
  return app;
}
