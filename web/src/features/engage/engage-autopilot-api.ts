import type { Autopilot, SaveAutopilotRequest } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { engageApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

const autopilotKey = ['engage', 'autopilot'] as const;

/** The user's autopilot; when what it did changed since the last answer, Engage's other lists are read again. */
export const autopilotQuery = queryOptions({
  queryKey: autopilotKey,
  queryFn: async ({ client }) => {
    const { autopilot } = await call(engageApi.autopilot);
    const before = client.getQueryData<Autopilot>(autopilotKey);
    if (before && (before.sentToday !== autopilot.sentToday || before.status !== autopilot.status)) {
      await client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'engage' && query.queryKey[1] !== 'autopilot',
      });
    }
    return autopilot;
  },
});

/**
 * The user's autopilot. While it is on it asks again every 15 seconds, so the count of today's
 * comments, a stop and the history (asked again with it) follow what it does.
 */
export function useAutopilot() {
  return useQuery({
    ...autopilotQuery,
    refetchInterval: (query) => (query.state.data?.enabled && !query.state.data.paused ? 15_000 : false),
  });
}

function useSetAutopilot() {
  const client = useQueryClient();
  return (autopilot: Autopilot) => client.setQueryData(autopilotKey, autopilot);
}

export function useSaveAutopilot() {
  const set = useSetAutopilot();
  return useMutation({
    mutationFn: async (body: SaveAutopilotRequest) => (await call(engageApi.saveAutopilot, { body })).autopilot,
    onSuccess: set,
  });
}

/** Pauses or resumes at once. */
export function usePauseAutopilot() {
  const set = useSetAutopilot();
  return useMutation({
    mutationFn: async (paused: boolean) => (await call(engageApi.pauseAutopilot, { body: { paused } })).autopilot,
    onSuccess: set,
  });
}
