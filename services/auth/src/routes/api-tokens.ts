import { API, API_TOKEN_ERROR_CODES, MAX_API_TOKENS } from '@nashr/contracts';
import { type ApiTokenInfo, type ApiTokenStore, AppError, identityOf, route, type ServiceApp } from '@nashr/platform';

const DAY_MS = 86_400_000;

const shown = (token: ApiTokenInfo) => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  hint: token.hint,
  createdAt: new Date(token.createdAt).toISOString(),
  lastUsedAt: token.lastUsedAt === null ? null : new Date(token.lastUsedAt).toISOString(),
  expiresAt: token.expiresAt === null ? null : new Date(token.expiresAt).toISOString(),
});

/**
 * The signed-in user's personal API tokens: listed, created (the secret shown once) and revoked.
 * The gateway resolves them from the same store; these routes are not open to tokens themselves,
 * so a token can never make or keep another.
 */
export function apiTokenRoutes(app: ServiceApp, deps: { tokens: ApiTokenStore }): void {
  route(app, API.account.apiTokens, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const tokens = await deps.tokens.list(identityOf(request).userId);
    return { success: true as const, data: { tokens: tokens.map(shown) } };
  });

  route(app, API.account.createApiToken, { checkResponses: true }, async (request, reply) => {
    const identity = identityOf(request);
    const { name, scopes, expiresInDays } = request.body;
    if ((await deps.tokens.list(identity.userId)).length >= MAX_API_TOKENS) {
      throw new AppError('CONFLICT', `An account may hold at most ${MAX_API_TOKENS} tokens: revoke one first`, {
        code: API_TOKEN_ERROR_CODES.limitReached,
        params: { max: MAX_API_TOKENS },
      });
    }
    const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * DAY_MS) : null;
    const { token, record } = await deps.tokens.create(identity, { name, scopes, expiresAt });
    request.log.info({ userId: identity.userId, tokenId: record.id, scopes }, 'api token created');
    reply.status(201).header('cache-control', 'no-store');
    return { success: true as const, data: { token, apiToken: shown({ ...record, lastUsedAt: null }) } };
  });

  route(app, API.account.revokeApiToken, {}, async (request) => {
    const { userId } = identityOf(request);
    // Only the caller's own tokens are searched: another user's id is simply not found.
    if (!(await deps.tokens.revoke(userId, request.params.id))) {
      throw new AppError('NOT_FOUND', 'This token does not exist or is already revoked', {
        code: API_TOKEN_ERROR_CODES.notFound,
      });
    }
    request.log.info({ userId, tokenId: request.params.id }, 'api token revoked');
    return { success: true as const, message: 'The token is revoked' };
  });
}
