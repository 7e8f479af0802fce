import { randomBytes } from 'node:crypto';
import { configSchema as aiConfigSchema, schema as aiSchema, buildApp as buildAiApp } from '@nashr/ai';
import { configSchema as authConfigSchema, schema as authSchema, buildApp as buildAuthApp } from '@nashr/auth';
import {
  configSchema as billingConfigSchema,
  schema as billingSchema,
  buildApp as buildBillingApp,
} from '@nashr/billing';
import { buildApp as buildContentApp, schema as contentSchema } from '@nashr/content';
import { API, API_CATALOGUE, OPS_AUDIT_RECORD_PATH, routerPathOf } from '@nashr/contracts';
import { buildApp as buildEngageApp, configSchema as engageConfigSchema, schema as engageSchema } from '@nashr/engage';
import {
  buildApp as buildLinkedinApp,
  configSchema as linkedinConfigSchema,
  schema as linkedinSchema,
  SandboxProvider,
} from '@nashr/linkedin';
import { createDatabase, Queues, type ServiceApp } from '@nashr/platform';
import {
  createCapturingLogger,
  createTestDatabase,
  createTestRedis,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  type TestRedis,
} from '@nashr/platform/testing';
import { buildApp as buildPostsApp, configSchema as postsConfigSchema, schema as postsSchema } from '@nashr/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { ROUTE_TABLE, type ServiceName, UNDOCUMENTED_FORWARDS } from './route-table.js';
import {
  buildOpenApiDocument,
  DOCS_PATH,
  DOCS_SCRIPT_PATH,
  OPENAPI_PATH,
  type OpenApiDocument,
} from './routes/openapi.js';
import { QUEUE_BOARD_PATH } from './routes/queue-board.js';

/**
 * Routes a service registers that are not part of the public API, each with the reason. Anything
 * else a service registers must be in the catalogue.
 */
const INTERNAL_ROUTES: { method: string; path: string; why: string }[] = [
  { method: 'GET', path: '/healthz', why: 'liveness for orchestrators; the gateway does not forward it' },
  { method: 'GET', path: '/readyz', why: 'readiness for orchestrators; the gateway does not forward it' },
  { method: 'GET', path: '/metrics', why: 'behind the internal secret; admins read it through /api/v1/ops/metrics' },
  {
    method: 'POST',
    path: OPS_AUDIT_RECORD_PATH,
    why: "the gateway's record of a change on the queue board; outside /api/v1, so never forwarded",
  },
  {
    method: 'GET',
    path: '/api/v1/linkedin/sandbox/captcha/:publicKey/api.js',
    why: "the sandbox provider's stand-in for the network's CAPTCHA script (NETWORK_PROVIDER=sandbox only)",
  },
  {
    method: 'GET',
    path: '/api/v1/linkedin/sandbox/images/:postId/:position',
    why: "the sandbox network's stand-in for the network's image servers: its published posts' images (NETWORK_PROVIDER=sandbox only)",
  },
];

/** Routes the gateway serves itself that are not API operations. */
const GATEWAY_INTERNAL: { method: string; prefix: string; why: string }[] = [
  { method: 'GET', prefix: DOCS_SCRIPT_PATH, why: 'the script of the reference page' },
  { method: '*', prefix: `${QUEUE_BOARD_PATH}/`, why: "Bull Board's own files and API, behind the same admin guard" },
  { method: 'GET', prefix: '/', why: 'the web app (with WEB_DIST), its files and page routes' },
];

interface Registered {
  method: string;
  path: string;
}

/** The routes an app registered (recorded by createServiceApp), without the HEAD twins of GETs. */
function registeredRoutes(app: ServiceApp): Registered[] {
  return app
    .registeredRoutes()
    .filter((route) => route.method !== 'HEAD')
    .map((route) => ({ method: route.method, path: route.url }));
}

/** `/posts/{id}/` → `/posts/:id`: the router's form, without the trailing slash it ignores. */
const routerPath = (path: string) => routerPathOf(path).replace(/(.)\/$/, '$1');

/** A value deep inside the JSON document, or undefined. */
function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

