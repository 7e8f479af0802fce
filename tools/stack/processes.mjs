// The process list of a local Nashr stack: which processes run, from which file, on which port
// and with which environment. `npm start` (tools/start/) runs it; test/compose.test.ts checks
// docker-compose.yml against it; browser tests (tools/src/process-stack.ts) start the same processes.
//
// This module only describes processes; it starts nothing.
//
// - A variable that one service needs: one line in SERVICE_ENV below.
// - A variable that every service needs: one line in sharedEnv() below.
// - A secret that `npm start` makes once and keeps in .data/secrets.json: one line in SECRETS.
// - A local helper process (a mail catcher, an OpenID provider, ...): one entry in HELPERS below;
//   services reach it through `ctx.ports[<port name>]` in SERVICE_ENV.
// The user's environment reaches every process as is (OPENAI_API_KEY, NETWORK_PROVIDER, ...).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @typedef {object} ServiceDef
 * @property {string} name      directory under services/
 * @property {number} port      API port
 * @property {boolean} worker   whether the service has a BullMQ worker entry (src/worker.ts)
 */

/** @type {ServiceDef[]} The seven business services, in start order. */
export const SERVICES = [
  { name: 'auth', port: 8101, worker: true },
  { name: 'linkedin', port: 8102, worker: true },
  { name: 'posts', port: 8103, worker: true },
  { name: 'content', port: 8104, worker: true },
  { name: 'ai', port: 8105, worker: true },
  { name: 'billing', port: 8106, worker: true },
  { name: 'engage', port: 8107, worker: true },
];

/**
 * Each business service's migrations, in the folder its `MIGRATIONS_FOLDER` names
 * (services/<name>/drizzle), as the test helpers take them.
 */
export const SERVICE_MIGRATIONS = SERVICES.map(({ name }) => ({
  serviceSchema: name,
  migrationsFolder: join(ROOT, 'services', name, 'drizzle'),
}));

export const GATEWAY = { name: 'gateway', port: 8080 };

/** Workers get a port of their own (API port + 100), in case a worker ever listens on PORT. */
export const WORKER_PORT_OFFSET = 100;

/**
 * Secrets every run of `npm start` shares: made once, kept in .data/secrets.json, overridden by
 * an environment variable of the same name.
 * @type {Record<string, () => string>}
 */
export const SECRETS = {
  /** Shared by the gateway and the services. */
  INTERNAL_SECRET: () => randomBytes(32).toString('base64url'),
  /** Signs the session cookie (gateway and auth). */
  COOKIE_SECRET: () => randomBytes(32).toString('base64url'),
  /** AES-256-GCM key of the linkedin service: 32 bytes as base64. */
  ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
};

/**
 * Context that the environment of each process is computed from.
 * @typedef {object} StackContext
 * @property {string} databaseUrl
 * @property {string} redisUrl
 * @property {string} redisPrefix
 * @property {Record<string, string>} secrets     one value for each key of SECRETS
 * @property {string} publicUrl                  e.g. http://localhost:8080
 * @property {Record<string, number>} ports      every port, by process name or helper port name
 * @property {Record<string, string | undefined>} env   the environment `npm start` runs in (user overrides)
 * @property {string} [logLevel]
 */

/**
 * @typedef {object} HelperDef
 * @property {string} name
 * @property {Record<string, number>} ports      named ports and their preferred values, e.g.
 *                                               { 'mail-smtp': 1025 }; names are keys of ctx.ports
 * @property {string} [entry]                    built file it runs with node (skipped when missing)
 * @property {(ctx: StackContext) => string[]} command   [executable, ...args], run from ROOT
 * @property {(ctx: StackContext) => Record<string, string>} [env]
 * @property {{ port: string, path: string }} [ready]    HTTP check that answers 200 once ready
 * @property {(env: Record<string, string | undefined>) => boolean} [enabled]  e.g. off when SMTP_URL is set
 */

/** The client the local OpenID provider accepts (development only). */
const LOCAL_OIDC_CLIENT = { id: 'nashr-local', secret: 'nashr-local-secret' };

/**
 * Local helper processes, started before the services. To add one (say, a local OpenID
 * provider), add an entry like the mail catcher's, and the variables that point the services at
 * it to SERVICE_ENV.
 * @type {HelperDef[]}
 */
