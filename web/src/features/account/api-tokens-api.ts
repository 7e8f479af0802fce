import type { ApiToken, CreateApiTokenRequest } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

const TOKENS_KEY = ['auth', 'api-tokens'] as const;

/** `GET /api/v1/auth/tokens`: the user's live access tokens, newest first (never their secrets). */
export const apiTokensQuery = queryOptions({
  queryKey: TOKENS_KEY,
  queryFn: async (): Promise<ApiToken[]> => (await call(accountApi.apiTokens)).data.tokens,
});

export function useApiTokens() {
  return useQuery(apiTokensQuery);
}

/** `POST /api/v1/auth/tokens`: answers the secret, which exists outside the caller only this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateApiTokenRequest) =>
      (await call(accountApi.createApiToken, { body: request })).data,
    onSuccess: ({ apiToken }) =>
      queryClient.setQueryData<ApiToken[]>(TOKENS_KEY, (tokens) => [apiToken, ...(tokens ?? [])]),
  });
}

/** `DELETE /api/v1/auth/tokens/{id}`: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => call(accountApi.revokeApiToken, { params: { id: token.id } }),
    onSuccess: (_answer, token) =>
      queryClient.setQueryData<ApiToken[]>(TOKENS_KEY, (tokens) => tokens?.filter((t) => t.id !== token.id)),
    onError: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}
