import fastifyCookie from '@fastify/cookie';
import { API } from '@nashr/contracts';
import {
  AdminAudit,
  ApiTokenStore,
  adminAuditRoutes,
  createServiceApp,
  type Database,
  IdentityChanges,
  idempotentReplies,
  type Logger,
  Queues,
  type Redis,
  Sealer,
  type ServiceApp,
  SessionStore,
} from '@nashr/platform';
import type { Config } from './config.js';
import { adminAudit, type schema } from './db/schema.js';
import { OidcClient } from './providers/oidc.js';
import { VapidKeySource } from './push/vapid.js';
import { RateLimiter } from './rate-limit.js';
import { accountDataRoutes } from './routes/account-data.js';
import { activeSessionRoutes } from './routes/active-sessions.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { apiTokenRoutes } from './routes/api-tokens.js';
import { clientConfigRoutes } from './routes/client-config.js';
import { googleRoutes } from './routes/google.js';
import { magicLoginRoutes } from './routes/magic-login.js';
import { notificationRoutes } from './routes/notifications.js';
import { opsAuditRoutes } from './routes/ops-audit.js';
import { personalizationRoutes } from './routes/personalization.js';
import { preferencesRoutes } from './routes/preferences.js';
import { pushRoutes } from './routes/push.js';
import { sessionRoutes } from './routes/session.js';
import { webhookRoutes } from './routes/webhooks.js';
import { workspaceRoutes } from './routes/workspaces.js';
import { createServices } from './services.js';
import { SignIn } from './sign-in.js';
import { applyAdminEmails } from './users/admin-roles.js';
import { UserStore } from './users/user-store.js';
import { WebhookDispatcher } from './webhooks/webhook-jobs.js';
import { WebhookStore } from './webhooks/webhook-store.js';

export { MIGRATIONS_FOLDER } from './migrations.js';

export const GOOGLE_CALLBACK_PATH = '/api/v1/auth/google/callback';

export interface AuthDeps {
  config: Config;
  logger: Logger;
  database: Database<typeof schema>;
  /** A request-path connection (fails fast while Redis is down). */
  redis: Redis;
}

/**
 * Makes ADMIN_EMAILS as configured hold for existing accounts and live sessions at once (see
 * applyAdminEmails). The process runs it at start, after migrations and before it listens.
 */
export async function applyConfiguredRoles({ config, database, redis }: Omit<AuthDeps, 'logger'>): Promise<void> {
  const changes = new IdentityChanges(redis, config.REDIS_PREFIX);
  await applyAdminEmails({
    users: new UserStore(database.db, changes),
    sessions: new SessionStore(redis, config.REDIS_PREFIX),
    changes,
    adminEmails: config.ADMIN_EMAILS,
  });
}

/**
 * Seals the signing secrets of webhook endpoints stored before secrets were sealed (once: a sealed
 * row is left alone, so every start may run it). The process runs it at start, after migrations.
 */
export async function sealStoredWebhookSecrets({
  config,
  database,
  logger,
}: Pick<AuthDeps, 'database' | 'logger'> & { config: Pick<Config, 'ENCRYPTION_KEY'> }): Promise<number> {
  const sealed = await new WebhookStore(database.db, new Sealer(config.ENCRYPTION_KEY)).sealPlainSecrets();
  if (sealed) logger.info({ sealed }, 'webhook signing secrets sealed at rest');
  return sealed;
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

  const { users, notifications, links, push, webhooks, workspaces } = createServices({
    database,
    redis,
    prefix: config.REDIS_PREFIX,
    encryptionKey: config.ENCRYPTION_KEY,
  });
  const sessions = new SessionStore(redis, config.REDIS_PREFIX);
  // A public address on https means browsers reach us over TLS, whatever the mode: the cookie must not leak over http.
  const secureCookies = config.NODE_ENV === 'production' || new URL(config.PUBLIC_URL).protocol === 'https:';
  const audit = new AdminAudit(database.db, adminAudit, 'auth');
  const signIn = new SignIn(users, sessions, config.ADMIN_EMAILS, { secure: secureCookies }, audit, queues);
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
    links,
    signIn,
    maxPerAddress: config.MAGIC_LINK_MAX_PER_ADDRESS,
    maxPerIp: config.MAGIC_LINK_MAX_PER_IP,
  });
  googleRoutes(app, { oidc, redis, redisPrefix: config.REDIS_PREFIX, signIn, secureCookies });
  activeSessionRoutes(app, { sessions });
  const tokens = new ApiTokenStore(redis, config.REDIS_PREFIX);
  apiTokenRoutes(app, { tokens });
  sessionRoutes(app, {
    users,
    sessions,
    workspaces,
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    cookie: { secure: secureCookies },
    copyWaitMs: config.COPY_WAIT_MS,
  });
  personalizationRoutes(app, { users, queues });
  notificationRoutes(app, notifications);
  pushRoutes(app, {
    push,
    vapid: new VapidKeySource(config, redis, config.REDIS_PREFIX),
    production: config.NODE_ENV === 'production',
  });
  webhookRoutes(app, {
    dispatcher: new WebhookDispatcher(webhooks, queues, config.WEBHOOK_RETRY_BASE_MS),
    allowLoopback: config.NODE_ENV !== 'production',
    // A retried creation must not add a second endpoint: a repeat gets the first answer.
    // The answer holds the new secret: Redis keeps it sealed.
    once: idempotentReplies({ redis, prefix: config.REDIS_PREFIX, sealer: new Sealer(config.ENCRYPTION_KEY) }),
  });
  preferencesRoutes(app, users);
  workspaceRoutes(app, { workspaces, queues });
  accountDataRoutes(app, {
    webhooks,
    workspaces,
    users,
    sessions,
    tokens,
    queues,
    notifications,
    subscriptionEndWaitMs: config.SUBSCRIPTION_END_WAIT_MS,
  });
  adminAuditRoutes(app, audit, API.adminAudit.auth);
  adminUserRoutes(app, users);
  opsAuditRoutes(app, audit);
  clientConfigRoutes(app, {
    googleEnabled: oidc !== null,
    mailInboxUrl: config.MAIL_INBOX_URL ?? null,
    countMembers: () => users.count(),
    memberCountMin: config.MEMBER_COUNT_MIN,
  });
  return app;
}