/** Which ROUTE_TABLE entry the gateway forwards a path to: the exact path, else the longest prefix. */
function tableEntryFor(path: string) {
  const exact = ROUTE_TABLE.find((entry) => entry.path === path);
  if (exact) return exact;
  return ROUTE_TABLE.filter((entry) => entry.path.endsWith('/*') && path.startsWith(entry.path.slice(0, -1))).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

const { logger } = createCapturingLogger();
let testDb: TestDatabase;
let redis: TestRedis;
const closers: (() => Promise<unknown>)[] = [];
const apps = {} as Record<ServiceName, ServiceApp>;
let gateway: ServiceApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  redis = await createTestRedis();
  // Building an app registers its routes without touching the database: no migrations needed.
  const env = {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    COOKIE_SECRET: 'c'.repeat(40),
    DATABASE_URL: testDb.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const database = <S extends Record<string, unknown>>(schema: S) => {
    const db = createDatabase({ url: testDb.url, schema });
    closers.push(db.close);
    return db;
  };
  const queues = new Queues({ connection: redis.redis, prefix: redis.prefix }, logger);
  closers.push(() => queues.close());

  apps.content = buildContentApp({ config: env, logger, database: database(contentSchema) });
  apps.billing = buildBillingApp({
    config: billingConfigSchema.parse(env),
    logger,
    database: database(billingSchema),
    queues,
  });
  apps.engage = buildEngageApp({
    config: engageConfigSchema.parse(env),
    logger,
    database: database(engageSchema),
    queues,
    redis: { connection: redis.redis, prefix: redis.prefix },
  });
  apps.auth = await buildAuthApp({
    config: authConfigSchema.parse(env),
    logger,
    database: database(authSchema),
    redis: redis.redis,
  });
  const linkedinDb = database(linkedinSchema);
  apps.linkedin = buildLinkedinApp({
    config: linkedinConfigSchema.parse(env),
    logger,
    database: linkedinDb,
    redis: redis.redis,
    queues,
    provider: new SandboxProvider(linkedinDb.db),
  });
  apps.posts = buildPostsApp({
    config: postsConfigSchema.parse(env),
    logger,
    database: database(postsSchema),
    queues,
    redis: redis.redis,
  });
  apps.ai = buildAiApp({ config: aiConfigSchema.parse(env), logger, database: database(aiSchema) });
  await Promise.all(Object.values(apps).map((app) => app.ready()));

  gateway = await buildApp({
    config: configSchema.parse({ ...env, PUBLIC_URL: 'https://nashr.example' }),
    logger,
    redis: redis.redis,
  });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(Object.values(apps).map((app) => app.close()));
  for (const close of closers) await close();
  await redis?.cleanup();
  await testDb?.drop();
});

const document = buildOpenApiDocument();
const services = [...new Set(API_CATALOGUE.map((r) => r.owner))].filter((s): s is ServiceName => s !== 'gateway');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per catalogue entry, each with a unique id', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((ops) => Object.values(ops));
    expect(operations).toHaveLength(API_CATALOGUE.length);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares every path parameter, and nothing else as one', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const op of Object.values(operations)) {
        const declared = ((op.parameters as { name: string; in: string }[] | undefined) ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(declared, `${path}`).toEqual(inPath);
      }
    }
  });

  it('describes bodies and answers from the zod schemas, with the shared error shape', () => {
    const schedule = document.paths[API.posts.schedule.path]?.post;
    const json = ['content', 'application/json', 'schema'];
    expect(Object.keys(at(schedule, 'requestBody', ...json, 'properties') as object)).toEqual(
      expect.arrayContaining(['userId', 'content', 'date', 'time', 'timeZone']),
    );
    expect(at(schedule, 'responses', '201', ...json, 'properties', 'data', 'properties', 'scheduledAt')).toEqual({
      type: 'string',
    });
    expect(at(schedule, 'responses', '401', ...json)).toEqual({ $ref: '#/components/schemas/Error' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['success', 'code', 'message'] });
    const save = document.paths['/content/{blockName}/save_content/']?.post;
    expect(at(save, 'x-access')).toBe('admin');
    expect(Object.keys(at(save, 'responses') as object)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409']),
    );
  });

  it("lists each error answer's codes: the catalogue's own and those every route of its kind can answer", () => {
    const save = document.paths['/content/{blockName}/save_content/']?.post;
    expect(at(save, 'responses', '409', 'x-error-codes')).toEqual(['content.stale']);
    expect(at(save, 'responses', '403', 'x-error-codes')).toEqual(['auth.forbidden']);
    expect(at(save, 'responses', '400', 'x-error-codes')).toEqual(['request.invalid']);
    expect(at(save, 'responses', '409', 'description')).toContain('`content.stale`');
    const schedule = document.paths[API.posts.schedule.path]?.post;
    expect(at(schedule, 'responses', '400', 'x-error-codes')).toEqual(
      expect.arrayContaining(['request.invalid', 'post.fill_all_fields', 'post.too_long']),
    );
    // Acting in a workspace, it may also wait in vain for the copy of the members to catch up.
    expect(at(schedule, 'responses', '503', 'x-error-codes')).toEqual(['consistency.pending', 'service.unavailable']);
    // Every error answer of every operation names its codes.
    for (const operations of Object.values(document.paths)) {
      for (const op of Object.values(operations)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, object>)) {
          if (Number(status) >= 400) {
            expect(
              (response as { 'x-error-codes'?: string[] })['x-error-codes'],
              `${op.operationId} ${status}`,
            ).not.toEqual([]);
          }
        }
      }
    }
  });

  it('describes the Nashr-Workspace header, and its refusals, on every call that acts in a workspace', () => {
    const acting = API_CATALOGUE.filter((route) => route.workspace);
    expect(acting.length).toBeGreaterThan(0);
    for (const route of API_CATALOGUE) {
      const op = document.paths[route.path]?.[route.method.toLowerCase()];
      const header = ((op?.parameters as { name: string; in: string; description: string }[] | undefined) ?? []).find(
        (p) => p.in === 'header' && p.name === 'Nashr-Workspace',
      );
      const where = `${route.method} ${route.path}`;
      if (!route.workspace) {
        expect(header, where).toBeUndefined();
        continue;
      }
      expect(header?.description, where).toContain(`\`${route.workspace}\``);
      expect(at(op, 'responses', '404', 'x-error-codes'), where).toContain('workspace.not_found');
      expect(at(op, 'responses', '403', 'x-error-codes'), where).toContain('workspace.role_too_low');
      expect(at(op, 'responses', '400', 'x-error-codes'), where).toContain('workspace.header_invalid');
    }
    // Reading the calendar needs a viewer; scheduling an editor.
    expect(API_CATALOGUE.find((r) => r.path === '/api/v1/posts' && r.method === 'GET')?.workspace).toBe('viewer');
    expect(API_CATALOGUE.find((r) => r.path === API.posts.schedule.path)?.workspace).toBe('editor');
  });
});

