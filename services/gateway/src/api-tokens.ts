import {
  API_CATALOGUE,
  API_TOKEN_ERROR_CODES,
  API_TOKEN_PATTERN,
  API_TOKEN_RATE_PER_MINUTE,
  type ApiTokenScope,
  type Endpoint,
} from '@nashr/contracts';
import { type ApiTokenStore, AppError, apiTokenDigest, type ResolvedApiToken } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityCache } from './identity-cache.js';

interface TokenRoute {
  method: string;
  pattern: RegExp;
  scope: ApiTokenScope | undefined;
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`);

const parametersIn = (path: string) => path.split('{').length;

/**
 * Every catalogue endpoint with the scope a token needs for it (none: closed to tokens). Paths
 * with fewer parameters come first, so `/api/v1/posts/export` is itself, not `/api/v1/posts/{id}`.
 */
const TOKEN_ROUTES: readonly TokenRoute[] = API_CATALOGUE.filter((endpoint: Endpoint) => endpoint.owner !== 'gateway')
  .toSorted((a, b) => parametersIn(a.path) - parametersIn(b.path))
  .map((endpoint) => ({ method: endpoint.method, pattern: patternOf(endpoint.path), scope: endpoint.token }));

/** The scope a token needs for this request, or undefined when the endpoint is not open to tokens. */
export function tokenScopeFor(method: string, url: string): ApiTokenScope | undefined {
  const path = url.split('?')[0] ?? '';
  const wanted = method === 'HEAD' ? 'GET' : method;
  return TOKEN_ROUTES.find((route) => route.method === wanted && route.pattern.test(path))?.scope;
}

/** The bearer credential of a request, or undefined when it carries none. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(.*)$/i.exec(header);
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * Calls per token and minute, counted in this process's memory like the gateway's other limit.
 * A fixed window: the RateLimit headers say what is left and when the window turns.
 */
export class TokenRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit = API_TOKEN_RATE_PER_MINUTE,
    private readonly windowMs = 60_000,
  ) {}

  take(id: string, now = Date.now()): { allowed: boolean; remaining: number; resetSeconds: number } {
    let window = this.windows.get(id);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.windows.clear();
      window = { start: now, count: 0 };
      this.windows.set(id, window);
    }
    window.count++;
    return {
      allowed: window.count <= this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
    };
  }
}

const invalidToken = () =>
  new AppError('UNAUTHENTICATED', 'This API token is not valid: it may be mistyped, expired or revoked', {
    code: API_TOKEN_ERROR_CODES.invalid,
  });

/**
 * The token's owner and scopes from the identity cache, else from Redis (then remembered): like a
 * session, a token in use costs no Redis round trip. A revoke is announced, so it still ends the
 * token at once; an expiring one is checked against its time on every use.
 */
export async function resolveRemembered(
  token: string,
  deps: { tokens: ApiTokenStore; cache: IdentityCache },
): Promise<ResolvedApiToken | null> {
  if (!API_TOKEN_PATTERN.test(token)) return null;
  const digest = apiTokenDigest(token);
  const remembered = deps.cache.token(digest);
  if (remembered) return remembered;
  const ticket = deps.cache.ticket();
  const resolved = await deps.tokens.resolve(token);
  if (resolved) deps.cache.rememberToken(digest, ticket, resolved);
  return resolved;
}

/**
 * Authenticates a request that carries `Authorization: Bearer`: the token must be live, the
 * endpoint open to tokens and the token hold its scope; then it stands for its owner, without
 * any admin role, within its own rate limit. The cookie is not read at all for such a request.
 * The token never appears in a message or a log line.
 */
export async function authenticateToken(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  deps: { tokens: ApiTokenStore; limiter: TokenRateLimiter; cache: IdentityCache },
): Promise<ResolvedApiToken> {
  const resolved = await resolveRemembered(token, deps);
  if (!resolved) throw invalidToken();
  const scope = tokenScopeFor(request.method, request.url);
  if (!scope) {
    throw new AppError('FORBIDDEN', 'This endpoint cannot be called with an API token: sign in instead', {
      code: API_TOKEN_ERROR_CODES.routeClosed,
    });
  }
  if (!resolved.scopes.includes(scope)) {
    throw new AppError('FORBIDDEN', `This API token lacks the permission this endpoint needs: ${scope}`, {
      code: API_TOKEN_ERROR_CODES.scopeMissing,
      params: { scope },
    });
  }
  const { allowed, remaining, resetSeconds } = deps.limiter.take(resolved.id);
  reply.header('ratelimit-limit', deps.limiter.limit);
  reply.header('ratelimit-remaining', remaining);
  reply.header('ratelimit-reset', resetSeconds);
  reply.header('ratelimit-policy', `${deps.limiter.limit};w=60`);
  if (!allowed) {
    reply.header('retry-after', resetSeconds);
    throw new AppError('RATE_LIMITED', `Too many requests. Please wait ${resetSeconds} seconds and try again.`, {
      code: 'request.rate_limited',
      params: { seconds: resetSeconds },
    });
  }
  deps.tokens.touch(resolved)?.catch((error: unknown) => request.log.warn({ err: error }, 'token last use not kept'));
  return resolved;
}
