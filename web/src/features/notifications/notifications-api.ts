import type {
  MarkReadRequest,
  NotificationListResponse,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  UnsubscribeRequest,
} from '@nashr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../../lib/api/catalogue';
import { call, send } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

/** How often the bell asks while the page is visible (TanStack Query pauses it in the background). */
const BELL_REFRESH_MS = 10_000;

const notificationsKey = ['notifications'] as const;
const preferencesKey = ['notifications', 'preferences'] as const;

/** The bell: the newest notifications and the unread count, kept fresh while the app is open. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: async (): Promise<NotificationListResponse['data']> => (await call(notificationsApi.list)).data,
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkReadRequest) => send(notificationsApi.markRead, { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey, exact: true }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async (): Promise<NotificationPreferences> => (await call(notificationsApi.preferences)).data,
    staleTime: 60_000,
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: NotificationPreferencesUpdate) =>
      (await call(notificationsApi.savePreferences, { body: update })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      void queryClient.invalidateQueries({ queryKey: notificationsKey, exact: true });
    },
  });
}

/** The e-mail's unsubscribe link, from the page it opens (a click, never the link's GET alone). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (request: UnsubscribeRequest) => send(notificationsApi.unsubscribe, { body: request }),
  });
}
