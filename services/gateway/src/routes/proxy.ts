import type { Readable } from 'node:stream';
import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import type { Identity, Stamps } from '@nashr/contracts';
import { COMMON_ERROR_CODES, covers, formatStamps, IDENTITY_HEADERS, SESSION_COOKIE } from '@nashr/contracts';
import {
  type ApiTokenStore,
  AppError,
  payloadTooLarge,
  type ResolvedApiToken,
  type ServiceApp,
  type SessionStore,
} from '@nashr/platform';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { authenticateToken, bearerOf, type TokenRateLimiter } from '../api-tokens.js';
import { bodyLimitFor, LimitedBody } from '../body-limit.js';
import type { IdentityCache, RememberedSession } from '../identity-cache.js';
import { ROUTE_TABLE, SAFE_METHODS, type ServiceName } from '../route-table.js';
import { keepAnnouncedChange, seenStamps } from '../seen-changes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw session id from the signed cookie, forwarded so auth can end the session. */
    sessionId: string | null;
    /** The session read started in onRequest, awaited just before forwarding (see proxyRoutes). */
    sessionLookup: Promise<void> | null;
    /** What the identity cache held for this caller when the request came in. */
    remembered: RememberedSession | null;
    /** The stamps of the caller's own changes this request must see (read-your-writes). */
    seenChanges: Stamps | null;
    /** The body on its way to the service, counted against the route's limit. */
    limitedBody: LimitedBody | null;
    /** The personal API token the request was made with (`Authorization: Bearer`), once accepted. */
    apiToken: ResolvedApiToken | null;
  }
}

/** Headers a client may never set itself: the gateway alone speaks for the caller. */
const TRUSTED_HEADERS = Object.values(IDENTITY_HEADERS).filter((h) => h !== IDENTITY_HEADERS.requestId);

const PROXY_TIMEOUT_MS = 30_000;
/** A non-streamed AI draft may take up to ~95 s (30 s per try, 3 tries): the ai service answers its own error first. */
const AI_TIMEOUT_MS = 120_000;

/** reply-from decodes the whole URL and throws on a malformed escape (`?q=%zz`): that is the client's error. */
function refuseMalformedUrl(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  try {
    decodeURIComponent(request.url);
  } catch {
    done(
      new AppError('BAD_REQUEST', 'This address is not valid: check how it is encoded', {
        code: COMMON_ERROR_CODES.badAddress,
      }),
    );
    return;
  }
  done();
}

export interface ProxyOptions {
  urls: Record<ServiceName, string>;
  internalSecret: string;
  sessions: SessionStore;
  cache: IdentityCache;
  /** Cookies the gateway sets are Secure (the public URL is https). */
  secureCookies: boolean;
  /** Personal API tokens, and the calls each may make per minute. */
  tokens: ApiTokenStore;
  tokenLimiter: TokenRateLimiter;
}

const UNAVAILABLE = 'This part of the service is temporarily unavailable. Please try again in a moment.';
const ME_PATH = '/api/v1/auth/me';

/**
 * Sets `request.identity` from the signed session cookie; a missing or bad cookie leaves it
 * anonymous. With a cache, a remembered session is used as it is (see IdentityCache).
 */
export async function resolveSession(
  request: FastifyRequest,
  sessions: SessionStore,
  cache?: IdentityCache,
): Promise<void> {
  if (!resolveRemembered(request, cache)) await readSession(request, sessions, cache);
}

/**
 * Resolves the caller from the identity cache alone. True when that settles it (no cookie, or a
 * remembered session); false when the session must be read from Redis.
 */
function resolveRemembered(request: FastifyRequest, cache?: IdentityCache): boolean {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return true;
  const remembered = cache?.session(raw);
  if (!remembered) return false;
  request.remembered = remembered;
  request.identity = remembered.identity;
  request.sessionId = remembered.sessionId;
  return true;
}

async function readSession(request: FastifyRequest, sessions: SessionStore, cache?: IdentityCache): Promise<void> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return;
  const ticket = cache?.ticket() ?? -1;
  const identity: Identity | null = await sessions.get(unsigned.value);
  if (identity) {
    request.identity = identity;
    request.sessionId = unsigned.value;
    cache?.rememberSession(raw, ticket, { sessionId: unsigned.value, identity });
  }
}

/** The caller's seen stamps, read once per request; null when there are none. */
function seenOf(request: FastifyRequest): Stamps | null {
  request.seenChanges ??= seenStamps(request);
  return Object.keys(request.seenChanges).length ? request.seenChanges : null;
}