export const HELPERS = [
  {
    // Catches the mail the product sends (sign-in links) and shows it in a web inbox.
    name: 'mail',
    ports: { 'mail-smtp': 1025, 'mail-inbox': 8025 },
    entry: 'packages/fakes/dist/mail-catcher.js',
    command: () => ['node', 'packages/fakes/dist/mail-catcher.js'],
    env: (ctx) => ({
      MAIL_CATCHER_SMTP_PORT: String(ctx.ports['mail-smtp']),
      MAIL_CATCHER_HTTP_PORT: String(ctx.ports['mail-inbox']),
      MAIL_CATCHER_HOST: '127.0.0.1',
    }),
    ready: { port: 'mail-inbox', path: '/healthz' },
    enabled: (env) => !env.SMTP_URL,
  },
  {
    // Stands in for Google: 'Continue with Google' works offline; the address is proven by a code
    // mailed the way sign-in links are (to the local mail catcher unless SMTP_URL is set).
    name: 'oidc',
    ports: { oidc: 8110 },
    entry: 'packages/fakes/dist/oidc-provider.js',
    command: () => ['node', 'packages/fakes/dist/oidc-provider.js'],
    env: (ctx) => ({
      OIDC_PROVIDER_PORT: String(ctx.ports.oidc),
      OIDC_PROVIDER_HOST: '127.0.0.1',
      OIDC_ISSUER: `http://localhost:${ctx.ports.oidc}`,
      OIDC_CLIENT_ID: LOCAL_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: LOCAL_OIDC_CLIENT.secret,
      PUBLIC_URL: ctx.publicUrl,
      SMTP_URL: ctx.env.SMTP_URL ?? `smtp://127.0.0.1:${ctx.ports['mail-smtp']}`,
    }),
    ready: { port: 'oidc', path: '/healthz' },
    // It refuses to run in production: there, 'Continue with Google' needs a real OIDC_ISSUER.
    enabled: (env) => !env.OIDC_ISSUER && env.NODE_ENV !== 'production',
  },
  {
    // Stands in for the professional network's official API with LINKEDIN_LOCAL_NETWORK=1:
    // 'Continue with LinkedIn' then works offline, beside the sandbox's password sign-in.
    name: 'linkedin-network',
    ports: { 'linkedin-network': 8111 },
    entry: 'services/linkedin/dist/network-server.js',
    command: () => ['node', 'services/linkedin/dist/network-server.js'],
    env: (ctx) => ({
      LINKEDIN_NETWORK_PORT: String(ctx.ports['linkedin-network']),
      LINKEDIN_NETWORK_HOST: '127.0.0.1',
      LINKEDIN_REDIRECT_URI: `${ctx.publicUrl}/api/v1/linkedin/oauth/callback`,
    }),
    ready: { port: 'linkedin-network', path: '/healthz' },
    enabled: (env) => localLinkedin(env),
  },
];

/** The client the local network server accepts (see services/linkedin/src/testing/fake-linkedin.ts). */
const LOCAL_LINKEDIN_CLIENT = { id: 'fake-linkedin-client', secret: 'fake-linkedin-secret' };

/** Whether the local network server stands in for the network's official API (see its HELPERS entry). */
function localLinkedin(/** @type {Record<string, string | undefined>} */ env) {
  return env.LINKEDIN_LOCAL_NETWORK === '1' && env.NODE_ENV !== 'production';
}

/** Whether the local OpenID provider stands in for Google (see its HELPERS entry). */
const localOidc = (/** @type {StackContext} */ ctx) => !ctx.env.OIDC_ISSUER && ctx.env.NODE_ENV !== 'production';

/**
 * Variables that only some services need, with their local default. Return undefined to leave
 * a variable unset (the user's own environment still reaches every process).
 * @type {Record<string, Record<string, (ctx: StackContext) => string | undefined>>}
 */