describe('the catalogue is what the gateway and the services serve', () => {
  it('documents at least one path behind every entry of the gateway route table', () => {
    for (const entry of ROUTE_TABLE.filter((e) => !UNDOCUMENTED_FORWARDS.includes(e))) {
      const covered = API_CATALOGUE.filter((route) => tableEntryFor(route.path) === entry);
      expect(covered.length, `${entry.path} has no documented route`).toBeGreaterThan(0);
      for (const route of covered) expect(route.owner, `${route.method} ${route.path}`).toBe(entry.service);
    }
  });

  it('routes every catalogue path to the service that owns it, and the real gateway forwards it', async () => {
    for (const route of API_CATALOGUE.filter((r) => r.owner !== 'gateway')) {
      expect(tableEntryFor(route.path)?.service, `${route.method} ${route.path}`).toBe(route.owner);
      // The services are not listening here: a forwarded call answers 503, an unrouted one 404.
      const url = route.path.replace(/\{\w+\}/g, 'x');
      const res = await gateway.inject({ method: route.method, url, headers: { origin: 'https://nashr.example' } });
      expect(res.json().code, `${route.method} ${url}`).not.toBe('route.not_found');
    }
  });

  it.each(services)(
    '%s: every route it registers is in the catalogue (or on the internal list), and every entry is served',
    (service) => {
      const registered = registeredRoutes(apps[service]).filter(
        (r) => !INTERNAL_ROUTES.some((i) => i.method === r.method && i.path === routerPath(r.path)),
      );
      const documented = API_CATALOGUE.filter((r) => r.owner === service).map((r) => ({
        method: r.method as string,
        path: routerPath(r.path),
      }));
      const key = (r: Registered) => `${r.method} ${routerPath(r.path)}`;
      expect(registered.map(key).sort()).toEqual(documented.map(key).sort());
    },
  );

  it('serves every documented gateway route from the gateway itself, and documents its own routes', () => {
    const own = API_CATALOGUE.filter((r) => r.owner === 'gateway');
    for (const route of own) {
      expect(tableEntryFor(route.path), route.path).toBeUndefined();
      expect(gateway.hasRoute({ method: route.method, url: routerPath(route.path) }), route.path).toBe(true);
    }
    const forwarded = new Set(ROUTE_TABLE.map((entry) => entry.path));
    const undocumented = registeredRoutes(gateway).filter(
      (r) =>
        !forwarded.has(r.path) &&
        !INTERNAL_ROUTES.some((i) => i.method === r.method && i.path === r.path) &&
        !own.some((d) => d.method === r.method && routerPath(d.path) === routerPath(r.path)) &&
        !GATEWAY_INTERNAL.some(
          (i) => (i.method === '*' || i.method === r.method) && (r.path === i.prefix || r.path.startsWith(i.prefix)),
        ),
    );
    expect(undocumented).toEqual([]);
  });
});

describe('serving the document', () => {
  it('answers /api/v1/openapi.json with the document, the public URL as its server', async () => {
    const res = await gateway.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const served = res.json() as OpenApiDocument;
    expect(served.servers).toEqual([{ url: 'https://nashr.example' }]);
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys(document.paths).sort());
  });

  it('answers /api/v1/docs with a page that loads only same-origin files, under the strict CSP', async () => {
    const page = await gateway.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`<script src="${DOCS_SCRIPT_PATH}"></script>`);
    // No CDN: every src and href is a path on this site (or a fragment).
    const urls = [...page.body.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(urls.filter((url) => !url.startsWith('/') && !url.startsWith('#'))).toEqual([]);
    const script = await gateway.inject({ method: 'GET', url: DOCS_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain(OPENAPI_PATH);
    expect(script.body).not.toMatch(/innerHTML|eval\(|new Function/);
  });
});
