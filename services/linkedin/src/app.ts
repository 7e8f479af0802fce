import { fileURLToPath } from 'node:url';
import { createServiceApp, type ServiceApp } from '@nashr/platform';
import { credentialProvider, officialProvider } from './providers/provider-router.js';
import { SandboxProvider } from './providers/sandbox/sandbox-provider.js';
import { accountRoutes } from './routes/accounts.js';
import { analyticsRoutes } from './routes/analytics.js';
import { linkedlnRoutes } from './routes/linkedln.js';
import { oauthRoutes } from './routes/oauth.js';
import { pageRoutes } from './routes/pages.js';
import { sandboxCaptchaRoutes } from './routes/sandbox-captcha.js';
import { sandboxImageRoutes } from './routes/sandbox-images.js';
import { userDataRoutes } from './routes/user-data.js';
import { createServices, type LinkedinDeps } from './services.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export function buildApp(deps: LinkedinDeps): ServiceApp {
  const { config, logger, database, redis, provider } = deps;
  const app = createServiceApp({
    name: 'linkedin',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [
      { name: 'postgres', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
  });
  const services = createServices(deps);
  accountRoutes(app, services.connections);
  pageRoutes(app, services.pages);
  linkedlnRoutes(app, services.profiles);
  userDataRoutes(app, services.userData);
  analyticsRoutes(app, {
    db: database.db,
    profiles: services.profiles,
    accounts: services.accounts,
    provider,
    clock: services.analyticsClock,
  });
  const credential = credentialProvider(provider);
  oauthRoutes(app, {
    connections: services.connections,
    linkedin: officialProvider(provider),
    credentials: credential !== null,
    sandbox: credential?.name === 'sandbox',
    redis,
    redisPrefix: config.REDIS_PREFIX,
  });
  if (credential?.name === 'sandbox') sandboxCaptchaRoutes(app);
  if (credential instanceof SandboxProvider) sandboxImageRoutes(app, credential);
  return app;
}