export const SERVICE_ENV = {
  auth: {
    COOKIE_SECRET: (ctx) => ctx.secrets.COOKIE_SECRET,
    // Seals the webhooks' signing secrets (the API) and opens them to sign (the worker).
    ENCRYPTION_KEY: (ctx) => ctx.secrets.ENCRYPTION_KEY,
    PUBLIC_URL: (ctx) => ctx.publicUrl,
    SMTP_URL: (ctx) => ctx.env.SMTP_URL ?? `smtp://127.0.0.1:${ctx.ports['mail-smtp']}`,
    MAIL_INBOX_URL: (ctx) =>
      ctx.env.MAIL_INBOX_URL ?? (ctx.env.SMTP_URL ? undefined : `http://localhost:${ctx.ports['mail-inbox']}`),
    OIDC_ISSUER: (ctx) => ctx.env.OIDC_ISSUER ?? (localOidc(ctx) ? `http://localhost:${ctx.ports.oidc}` : undefined),
    OIDC_CLIENT_ID: (ctx) => (localOidc(ctx) ? LOCAL_OIDC_CLIENT.id : ctx.env.OIDC_CLIENT_ID),
    OIDC_CLIENT_SECRET: (ctx) => (localOidc(ctx) ? LOCAL_OIDC_CLIENT.secret : ctx.env.OIDC_CLIENT_SECRET),
  },
  linkedin: {
    ENCRYPTION_KEY: (ctx) => ctx.secrets.ENCRYPTION_KEY,
    // Where the network's sign-in page sends the browser back: this stack's gateway.
    LINKEDIN_REDIRECT_URI: (ctx) => ctx.env.LINKEDIN_REDIRECT_URI ?? `${ctx.publicUrl}/api/v1/linkedin/oauth/callback`,
    NETWORK_PROVIDERS: (ctx) => (localLinkedin(ctx.env) ? 'linkedin,sandbox' : ctx.env.NETWORK_PROVIDERS),
    LINKEDIN_CLIENT_ID: (ctx) => (localLinkedin(ctx.env) ? LOCAL_LINKEDIN_CLIENT.id : ctx.env.LINKEDIN_CLIENT_ID),
    LINKEDIN_CLIENT_SECRET: (ctx) =>
      localLinkedin(ctx.env) ? LOCAL_LINKEDIN_CLIENT.secret : ctx.env.LINKEDIN_CLIENT_SECRET,
    LINKEDIN_API_URL: (ctx) =>
      localLinkedin(ctx.env) ? `http://127.0.0.1:${ctx.ports['linkedin-network']}` : ctx.env.LINKEDIN_API_URL,
    // The local network app has the "Member Post Analytics API" and company pages: its consent asks for them.
    LINKEDIN_EXTRA_SCOPES: (ctx) =>
      ctx.env.LINKEDIN_EXTRA_SCOPES ??
      (localLinkedin(ctx.env) ? 'r_member_postAnalytics r_organization_admin w_organization_social' : undefined),
  },
  posts: {},
  content: {},
  ai: {},
  billing: {
    PUBLIC_URL: (ctx) => ctx.publicUrl,
  },
  engage: {},
};

/**
 * Variables every service (API and worker) gets.
 * @param {StackContext} ctx
 */
export function sharedEnv(ctx) {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: ctx.logLevel ?? 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: ctx.databaseUrl,
    REDIS_URL: ctx.redisUrl,
    REDIS_PREFIX: ctx.redisPrefix,
    INTERNAL_SECRET: ctx.secrets.INTERNAL_SECRET,
  };
}

/**
 * Variables of the gateway.
 * @param {StackContext} ctx
 */
export function gatewayEnv(ctx) {
  /** @type {Record<string, string>} */
  const urls = {};
  for (const service of SERVICES)
    urls[`${service.name.toUpperCase()}_URL`] = `http://127.0.0.1:${ctx.ports[service.name]}`;
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: ctx.logLevel ?? 'info',
    // 'localhost' makes the gateway answer on 127.0.0.1 and ::1, whichever the browser picks.
    HOST: 'localhost',
    PORT: String(ctx.ports[GATEWAY.name]),
    REDIS_URL: ctx.redisUrl,
    REDIS_PREFIX: ctx.redisPrefix,
    INTERNAL_SECRET: ctx.secrets.INTERNAL_SECRET,
    COOKIE_SECRET: ctx.secrets.COOKIE_SECRET,
    ...urls,
    WEB_DIST: join(ROOT, 'web', 'dist'),
    PUBLIC_URL: ctx.publicUrl,
  };
}

/** Preferred port of every process, by process name. */
export function defaultPorts() {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const helper of HELPERS) Object.assign(ports, helper.ports);
  for (const service of SERVICES) {
    ports[service.name] = service.port;
    if (service.worker) ports[`${service.name}-worker`] = service.port + WORKER_PORT_OFFSET;
  }
  ports[GATEWAY.name] = GATEWAY.port;
  return ports;
}

/**
 * @typedef {object} StackProcess
 * @property {string} name                  also the name of its docker compose service
 * @property {'helper' | 'api' | 'worker' | 'gateway'} kind
 * @property {string} [service]             directory under services/ (not for helpers)
 * @property {string} [entry]               built file, relative to ROOT (services/auth/dist/server.js)
 * @property {string} [source]              its TypeScript source (services/auth/src/server.ts)
 * @property {string[]} command             [executable, ...args], run from ROOT
 * @property {number} port
 * @property {Record<string, string>} env   variables set on top of the parent's environment
 * @property {string} [readyPath]           HTTP path that answers 200 once the process is ready
 */

/**
 * Every process of the stack, in start order: helpers, then each service's API and worker, then
 * the gateway.
 * @param {StackContext} ctx
 * @returns {StackProcess[]}
 */
