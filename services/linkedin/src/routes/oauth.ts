import { API, type ConnectMethod, LINKEDIN_ERROR_CODES, type OauthOutcome } from '@nashr/contracts';
import { AppError, announceChange, identityOf, type Redis, route, type ServiceApp } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ConnectionService } from '../accounts/connection-service.js';
import type { LinkedinProvider } from '../providers/linkedin/linkedin-provider.js';
import { isProviderError } from '../providers/provider-error.js';

export interface OauthDeps {
  connections: ConnectionService;
  /** Null when the deployment does not offer the network's own sign-in. */
  linkedin: LinkedinProvider | null;
  /** Whether a password sign-in provider is offered too. */
  credentials: boolean;
  /** Whether that password sign-in is the sandbox, so the connect screen can say so. */
  sandbox?: boolean;
  redis: Redis;
  redisPrefix: string;
}

/** Time the member has at the network's consent page. */
const TRANSACTION_TTL_SECONDS = 10 * 60;
const POPUP_RETURN = '/linkedln-connect-screen';
const PAGE_RETURN = '/connect-linkedIn';

const displaySchema = z.object({ display: z.enum(['popup', 'page']).catch('popup').default('popup') });
const callbackSchema = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

interface Transaction {
  userId: string;
  codeVerifier: string;
  display: 'popup' | 'page';
}

/**
 * "Continue with LinkedIn": the OAuth 2.0 authorization code flow with state and PKCE. The
 * verifier stays in Redis under the state, bound to the user who started it; the browser only
 * carries the state, and never sees a token.
 */
export function oauthRoutes(app: ServiceApp, deps: OauthDeps): void {
  const key = (state: string) => `${deps.redisPrefix}:linkedin:oauth:${state}`;
  const back = (reply: FastifyReply, display: 'popup' | 'page', outcome: OauthOutcome, accountId?: string) => {
    const query = new URLSearchParams({ oauth: outcome });
    if (outcome === 'connected' && display === 'page') query.set('connected', '1');
    if (accountId) query.set('account', accountId);
    return reply.redirect(`${display === 'page' ? PAGE_RETURN : POPUP_RETURN}?${query}`, 302);
  };
  const noStore = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  route(app, API.linkedin.connectMethods, {}, async () => {
    const methods: ConnectMethod[] = [];
    if (deps.linkedin) methods.push('oauth');
    if (deps.credentials) methods.push('credentials');
    return { success: true as const, data: { methods, sandbox: deps.credentials && deps.sandbox === true } };
  });

  route(app, API.linkedin.oauthStart, {}, async (request: FastifyRequest, reply) => {
    noStore(reply);
    const { display } = displaySchema.parse(request.query ?? {});
    if (!deps.linkedin) return back(reply, display, 'unavailable');
    const start = deps.linkedin.authorization();
    const transaction: Transaction = { userId: identityOf(request).userId, codeVerifier: start.codeVerifier, display };
    await deps.redis.set(key(start.state), JSON.stringify(transaction), 'EX', TRANSACTION_TTL_SECONDS);
    return reply.redirect(start.url, 302);
  });

  route(app, API.linkedin.oauthCallback, {}, async (request: FastifyRequest, reply) => {
    noStore(reply);
    const { userId } = identityOf(request);
    const query = callbackSchema.safeParse(request.query ?? {});
    if (!deps.linkedin || !query.success) return back(reply, 'popup', deps.linkedin ? 'failed' : 'unavailable');
    // GETDEL: a state is good for one callback only.
    const stored = await deps.redis.getdel(key(query.data.state));
    const transaction = stored ? (JSON.parse(stored) as Transaction) : null;
    if (!transaction || transaction.userId !== userId) {
      request.log.warn({ known: Boolean(transaction) }, 'network sign-in callback with an unknown or foreign state');
      return back(reply, transaction?.display ?? 'popup', 'expired');
    }
    if (query.data.error || !query.data.code) {
      request.log.info({ error: query.data.error }, 'network sign-in not granted');
      return back(reply, transaction.display, 'cancelled');
    }
    try {
      const member = await deps.linkedin.completeAuthorization(query.data.code, transaction.codeVerifier);
      const expiresAt = await deps.linkedin.accessExpiresAt(member.accountId);
      const answer = await deps.connections.connectOfficial(userId, member.accountId, expiresAt, request.id);
      if (answer.connectedAt !== undefined) announceChange(reply, 'connection', answer.connectedAt);
      return back(reply, transaction.display, 'connected', answer.data.account_id);
    } catch (error) {
      if (error instanceof AppError && error.answerCode === LINKEDIN_ERROR_CODES.connectedElsewhere) {
        request.log.warn('network sign-in of a member connected in another account');
        return back(reply, transaction.display, 'taken');
      }
      if (!isProviderError(error)) throw error;
      request.log.warn({ kind: error.kind, detail: error.detail, status: error.status }, 'network sign-in failed');
      return back(reply, transaction.display, error.kind === 'credentials_expired' ? 'expired' : 'failed');
    }
  });
}