/** Reads a small upstream answer whole (the `/me` JSON), to keep it and send it. */
async function readBody(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Forwards each public path to the service that owns it. Bodies stream through untouched (the
 * owning service validates them); the caller's identity travels in trusted headers.
 *
 * `GET /api/v1/auth/me`, which the web app asks on every page, is answered from the identity
 * cache when it holds the auth service's last answer for the session.
 */
export async function proxyRoutes(app: ServiceApp, options: ProxyOptions): Promise<void> {
  const { cache } = options;
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionLookup', null);
  app.decorateRequest('remembered', null);
  app.decorateRequest('seenChanges', null);
  app.decorateRequest('limitedBody', null);
  app.decorateRequest('apiToken', null);
  // Bodies are not parsed here: the owning service parses them. They are counted on the way, so
  // one larger than the service reads is refused here (one the headers announce as too large
  // never gets this far: see refuseAnnouncedOversize).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const body = new LimitedBody(bodyLimitFor(request.url));
    request.limitedBody = body;
    // Not pipeline(): it would destroy the request, and with it the socket the 413 goes back on.
    done(null, payload.pipe(body));
  });

  // A request that may have changed the account (any write, or signing out) drops what is
  // remembered of its user before the caller hears the answer: their next `/me` reads it afresh.
  // Other gateways hear of it from the auth service's announcement.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.identity && !SAFE_METHODS.has(request.method)) {
      cache.forgetUser(request.identity.userId);
    }
    keepAnnouncedChange(request, reply, options.secureCookies);
    done(null, payload);
  });

  const forwarding = (request: FastifyRequest, service: ServiceName): FastifyReplyFromHooks => ({
    timeout: service === 'ai' ? AI_TIMEOUT_MS : PROXY_TIMEOUT_MS,
    // A service's 503 is its considered answer (its database or Redis is down): asking it ten more
    // times, as reply-from does for GETs, only multiplies the load and delays the answer by seconds.
    retryDelay: () => null,
    rewriteRequestHeaders: (_req, headers) => {
      const forwarded: Record<string, string | string[] | undefined> = { ...headers };
      for (const name of TRUSTED_HEADERS) delete forwarded[name];
      // A token call reaches the service as its owner, like a session: the token and any cookie stay here.
      if (request.apiToken) {
        delete forwarded.authorization;
        delete forwarded.cookie;
      }
      forwarded[IDENTITY_HEADERS.internalSecret] = options.internalSecret;
      forwarded[IDENTITY_HEADERS.requestId] = request.id;
      forwarded['x-forwarded-for'] = request.ip;
      if (request.identity) {
        forwarded[IDENTITY_HEADERS.userId] = request.identity.userId;
        forwarded[IDENTITY_HEADERS.userEmail] = request.identity.email;
        forwarded[IDENTITY_HEADERS.userRoles] = request.identity.roles.join(',');
      }
      if (request.sessionId) forwarded[IDENTITY_HEADERS.sessionId] = request.sessionId;
      const seen = seenOf(request);
      if (seen) forwarded[IDENTITY_HEADERS.seen] = formatStamps(seen);
      return forwarded;
    },
    onError: (errorReply, { error }) => {
      if (request.limitedBody?.exceeded) {
        errorReply.header('connection', 'close').send(payloadTooLarge(bodyLimitFor(request.url)));
        return;
      }
      request.log.error({ err: error, service }, 'upstream request failed');
      errorReply.status(503).send({ success: false, code: COMMON_ERROR_CODES.unavailable, message: UNAVAILABLE });
    },
  });

  const common = {
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as HTTPMethods[],
    // The session read starts here and is awaited just before forwarding, so a request refused
    // on the way (429, 400) does not wait for it.
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      // A bearer token decides alone who calls: the cookie is not read (nor the Origin checked).
      const bearer = bearerOf(request);
      if (bearer !== undefined) {
        const lookup = authenticateToken(request, reply, bearer, {
          tokens: options.tokens,
          limiter: options.tokenLimiter,
          cache,
        }).then((token) => {
          request.apiToken = token;
          request.identity = token.identity;
        });
        lookup.catch(() => {});
        request.sessionLookup = lookup;
        done();
        return;
      }
      // A remembered session settles it at once; otherwise Redis is asked, awaited in preHandler.
      if (!resolveRemembered(request, cache)) {
        const lookup = readSession(request, options.sessions, cache);
        // A request refused before preHandler (429, 400) must not leave it unhandled.
        lookup.catch(() => {});
        request.sessionLookup = lookup;
      }
      done();
    },
    preValidation: refuseMalformedUrl,
    preHandler: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      if (!request.sessionLookup) {
        done();
        return;
      }
      request.sessionLookup.then(() => done(), done);
    },
  };

  app.route({
    ...common,
    method: ['GET', 'HEAD'],
    url: ME_PATH,
    handler: (request, reply) => {
      const remembered = request.remembered;
      const seen = seenOf(request) ?? {};
      // A remembered answer older than a change the caller has seen is not good enough for them.
      const me = remembered?.me && covers(remembered.meSeen ?? {}, seen) ? remembered.me : undefined;
      if (me) return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(me);
      const cookie = request.cookies[SESSION_COOKIE];
      const ticket = cache.ticket();
      return reply.from(`${options.urls.auth}${request.url}`, {
        ...forwarding(request, 'auth'),
        onResponse: (_request, upstreamReply, response) => {
          if (response.statusCode === 401 && request.sessionId) cache.forgetSession(request.sessionId);
          if (response.statusCode !== 200 || !cookie || !request.identity) {
            upstreamReply.send(response.stream);
            return;
          }
          readBody(response.stream).then(
            (body) => {
              cache.rememberMe(cookie, ticket, body, seen);
              upstreamReply.send(body);
            },
            (error: unknown) => {
              request.log.error({ err: error, service: 'auth' }, 'upstream answer broke off');
              upstreamReply
                .status(503)
                .send({ success: false, code: COMMON_ERROR_CODES.unavailable, message: UNAVAILABLE });
            },
          );
        },
      });
    },
  });

  for (const { path, service } of ROUTE_TABLE) {
    const upstream = options.urls[service];
    app.route({
      ...common,
      // GET and HEAD of /me are answered above, from what the gateway remembers of the caller.
      method: path === ME_PATH ? common.method.filter((m) => m !== 'GET' && m !== 'HEAD') : common.method,
      url: path,
      // The service that answers logs the request, under the same request id; a second pair of
      // access lines here cost the gateway time on every call. Its own failures still log (error).
      logLevel: 'warn',
      handler: (request, reply) => reply.from(`${upstream}${request.url}`, forwarding(request, service)),
    });
  }
}
