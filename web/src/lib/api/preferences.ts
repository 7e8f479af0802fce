import { DEFAULT_DISPLAY_PREFERENCES, type DisplayPreferences, type DisplayPreferencesUpdate } from '@nashr/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { rememberDisplayPreferences, rememberedDisplayPreferences } from '../remembered-display';
import { sessionQuery, useSession } from './auth';
import { preferencesApi } from './catalogue';
import { call } from './client';
import { useMutation } from './mutation';

const displayKey = ['preferences', 'display'] as const;

/** What fetching the preferences keeps in the browser (below), for answers that came with a server's screen. */
export function keepDisplayPreferencesFrom(queryClient: QueryClient, userId: string): void {
  const preferences = queryClient.getQueryData<DisplayPreferences>(displayKey);
  if (preferences) rememberDisplayPreferences(userId, preferences);
}

/**
 * How the signed-in user wants numbers and dates shown. Until the server answers, the preferences
 * remembered for this user stand in (as placeholder data, so the answer still replaces them).
 */
export function useDisplayPreferencesQuery() {
  const { user } = useSession();
  const userId = user?.id;
  return useQuery({
    ...displayPreferencesQuery(userId),
    placeholderData: () => rememberedDisplayPreferences(userId),
  });
}

/** The display preferences, remembered in this browser for `userId` once read. */
export const displayPreferencesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: displayKey,
    queryFn: async (): Promise<DisplayPreferences> => {
      const preferences = (await call(preferencesApi.display)).data;
      if (userId) rememberDisplayPreferences(userId, preferences);
      return preferences;
    },
    staleTime: 5 * 60_000,
  });

/** For a route's loader: the signed-in user's display preferences (useDisplayPreferencesQuery). */
export async function readDisplayPreferences(client: QueryClient): Promise<void> {
  const user = await client.ensureQueryData(sessionQuery);
  await client.prefetchQuery(displayPreferencesQuery(user?.id));
}

/** The preferences to render with: the remembered ones or the defaults until they have loaded (or when they cannot). */
export function useDisplayPreferences(): DisplayPreferences {
  return useDisplayPreferencesQuery().data ?? DEFAULT_DISPLAY_PREFERENCES;
}

export function useSaveDisplayPreferences() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (update: DisplayPreferencesUpdate) =>
      (await call(preferencesApi.saveDisplay, { body: update })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(displayKey, saved);
      if (user?.id) rememberDisplayPreferences(user.id, saved);
    },
  });
}
