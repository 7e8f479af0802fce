import {
  type CurrentUser,
  LINK_PATHS,
  type Locale,
  MAGIC_LINK_ERROR_CODES,
  type personalizationInputSchema,
  type VerifyStatus,
} from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { forgetWorkspace } from '../../session/current-workspace';
import { noteSession } from '../../session/session-broadcast';
import { clearStoredEmail } from '../../session/stored-email';
import { forgetPushOnThisDevice } from '../push-device';
import { forgetDisplayPreferences } from '../remembered-display';
import { clearAllDrafts } from '../session-draft';
import { authApi, lazyContracts, personalizationApi } from './catalogue';
import { ApiError, call, send } from './client';
import { useMutation } from './mutation';

type SuccessMessage = { success?: boolean; message?: string };

/** A `{ success, message }` answer that does not say success=true counts as a failure (spec section 7). */
function requireSuccess(body: SuccessMessage | null): SuccessMessage {
  if (body?.success !== true) throw new ApiError(body?.message || 'Something went wrong', 200);
  return body;
}

async function fetchSession(): Promise<CurrentUser | null> {
  let user: CurrentUser;
  try {
    user = (await call(authApi.me)).data.user;
  } catch (error) {
    // Not signed in is an answer, not a failure.
    if (error instanceof ApiError && error.status === 401) {
      noteSession(null);
      return null;
    }
    throw error;
  }
  noteSession(user);
  return user;
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
      requireSuccess(await send<SuccessMessage>(authApi.magicLogin, { body: input })),
  });
}

/** Each token is spent once per page load, even when React mounts the spending screen twice. */
const spending = new Map<string, Promise<VerifyStatus>>();

async function spendToken(token: string): Promise<VerifyStatus> {
  try {
    await send(authApi.verifyMagicLink, { body: { token } });
    return 'verified';
  } catch (error) {
    const refusal = Object.entries(MAGIC_LINK_ERROR_CODES).find(
      ([, code]) => error instanceof ApiError && error.code === code,
    );
    if (refusal) return refusal[0] as VerifyStatus;
    throw error;
  }
}

/**
 * `POST /api/v1/auth/magic-login/verify`: spends the token of the link this page was opened with
 * and says what the `/verify` page shows next. A failure that says nothing of the link (offline,
 * service down) is thrown, so it can be tried again.
 */
export function useSpendSignInLink() {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string): Promise<VerifyStatus> => {
      let pending = spending.get(token);
      if (!pending) {
        pending = spendToken(token);
        spending.set(token, pending);
        // A failure that says nothing of the link may be tried again.
        pending.catch(() => spending.delete(token));
      }
      const status = await pending;
      if (status === 'verified') await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      return status;
    },
    [queryClient],
  );
}

/** Full-page navigation: the server answers with a redirect to the sign-in provider. */
export function startGoogleSignIn(): void {
  window.location.assign(LINK_PATHS.googleSignIn);
}

/**
 * `POST /api/v1/auth/logout`. Whatever the server answers, this browser forgets the session and
 * every cached answer that belonged to the user.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // While the session still exists: the server forgets this device's push subscription.
      await forgetPushOnThisDevice();
      return send(authApi.logout);
    },
    // Awaited before the caller moves on (to the sign-up screen): the kept drafts are gone by then.
    onSettled: async () => {
      queryClient.setQueryData(sessionQuery.queryKey, null);
      // Everything else cached belonged to the user who just left.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      clearStoredEmail();
      forgetDisplayPreferences();
      // The next account to sign in here starts in its own personal workspace.
      forgetWorkspace();
      await clearAllDrafts();
    },
  });
}

export type PersonalizationPayload = z.output<typeof personalizationInputSchema>;

/**
 * `PUT /api/v1/personalization`. After a save the user is fetched again; if that fetch fails,
 * the values just saved are kept locally instead (spec section 4).
 */
export function useSavePersonalization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PersonalizationPayload) =>
      requireSuccess(await send<SuccessMessage>(personalizationApi.save, { body: input })),
    onSuccess: async (_body, input) => {
      try {
        await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      } catch {
        // The payload in the shape /me reads it back (lists under `details`).
        const { toStoredPersonalization } = await lazyContracts();
        queryClient.setQueryData(sessionQuery.queryKey, (user) =>
          user ? { ...user, personalization: toStoredPersonalization(input) } : user,
        );
      }
    },
  });
}

/**
 * `GET /api/v1/auth/client-config`: facts about this installation, such as the development mail
 * inbox. Optional: when the call fails the screens fall back to their defaults.
 */
export const authClientConfigQuery = queryOptions({
  queryKey: ['auth', 'client-config'] as const,
  queryFn: async () => (await call(authApi.clientConfig)).data,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useAuthClientConfig() {
  return useQuery(authClientConfigQuery);
}
