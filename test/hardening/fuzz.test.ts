/**
 * Property-based tests over every public route of every service, with hostile bodies, query
 * strings, headers and path parameters. Each answer must be below 500, every refusal a JSON
 * `{ success: false, message }` with a readable message, and a refused write must leave every
 * table of the service exactly as it was. Routes are the ones each service's `buildApp`
 * registers (the platform records them with an onRoute hook), checked against the gateway's
 * route table.
 *
 * FUZZ_RUNS (default 100) sets the runs per route; FUZZ_SEED replays a failing run.
 */
import type { Identity } from '@nashr/contracts';
import { ROUTE_TABLE } from '@nashr/gateway';
import { identityHeaders, type ServiceApp } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { SERVICES, type ServiceName, startStack } from '@nashr/tools/in-process-stack';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type Answer, fromInject, problemWith } from './support/answers.js';
import {
  deepJson,
  encode,
  hostileBody,
  hostileHeaders,
  hostileQuery,
  hostileSegment,
  type Payload,
  polluted,
  TAINTS,
  taintedVariants,
} from './support/hostile.js';
import { type Known, knownSegments, QUERY_NAMES, seedBody } from './support/route-seeds.js';
import { publicRoutesOf, type ServiceRoute } from './support/routes.js';

// Knobs for a person replaying a failure; vitest runs these tests directly, not through turbo.
const { FUZZ_RUNS, FUZZ_SEED } = process.env;
const RUNS = Number(FUZZ_RUNS ?? 100);
const SEED = FUZZ_SEED ? Number(FUZZ_SEED) : undefined;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Reads that keep one thing by design: Engage's feed, asked for with `?lang=`, remembers that
 * language for the suggestions written next. Checked as a write (a refused one changes nothing),
 * since a hostile query that happens to hold a valid `lang` stores it.
 */
const RECORDING_READS = new Set(['GET /api/v1/engage/feed']);

const starting = startStack({ gateway: true });
afterAll(async () => (await starting).close());
const stack = await starting;

const alice = testIdentity(['user']);
const bob = testIdentity(['user']);
const admin = testIdentity(['user', 'admin']);

