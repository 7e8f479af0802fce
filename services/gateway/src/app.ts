import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyReplyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import {
  COMMON_ERROR_CODES,
  CONTENT_SAVE_PATH,
  LANGUAGE_COOKIE,
  SESSION_COOKIE,
  TIME_ZONE_COOKIE,
} from '@nashr/contracts';
import {
  ApiTokenStore,
  AppError,
  createServiceApp,
  type Logger,
  Queues,
  type ReadinessCheck,
  type Redis,
  type ServiceApp,
  SessionStore,
  sendNotFound,
  waitForRedis,
} from '@nashr/platform';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { bearerOf, TokenRateLimiter } from './api-tokens.js';
import { AppScreens } from './app-screen.js';
import { refuseAnnouncedOversize } from './body-limit.js';
import type { Config } from './config.js';
import { IdentityCache } from './identity-cache.js';
import { LandingPage } from './landing-page.js';
import { compressed, pickEncoding, readIndexHtml } from './page-template.js';
import { isApiPath, SAFE_METHODS, serviceUrls } from './route-table.js';
import { mcpRoutes } from './routes/mcp.js';
import { openApiRoutes } from './routes/openapi.js';
import { opsMetricsRoutes } from './routes/ops-metrics.js';
import { proxyRoutes } from './routes/proxy.js';
import { queueBoardRoutes } from './routes/queue-board.js';

/** Screens rendered for a visitor without a session too, signed out: each shows the same to all. */
const VISITOR_SCREENS = new Set(['/signup', '/terms', '/privacy']);

export interface GatewayDeps {
  config: Config;
  logger: Logger;
  redis: Redis;
  /** Workers running in the same process: `/readyz` says which one failed. */
  otherParts?: ReadinessCheck[];
}

const READINESS_TIMEOUT_MS = 2000;

async function serviceReady(name: string, url: string): Promise<void> {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(`${name}: ${body.message ?? `answered ${res.status}`}`);
  }
}

/**
 * The headers @fastify/helmet sets with `options`, worked out once on a throwaway instance: the
 * plugin rebuilds helmet's middleware (parsing the CSP directives again) on every request, for
 * headers that never change.
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', (_request, reply) => reply.send(''));
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const notHelmets = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers).filter(
      (entry): entry is [string, string] => !notHelmets.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

/** The language the visitor chose (the `lang` cookie the web app sets); Arabic by default. */
const languageOf = (request: FastifyRequest) => (request.cookies[LANGUAGE_COOKIE] === 'en' ? 'en' : 'ar');

