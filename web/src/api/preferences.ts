import {
  API,
  DEFAULT_DISPLAY_PREFERENCES,
  type DisplayPreferences,
  type DisplayPreferencesUpdate,
} from '@nashr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

const displayKey = ['preferences', 'display'] as const;

/** How the signed-in user wants numbers and dates shown. */
export function useDisplayPreferencesQuery() {
  return useQuery({
    queryKey: displayKey,
    queryFn: async (): Promise<DisplayPreferences> => (await call(API.preferences.display)).data,
    staleTime: 5 * 60_000,
  });
}

/** The preferences to render with: the defaults until they have loaded (or when they cannot). */
export function useDisplayPreferences(): DisplayPreferences {
  return useDisplayPreferencesQuery().data ?? DEFAULT_DISPLAY_PREFERENCES;
}

export function useSaveDisplayPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: DisplayPreferencesUpdate) =>
      (await call(API.preferences.saveDisplay, { body: update })).data,
    onSuccess: (saved) => queryClient.setQueryData(displayKey, saved),
  });
}
