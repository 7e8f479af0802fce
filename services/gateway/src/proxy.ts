import type { Identity } from '@nashr/contracts';
import { IDENTITY_HEADERS, SESSION_COOKIE } from '@nashr/contracts';
import { AppError, type ServiceApp, type SessionStore } from '@nashr/platform';
import type { FastifyRequest } from 'fastify';
import { ROUTE_TABLE, type ServiceName } from './route-table.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw session id from the signed cookie, forwarded so auth can end the session. */
    sessionId: string | null;
    /** The session read started in onRequest, awaited just before forwarding (see proxyRoutes). */
    sessionLookup: Promise<void> | null;
  }
}

/** Headers a client may never set itself: the gateway alone speaks for the caller. */
const TRUSTED_HEADERS = Object.values(IDENTITY_HEADERS).filter((h) => h !== IDENTITY_HEADERS.requestId);

const PROXY_TIMEOUT_MS = 30_000;
/** A non-streamed AI draft may take up to ~95 s (30 s per try, 3 tries): the ai service answers its own error first. */
const AI_TIMEOUT_MS = 120_000;

/** reply-from decodes the whole URL and throws on a malformed escape (`?q=%zz`): that is the client's error. */
async function refuseMalformedUrl(request: FastifyRequest): Promise<void> {
  try {
    decodeURIComponent(request.url);
  } catch {
    throw new AppError('BAD_REQUEST', 'This address is not valid: check how it is encoded');
  }
}

export interface ProxyOptions {
  urls: Record<ServiceName, string>;
  internalSecret: string;
  sessions: SessionStore;
  rateLimitPerMinute: number;
}

/** Sets `request.identity` from the signed session cookie; a missing or bad cookie leaves it anonymous. */
export async function resolveSession(request: FastifyRequest, sessions: SessionStore): Promise<void> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return;
  const identity: Identity | null = await sessions.get(unsigned.value);
  if (identity) {
    request.identity = identity;
    request.sessionId = unsigned.value;
  }
}

/**
 * Forwards each public path to the service that owns it. Bodies stream through untouched (the
 * owning service validates them); the caller's identity travels in trusted headers.
 */
export async function proxyRoutes(app: ServiceApp, options: ProxyOptions): Promise<void> {
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionLookup', null);
  // Bodies are not parsed here: the owning service parses and limits them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  for (const { path, service } of ROUTE_TABLE) {
    const upstream = options.urls[service];
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: path,
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
      // The service that answers logs the request, under the same request id; a second pair of
      // access lines here cost the gateway time on every call. Its own failures still log (error).
      logLevel: 'warn',
      // The session read starts here and is awaited just before forwarding, so it goes to Redis
      // together with the rate-limit count (the next onRequest hook), not one round trip later.
      onRequest: (request, _reply, done) => {
        const lookup = resolveSession(request, options.sessions);
        // Awaited in preHandler; a request refused before that (429, 400) must not leave it unhandled.
        lookup.catch(() => {});
        request.sessionLookup = lookup;
        done();
      },
      preValidation: refuseMalformedUrl,
      preHandler: async (request) => {
        await request.sessionLookup;
      },
      handler: (request, reply) =>
        reply.from(`${upstream}${request.url}`, {
          timeout: service === 'ai' ? AI_TIMEOUT_MS : PROXY_TIMEOUT_MS,
          // A service's 503 is its considered answer (its database or Redis is down): asking it ten more
          // times, as reply-from does for GETs, only multiplies the load and delays the answer by seconds.
          retryDelay: () => null,
          rewriteRequestHeaders: (_req, headers) => {
            const forwarded: Record<string, string | string[] | undefined> = { ...headers };
            for (const name of TRUSTED_HEADERS) delete forwarded[name];
            forwarded[IDENTITY_HEADERS.internalSecret] = options.internalSecret;
            forwarded[IDENTITY_HEADERS.requestId] = request.id;
            forwarded['x-forwarded-for'] = request.ip;
            if (request.identity) {
              forwarded[IDENTITY_HEADERS.userId] = request.identity.userId;
              forwarded[IDENTITY_HEADERS.userEmail] = request.identity.email;
              forwarded[IDENTITY_HEADERS.userRoles] = request.identity.roles.join(',');
            }
            if (request.sessionId) forwarded[IDENTITY_HEADERS.sessionId] = request.sessionId;
            return forwarded;
          },
          onError: (errorReply, { error }) => {
            request.log.error({ err: error, service }, 'upstream request failed');
            errorReply.status(503).send({
              success: false,
              message: 'This part of the service is temporarily unavailable. Please try again in a moment.',
            });
          },
        }),
    });
  }
}