export async function buildApp({ config, logger, redis, otherParts = [] }: GatewayDeps): Promise<ServiceApp> {
  const webDist = config.WEB_DIST ? resolve(config.WEB_DIST) : undefined;
  const serveWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  const urls = serviceUrls(config);
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const production = config.NODE_ENV === 'production';

  /** Signed-in screens rendered here (app-screen.ts), once the web build is known to have the renderer. */
  let screens: AppScreens | undefined;

  /**
   * A signed-in visitor's screen rendered to HTML with its data, when it can be: the request has a
   * session (or the screen is sign-in or a legal page, rendered signed out, so the browser need not
   * ask who the visitor is and see a 401), and the language and time zone the browser keeps
   * for the gateway (web/src/app-ssr).
   * The renderer's API reads come back in here as the visitor's own requests.
   */
  const renderScreen = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (!screens || request.method !== 'GET' || /\.\w+$/.test(path)) return undefined;
    if (!request.cookies[LANGUAGE_COOKIE]) return undefined;
    if (!request.cookies[SESSION_COOKIE] && !VISITOR_SCREENS.has(path)) return undefined;
    return screens.render({
      url: request.url,
      lang: languageOf(request),
      timeZone: request.cookies[TIME_ZONE_COOKIE],
      cookie: request.headers.cookie,
      acceptEncoding: request.headers['accept-encoding'],
      read: async ({ method, path, headers, body }) => {
        const answer = await app.inject({
          method,
          url: path,
          headers: { ...headers, cookie: request.headers.cookie ?? '' },
          payload: body,
          remoteAddress: request.ip,
        });
        return { status: answer.statusCode, body: answer.body };
      },
    });
  };

  // index.html carries the installation's settings (the contact address, a demo's band), so it is
  // served from memory, compressed once, rather than as the file.
  const installation = { demo: config.NASHR_DEMO, contactEmail: config.CONTACT_EMAIL };
  const index = serveWeb && webDist ? await compressed(await readIndexHtml(webDist, installation)) : undefined;
  const sendIndex = (reply: FastifyReply) => {
    if (!index) return reply.type('text/html').sendFile('index.html');
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? index[encoding] : index.raw);
  };

  /** Page routes get the web app (its router shows Page Not Found); API paths get JSON 404. */
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    if (serveWeb && !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      const screen = await renderScreen(request);
      if (screen) {
        // The visitor's own data: never kept by a shared cache.
        reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie');
        reply.header('server-timing', screen.serverTiming);
        if (screen.encoding) reply.header('content-encoding', screen.encoding);
        return reply.type('text/html; charset=utf-8').send(screen.body);
      }
      return sendIndex(reply.header('cache-control', 'no-cache'));
    }
    return sendNotFound(request, reply);
  };

  const app = createServiceApp({
    name: 'gateway',
    logger,
    trustProxy: config.TRUST_PROXY,
    notFoundHandler: notFound,
    readiness: [
      { name: 'redis', check: () => redis.ping() },
      ...Object.entries(urls).map(([name, url]) => ({ name, check: () => serviceReady(name, url) })),
      ...otherParts,
    ],
  });

  const security = await securityHeaders({
    hsts: production,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
  // JSON answers are never rendered: a browser needs only the headers that stop them being
  // sniffed, framed or read by another site (OWASP's set for APIs). Everything else (pages, the
  // API reference, scripts, images) gets the full set.
  const apiSecurity: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(security['strict-transport-security']
      ? { 'strict-transport-security': security['strict-transport-security'] }
      : {}),
  };
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    // A service's own policy comes first (the posts service sandboxes the files users upload, so
    // that a PDF's scripts never run on this origin): the gateway's is added after it, never
    // instead of it.
    const own = reply.getHeader('content-security-policy');
    reply.headers(typeof type === 'string' && type.startsWith('application/json') ? apiSecurity : security);
    if (typeof own === 'string' && own) {
      reply.header('content-security-policy', `${own}; ${reply.getHeader('content-security-policy')}`);
    }
    done(null, payload);
  });
  // The landing page's HTML, rendered here (landing-page.ts); an admin's save passing through
  // drops the rendered copy, so the next visitor sees the save.
  const landing =
    serveWeb && webDist
      ? await LandingPage.load(webDist, {
          contentUrl: urls.content,
          billingUrl: urls.billing,
          internalSecret: config.INTERNAL_SECRET,
          logger,
          ...installation,
        })
      : undefined;
  if (landing) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'POST' && reply.statusCode === 200 && CONTENT_SAVE_PATH.test(request.url)) {
        landing.invalidate();
      }
      done(null, payload);
    });
  }
  // Session reads that miss the identity cache: on a connection of their own with auto-pipelining,
  // reads of many requests at once go out in one write (on these machines each system call costs
  // more than the work around it).
  const hotPath = redis.duplicate({ enableAutoPipelining: true });
  hotPath.on('error', () => {});
  await waitForRedis(hotPath);
  const cache = await IdentityCache.start(redis, config.REDIS_PREFIX);
  app.addHook('onClose', async () => {
    hotPath.disconnect();
    await cache.close();
  });

  await app.register(fastifyCookie, { secret: config.COOKIE_SECRET });
  // Counted in this process's memory: a call costs no Redis round trip, and the limit holds per
  // gateway instance (the compose file runs one). One store for every route, so a client has one
  // budget whichever routes it spreads its calls over; the web app's pages and files cost nothing.
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !isApiPath(request.url),
    // The counts are for the client that is refused (429 with retry-after), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // Thrown by the plugin: an AppError answers in the one error shape, with its code.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new AppError('RATE_LIMITED', `Too many requests. Please wait ${seconds} seconds and try again.`, {
        code: 'request.rate_limited',
        params: { seconds },
      });
    },
  });
  await app.register(fastifyReplyFrom, { undici: { connections: 128 } as never });

  app.addHook('onRequest', refuseAnnouncedOversize);

  // Cross-site form posts and fetches carry a foreign Origin: refuse them before they reach a service.
  // A call with a bearer token is not the browser's ambient credential (no cookie is read for it),
  // so the check is for cookies only.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (!SAFE_METHODS.has(request.method) && origin && origin !== publicOrigin && bearerOf(request) === undefined) {
      done(
        new AppError('FORBIDDEN', 'Requests from other sites are not allowed', { code: COMMON_ERROR_CODES.crossSite }),
      );
      return;
    }
    done();
  });

  const sessions = new SessionStore(hotPath, config.REDIS_PREFIX);

  // Operators' pages (admins only) and the API reference, served by the gateway itself.
  const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
  app.addHook('onClose', () => queues.close());
  await opsMetricsRoutes(app, { urls, internalSecret: config.INTERNAL_SECRET, sessions, queues, logger });
  await queueBoardRoutes(app, {
    sessions,
    queues,
    audit: { authUrl: urls.auth, internalSecret: config.INTERNAL_SECRET },
  });
  openApiRoutes(app, { publicUrl: publicOrigin });

  const tokens = new ApiTokenStore(hotPath, config.REDIS_PREFIX);
  mcpRoutes(app, { tokens, cache, publicUrl: publicOrigin });

  await app.register(async (scope) =>
    proxyRoutes(scope as unknown as ServiceApp, {
      urls,
      internalSecret: config.INTERNAL_SECRET,
      sessions,
      cache,
      secureCookies: publicOrigin.startsWith('https:'),
      tokens,
      tokenLimiter: new TokenRateLimiter(config.API_TOKEN_RATE_PER_MINUTE),
    }),
  );

  if (serveWeb && webDist) {
    if (config.RENDER_SCREENS)
      screens = await AppScreens.load(webDist, logger, {
        ...installation,
        renderWithinMs: config.RENDER_SCREEN_WITHIN_MS,
      });
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      // The web build writes .br and .gz beside each text file: sent as they are when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The landing page rendered here for visitors (landing-page.ts); a signed-in caller (a session
    // cookie) gets the app as before, which takes them on from the page.
    app.get('/', async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const page =
        landing && !request.cookies[SESSION_COOKIE]
          ? await landing.page(languageOf(request), request.cookies.lang !== undefined)
          : undefined;
      if (!page) return sendIndex(reply);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
    });
  }

  return app;
}