async function call(service: ServiceName, who: Identity, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await stack.apps[service].inject({
    method,
    url,
    headers: identityHeaders(who, TEST_INTERNAL_SECRET),
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Real data first, through the routes: a pending sign-in of Alice's, Bob's connected account, a post each. */
async function createKnownData(): Promise<Known> {
  const pending = await call('linkedin', alice, 'POST', '/api/v1/linkedin/accounts', {
    username: '2fa@sandbox.test',
    password: 'any password',
  });
  const connected = await call('linkedin', bob, 'POST', '/api/v1/linkedin/accounts', {
    username: 'bob@sandbox.test',
    password: 'any password',
  });
  const schedule = (who: Identity) =>
    call('posts', who, 'POST', '/linkedln/saveSchedulePost', {
      userId: who.userId,
      content: `A scheduled post of ${who.email}`,
      date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      time: '11:00 AM',
      status: 'scheduled',
      timeZone: 'Asia/Riyadh',
    });
  return {
    userId: alice.userId,
    otherUserId: bob.userId,
    accountId: pending.data.account_id,
    otherAccountId: connected.data.account_id,
    postId: (await schedule(alice)).data.id,
    otherPostId: (await schedule(bob)).data.id,
  };
}
const known = await createKnownData();

type Who = 'alice' | 'admin' | 'anonymous' | 'forged' | 'garbage';

function identityFor(who: Who): Record<string, string> {
  switch (who) {
    case 'alice':
      return identityHeaders(alice, TEST_INTERNAL_SECRET);
    case 'admin':
      return identityHeaders(admin, TEST_INTERNAL_SECRET);
    case 'anonymous':
      return { 'x-internal-secret': TEST_INTERNAL_SECRET };
    case 'forged':
      // Identity headers without the gateway's secret: what a caller bypassing the gateway sends.
      return { ...identityHeaders(admin, 'not-the-secret-000000000'), 'x-user-roles': 'admin' };
    case 'garbage':
      return {
        'x-internal-secret': TEST_INTERNAL_SECRET,
        'x-user-id': 'not-a-uuid',
        'x-user-email': 'nobody',
        'x-user-roles': 'root,admin',
      };
  }
}

interface HostileRequest {
  path: string;
  query: string;
  headers: Record<string, string>;
  who: Who;
  payload: Payload;
}

function requests(route: ServiceRoute): fc.Arbitrary<HostileRequest> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const segments = knownSegments(known);
  const path = fc
    .tuple(...names.map(() => hostileSegment(segments)))
    .map((values) => values.reduce<string>((url, value, i) => url.replace(`:${names[i]}`, value), route.url));
  return fc.record({
    path: names.length ? path : fc.constant(route.url),
    query: hostileQuery(QUERY_NAMES),
    headers: hostileHeaders,
    who: fc.constantFrom<Who>('alice', 'alice', 'alice', 'admin', 'admin', 'anonymous', 'forged', 'garbage'),
    payload: WRITE_METHODS.has(route.method)
      ? hostileBody(seedBody(route.method, route.url, known))
      : fc.constant<Payload>({}),
  });
}

/** Admin routes are called as the admin, the rest as Alice, so every example reaches the handler. */
const ownerOf = (route: ServiceRoute): Who => (/\/admin\/|save_content/.test(route.url) ? 'admin' : 'alice');

/** Alice's own real id for each path parameter, so examples get past the ownership checks. */
function ownPath(route: ServiceRoute): string {
  return route.url
    .replace(':accountId', known.accountId)
    .replace(':userId', known.userId)
    .replace(':blockName', 'hero')
    .replace(':publicKey', 'sandbox-key')
    .replace(':id', route.url.startsWith('/linkedln/') ? known.userId : known.postId);
}

/**
 * Requests every route gets before the random ones, as its owner: each text field of a valid
 * body tainted in turn (NUL, lone surrogate, RTL override...), pollution keys, nesting far
 * deeper than any real body, and the valid body in the wrong shape.
 */
function examples(route: ServiceRoute): HostileRequest[] {
  if (!WRITE_METHODS.has(route.method)) return [];
  const seed = seedBody(route.method, route.url, known) ?? { data: 'x' };
  const json = (value: unknown): Payload => ({ body: JSON.stringify(value), contentType: 'application/json' });
  const bodies: Payload[] = [
    ...TAINTS.flatMap((taint) => taintedVariants(seed, taint).map(json)),
    json(polluted(seed, '__proto__', { admin: true })),
    json(polluted(seed, 'constructor', { prototype: { admin: true } })),
    json([seed]),
    json(Object.fromEntries(Object.keys(seed).map((k) => [k, { length: 1e9 }]))),
    { body: deepJson(300_000, 'array'), contentType: 'application/json' },
    { body: deepJson(100_000, 'object'), contentType: 'application/json' },
    ...Object.keys(seed).map((key) => ({
      body: `{${JSON.stringify(key)}:${deepJson(200_000, 'array')}}`,
      contentType: 'application/json',
    })),
  ];
  return bodies.map((payload) => ({ path: ownPath(route), query: '', headers: {}, who: ownerOf(route), payload }));
}

/** Routes that are pages a browser opens (the offline payments' checkout and portal). */
const BROWSER_PAGES = /^\/api\/v1\/billing\/test-payments\//;

/** A browser page asked for as HTML: its refusal is a page too (a 4xx in HTML), not JSON. */
const isRefusedPage = (path: string, accept: unknown, answer: Answer) =>
  BROWSER_PAGES.test(path) &&
  String(accept ?? '').includes('text/html') &&
  answer.status >= 400 &&
  answer.status < 500 &&
  Boolean(answer.contentType?.startsWith('text/html'));

/** The newest error the services logged, to say why a request failed. */
function lastLoggedError(): string {
  const line = stack
    .logs()
    .filter((l) => l.includes('"level":50'))
    .at(-1);
  if (!line) return '';
  const { err } = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
  return `\n  logged: ${err?.type}: ${err?.message?.slice(0, 300)}\n${err?.stack?.split('\n').slice(1, 6).join('\n')}`;
}

/** Shortens a failing request for the report: bodies can be a megabyte. */
const describeRequest = (route: ServiceRoute, r: HostileRequest) =>
  `${route.method} ${r.path.slice(0, 200)}${r.query.slice(0, 200)} as ${r.who} body=${(r.payload.body ?? '(none)').slice(0, 300)}`;

async function fuzzRoute(service: ServiceName, app: ServiceApp, route: ServiceRoute): Promise<void> {
  const writes = WRITE_METHODS.has(route.method) || RECORDING_READS.has(`${route.method} ${route.url}`);
  const before = await stack.snapshot([service]);
  await fc.assert(
    fc.asyncProperty(requests(route), async (r) => {
      const headers = { ...r.headers, ...identityFor(r.who) };
      if (r.payload.contentType) headers['content-type'] = r.payload.contentType;
      const snapshot = writes ? await stack.snapshot([service]) : null;
      const res = await app.inject({
        method: route.method as 'GET',
        url: `${r.path}${r.query}`,
        headers,
        ...(r.payload.body === undefined ? {} : { payload: r.payload.body }),
      });
      const answer = fromInject(res, route.method);
      const problem = isRefusedPage(route.url, headers.accept, answer) ? null : problemWith(answer);
      if (problem) throw new Error(`${problem}\n  request: ${describeRequest(route, r)}${lastLoggedError()}`);
      if (snapshot && res.statusCode >= 400) {
        const after = await stack.snapshot([service]);
        if (JSON.stringify(after) !== JSON.stringify(snapshot)) {
          throw new Error(
            `a refused request (${res.statusCode}) changed stored data\n  request: ${describeRequest(route, r)}`,
          );
        }
      }
    }),
    {
      numRuns: RUNS,
      examples: examples(route).map((r) => [r] as [HostileRequest]),
      ...(SEED === undefined ? {} : { seed: SEED }),
    },
  );
  // Reads never write, whatever they were sent.
  if (!writes) expect(await stack.snapshot([service])).toEqual(before);
}

describe('the route inventory', () => {
  it('every public path of the gateway reaches a service route, and every service route is public', () => {
    const patternOf = (path: string) =>
      new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.+')}$`);
    for (const service of SERVICES) {
      const routes = publicRoutesOf(stack.apps[service]);
      expect(routes.length, service).toBeGreaterThan(0);
      const entries = ROUTE_TABLE.filter((e) => e.service === service);
      for (const route of routes) {
        const sample = route.url.replace(/:\w+/g, 'x');
        const owner = ROUTE_TABLE.find((e) => patternOf(e.path).test(sample));
        expect(owner?.service, `${route.method} ${route.url} is not routed to ${service} by the gateway`).toBe(service);
      }
      for (const entry of entries) {
        const served = routes.some((r) => patternOf(entry.path).test(r.url.replace(/:\w+/g, 'x')));
        expect(served, `the gateway sends ${entry.path} to ${service}, which has no route there`).toBe(true);
      }
    }
  });
});

for (const service of SERVICES) {
  describe(`${service}: hostile input`, () => {
    for (const route of publicRoutesOf(stack.apps[service])) {
      it(`${route.method} ${route.url}`, { timeout: 120_000 }, () => fuzzRoute(service, stack.apps[service], route));
    }
  });
}

describe('gateway: hostile input', () => {
  const adminOnly = [/^\/content\/[^/]+\/save_content\/?$/, /^\/api\/v1\/ai\/admin\//];
  const gatewayPaths = ROUTE_TABLE.map((e) => e.path);

  it('never fails, never lets a forged identity through, and refuses admin writes without an admin session', {
    timeout: 120_000,
  }, async () => {
    const aliceCookie = await stack.cookieFor(alice);
    const before = await stack.snapshot(['content', 'ai']);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          template: fc.constantFrom(...gatewayPaths, '/api/v1/unknown', '/content', '/linkedln/*'),
          segment: hostileSegment([...knownSegments(known), 'hero/save_content/', 'admin/credits/x']),
          method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
          query: hostileQuery(QUERY_NAMES),
          headers: hostileHeaders,
          cookie: fc.constantFrom('none', 'garbage', 'alice', 'unsigned', 'wrong-secret'),
          spoof: fc.boolean(),
          origin: fc.constantFrom(undefined, 'http://localhost:8080', 'https://evil.example', 'null'),
          payload: hostileBody(),
        }),
        async (r) => {
          const headers: Record<string, string> = { ...r.headers };
          if (r.cookie === 'alice') headers.cookie = aliceCookie;
          if (r.cookie === 'unsigned') headers.cookie = `sid=${'a'.repeat(43)}`;
          if (r.cookie === 'wrong-secret') headers.cookie = `sid=${'a'.repeat(43)}.${'b'.repeat(43)}`;
          if (r.cookie === 'none') delete headers.cookie;
          if (r.spoof) Object.assign(headers, identityHeaders(admin, TEST_INTERNAL_SECRET));
          if (r.origin) headers.origin = r.origin;
          if (r.payload.contentType) headers['content-type'] = r.payload.contentType;
          const path = r.template.replace('*', r.segment);
          const res = await stack.gateway!.inject({
            method: r.method as 'GET',
            url: `${path}${r.query}`,
            headers,
            ...(r.payload.body === undefined || r.method === 'GET' || r.method === 'HEAD'
              ? {}
              : { payload: r.payload.body }),
          });
          const context = `${r.method} ${path.slice(0, 200)}${r.query.slice(0, 200)} cookie=${r.cookie} spoof=${r.spoof} origin=${r.origin} headers=${JSON.stringify(r.headers).slice(0, 300)} body=${(r.payload.body ?? '(none)').slice(0, 200)}`;
          const answer = fromInject(res, r.method);
          const problem = isRefusedPage(path, headers.accept, answer) ? null : problemWith(answer);
          if (problem) throw new Error(`${problem}\n  request: ${context}`);
          const adminPath = adminOnly.some((p) => p.test(path.split('?')[0] ?? ''));
          if (adminPath && res.statusCode < 300 && r.method !== 'HEAD' && r.method !== 'OPTIONS') {
            throw new Error(
              `an admin route answered ${res.statusCode} without an admin session\n  request: ${context}`,
            );
          }
        },
      ),
      { numRuns: RUNS * 4, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    expect(await stack.snapshot(['content', 'ai'])).toEqual(before);
  });

  it('answers malformed paths with a JSON refusal, not a stack trace', async () => {
    for (const url of [
      '/api/v1/%',
      '/content/%E0%A4%A',
      `/api/v1/posts/${encode('\u0000')}`,
      `/${'a'.repeat(10_000)}`,
    ]) {
      const res = await stack.gateway!.inject({ method: 'GET', url });
      expect(problemWith(fromInject(res)), url.slice(0, 100)).toBeNull();
    }
  });

  it('answers requests Node refuses before Fastify sees them (oversized headers) in the same shape', async () => {
    // Over the gateway's own socket: Node's 16 KB header limit.
    const direct = await fetch(`${stack.gatewayUrl}/content/hero`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    const directBody = await direct.text();
    expect(direct.status).toBe(431);
    expect(
      problemWith({ status: 431, contentType: direct.headers.get('content-type') ?? undefined, body: directBody }, []),
    ).toBeNull();
    // Past the gateway, refused by the service it forwards to: the answer passes through unchanged.
    const forwarded = await stack.gateway!.inject({ method: 'GET', url: `/api/v1/auth/me?q=${'a'.repeat(20_000)}` });
    expect(forwarded.statusCode).toBe(431);
    expect(problemWith(fromInject(forwarded))).toBeNull();
  });
});