export function stackProcesses(ctx) {
  /** @type {StackProcess[]} */
  const list = [];
  for (const helper of HELPERS) {
    if (helper.enabled && !helper.enabled(ctx.env)) continue;
    const mainPort = helper.ready?.port ?? Object.keys(helper.ports)[0];
    list.push({
      name: helper.name,
      kind: 'helper',
      entry: helper.entry,
      command: helper.command(ctx),
      port: ctx.ports[mainPort],
      env: helper.env ? helper.env(ctx) : {},
      readyPath: helper.ready?.path,
    });
  }
  for (const service of SERVICES) {
    /** @type {Record<string, string>} */
    const own = {};
    for (const [key, value] of Object.entries(SERVICE_ENV[service.name] ?? {})) {
      const resolved = value(ctx);
      if (resolved !== undefined) own[key] = resolved;
    }
    const kinds = service.worker ? /** @type {const} */ (['api', 'worker']) : /** @type {const} */ (['api']);
    for (const kind of kinds) {
      const file = kind === 'api' ? 'server' : 'worker';
      const name = kind === 'api' ? service.name : `${service.name}-worker`;
      const entry = `services/${service.name}/dist/${file}.js`;
      list.push({
        name,
        kind,
        service: service.name,
        entry,
        source: `services/${service.name}/src/${file}.ts`,
        command: ['node', entry],
        port: ctx.ports[name],
        env: { ...sharedEnv(ctx), ...own, PORT: String(ctx.ports[name]) },
        readyPath: kind === 'api' ? '/readyz' : undefined,
      });
    }
  }
  const gatewayEntry = `services/${GATEWAY.name}/dist/server.js`;
  list.push({
    name: GATEWAY.name,
    kind: 'gateway',
    service: GATEWAY.name,
    entry: gatewayEntry,
    source: `services/${GATEWAY.name}/src/server.ts`,
    command: ['node', gatewayEntry],
    port: ctx.ports[GATEWAY.name],
    env: gatewayEnv(ctx),
    readyPath: '/readyz',
  });
  return list;
}

/** The entry point that runs any set of targets in one process (services/nashr). */
export const ONE_PROCESS_ENTRY = 'services/nashr/dist/main.js';

/** The runtime's name of what a process of the per-target layout runs: `posts-api`, `posts-worker`, `gateway`. */
export function targetOf(/** @type {StackProcess} */ proc) {
  return proc.kind === 'api' ? `${proc.service}-api` : proc.name;
}

/**
 * The same stack as one process: the helpers as they are, and one `nashr` process running the
 * targets of every other process (NASHR_TARGETS). It gets every service's variables; the gateway's
 * HOST and PORT are its own, and each API listens on 127.0.0.1 at its `<NAME>_PORT`, where the
 * gateway's `<NAME>_URL` already points.
 * @param {StackProcess[]} list
 * @returns {StackProcess[]}
 */
export function asOneProcess(list) {
  const helpers = list.filter((p) => p.kind === 'helper');
  const parts = list.filter((p) => p.kind !== 'helper');
  const gateway = parts.find((p) => p.kind === 'gateway');
  if (!gateway) throw new Error('a stack in one process needs its gateway');
  /** @type {Record<string, string>} */
  const env = {};
  for (const p of parts) if (p.kind !== 'gateway') Object.assign(env, p.env);
  for (const p of parts) if (p.kind === 'api') env[`${String(p.service).toUpperCase()}_PORT`] = String(p.port);
  Object.assign(env, gateway.env, { NASHR_TARGETS: parts.map(targetOf).join(',') });
  return [
    ...helpers,
    {
      name: 'nashr',
      kind: 'gateway',
      service: 'nashr',
      entry: ONE_PROCESS_ENTRY,
      source: 'services/nashr/src/main.ts',
      command: ['node', ONE_PROCESS_ENTRY],
      port: gateway.port,
      env,
      readyPath: '/readyz',
    },
  ];
}

/**
 * A context with placeholder values, for checks that need the shape of the stack but run nothing.
 * @param {Partial<StackContext>} [overrides]
 * @returns {StackContext}
 */
export function exampleContext(overrides = {}) {
  return {
    databaseUrl: 'postgres://postgres@127.0.0.1:54329/nashr',
    redisUrl: 'redis://127.0.0.1:56379',
    redisPrefix: 'nashr',
    secrets: {
      INTERNAL_SECRET: 'example-internal-secret-0123456789',
      COOKIE_SECRET: 'example-cookie-secret-0123456789abcdef',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
    publicUrl: 'http://localhost:8080',
    ports: defaultPorts(),
    env: {},
    ...overrides,
  };
}

/** Whether a process's built entry exists (`npm start` skips workers and helpers that are not). */
export function isBuilt(/** @type {StackProcess} */ proc) {
  return proc.entry === undefined || existsSync(join(ROOT, proc.entry));
}
