import {
  authClientConfigSchema,
  type CurrentUser,
  type Locale,
  meResponseSchema,
  type Personalization,
  type personalizationInputSchema,
} from '@nashr/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { clearStoredEmail } from '../session/stored-email';
import { ApiError, api } from './client';

type SuccessMessage = { success?: boolean; message?: string };

/** A `{ success, message }` answer that does not say success=true counts as a failure (spec section 7). */
function requireSuccess(body: SuccessMessage | null): SuccessMessage {
  if (body?.success !== true) throw new ApiError(body?.message || 'Something went wrong', 200);
  return body;
}

async function fetchSession(): Promise<CurrentUser | null> {
  let body: unknown;
  try {
    body = await api<unknown>('GET', '/api/v1/auth/me');
  } catch (error) {
    // Not signed in is an answer, not a failure.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  const parsed = meResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('The server answered /me in an unexpected shape', 502);
  return parsed.data.data.user;
}

/** `GET /api/v1/auth/me`: the signed-in user, or null. */
export const sessionQuery = queryOptions({
  queryKey: ['auth', 'session'] as const,
  queryFn: fetchSession,
  staleTime: 60_000,
});

/**
 * The current session. Spec section 4: loading until the /me call ends; on failure the session
 * counts as cleared, so a broken check never lets anyone into the protected area.
 */
export function useSession() {
  const query = useQuery(sessionQuery);
  return {
    user: query.isError ? null : (query.data ?? null),
    isPending: query.isPending,
    refetch: query.refetch,
  };
}

/** `POST /api/v1/auth/magic-login`: sends the sign-in link in the interface language. */
export function useMagicLogin() {
  return useMutation({
    mutationFn: async (input: { destination: string; lang: Locale }) =>
      requireSuccess(await api<SuccessMessage>('POST', '/api/v1/auth/magic-login', input)),
  });
}

/** Full-page navigation: the server answers with a redirect to the sign-in provider. */
export function startGoogleSignIn(): void {
  window.location.assign('/api/v1/auth/google');
}

/**
 * `GET /api/v1/auth/logout`. Whatever the server answers, this browser forgets the session and
 * every cached answer that belonged to the user.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('GET', '/api/v1/auth/logout'),
    onSettled: () => {
      queryClient.setQueryData(sessionQuery.queryKey, null);
      // Everything else cached belonged to the user who just left.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearStoredEmail();
    },
  });
}

export type PersonalizationPayload = z.output<typeof personalizationInputSchema>;

/** The saved payload in the shape /me reads it back: lists under `details`. */
export function storedPersonalization(input: PersonalizationPayload): Personalization {
  return {
    jobTitle: input.jobTitle,
    language: input.language,
    accent: input.accent,
    details: { goals: input.goals, interests: input.interests, tones: input.tones, styles: input.styles },
  };
}

/**
 * `PUT /api/v1/personalization`. After a save the user is fetched again; if that fetch fails,
 * the values just saved are kept locally instead (spec section 4).
 */
export function useSavePersonalization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PersonalizationPayload) =>
      requireSuccess(await api<SuccessMessage>('PUT', '/api/v1/personalization', input)),
    onSuccess: async (_body, input) => {
      try {
        await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      } catch {
        queryClient.setQueryData(sessionQuery.queryKey, (user) =>
          user ? { ...user, personalization: storedPersonalization(input) } : user,
        );
      }
    },
  });
}

/**
 * `GET /api/v1/auth/client-config`: facts about this installation, such as the development mail
 * inbox. Optional: when the call fails the screens fall back to their defaults.
 */
export function useAuthClientConfig() {
  return useQuery({
    queryKey: ['auth', 'client-config'] as const,
    queryFn: async () => authClientConfigSchema.parse(await api<unknown>('GET', '/api/v1/auth/client-config')).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
