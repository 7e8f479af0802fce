import type { ActiveSession, SignOutEverywhereResponse } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../lib/api/auth';
import { accountApi } from '../../lib/api/catalogue';
import { call, send } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';
import { clearStoredEmail } from '../../session/stored-email';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** `GET /api/v1/auth/sessions`: the user's signed-in sessions, most recently used first. */
export const activeSessionsQuery = queryOptions({
  queryKey: SESSIONS_KEY,
  queryFn: async (): Promise<ActiveSession[]> => {
    const answer = await call(accountApi.sessions);
    return answer.data.sessions;
  },
});

export function useActiveSessions() {
  return useQuery(activeSessionsQuery);
}

/**
 * `DELETE /api/v1/auth/sessions/{id}`. Ending the session in use signs this browser out, as
 * logout does; any other ends on its device at its next request.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: ActiveSession) => send(accountApi.endSession, { params: { id: session.id } }),
    onSuccess: (_answer, session) => {
      if (session.current) {
        queryClient.setQueryData(sessionQuery.queryKey, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
        clearStoredEmail();
        return;
      }
      queryClient.setQueryData<ActiveSession[]>(SESSIONS_KEY, (sessions) =>
        sessions?.filter((s) => s.id !== session.id),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/**
 * `POST /api/v1/auth/sessions/sign-out-everywhere`, keeping the session in use: the list is left
 * with this browser only, and every other device is signed out at its next request.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => send<SignOutEverywhereResponse>(accountApi.signOutEverywhere, { body: { keepCurrent: true } }),
    onSuccess: () => {
      queryClient.setQueryData<ActiveSession[]>(SESSIONS_KEY, (sessions) => sessions?.filter((s) => s.current));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
