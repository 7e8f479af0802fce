import {
  type MarkReadRequest,
  type NotificationListResponse,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  PUSH_ERROR_CODES,
  type PushDevice,
  type UnsubscribeRequest,
} from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsApi } from '../../lib/api/catalogue';
import { ApiError, call, send } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';
import {
  appWorkerRegistration,
  currentPushSubscription,
  endpointHash,
  keyBytes,
  madeWithKey,
  pushSupported,
} from '../../lib/push-device';

/** How often the bell asks while the page is visible (TanStack Query pauses it in the background). */
const BELL_REFRESH_MS = 10_000;

const notificationsKey = ['notifications'] as const;
const preferencesKey = ['notifications', 'preferences'] as const;

/** The bell: the newest notifications and the unread count. */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: async (): Promise<NotificationListResponse['data']> => (await call(notificationsApi.list)).data,
});

/** The bell's notifications, kept fresh while the app is open. */
export function useNotifications() {
  return useQuery({
    ...notificationsQuery,
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

export const notificationPreferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: async (): Promise<NotificationPreferences> => (await call(notificationsApi.preferences)).data,
  staleTime: 60_000,
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
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

/**
 * Push on this device, as the switch shows it: the browser cannot (`unsupported`), the app's
 * service worker is not there (`needs-app`: push needs the installed app), notifications are
 * blocked (`denied`), or the browser holds a subscription (`on`) or not (`off`).
 */
export type PushDeviceState = 'unsupported' | 'needs-app' | 'denied' | 'on' | 'off';

const pushDeviceKey = ['notifications', 'push-device'] as const;
const pushDevicesKey = ['notifications', 'push-devices'] as const;

/** Whether this browser can receive the notifications, and does. */
export const pushDeviceQuery = queryOptions({
  queryKey: pushDeviceKey,
  queryFn: async (): Promise<PushDeviceState> => {
    if (!pushSupported()) return 'unsupported';
    const registration = await appWorkerRegistration();
    if (!registration) return 'needs-app';
    if (Notification.permission === 'denied') return 'denied';
    const subscription = await registration.pushManager.getSubscription();
    return subscription && Notification.permission === 'granted' ? 'on' : 'off';
  },
  staleTime: 30_000,
});

export function usePushDevice() {
  const queryClient = useQueryClient();
  const device = useQuery({ ...pushDeviceQuery, refetchOnWindowFocus: true });
  // A first visit installs the app's worker while the page is open, and on a slow device or
  // connection that takes longer than the wait above: the switch is offered once it is active.
  const needsApp = device.data === 'needs-app';
  useEffect(() => {
    if (!needsApp) return;
    let mounted = true;
    void navigator.serviceWorker.ready.then(() => {
      if (mounted) void queryClient.invalidateQueries({ queryKey: pushDeviceKey, exact: true });
    });
    return () => {
      mounted = false;
    };
  }, [needsApp, queryClient]);
  return device;
}

/** The user said no to the browser's question: nothing was subscribed. */
export class PushPermissionRefused extends Error {
  constructor() {
    super('Notifications were not allowed');
    this.name = 'PushPermissionRefused';
  }
}

/**
 * Turns push on for this device: asks the browser's permission, subscribes with the server's key
 * (again when the key changed) and registers the subscription; a subscription the server refuses
 * (too many devices) is dropped again, so the switch and the server agree.
 */
export function useTurnPushOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const registration = await appWorkerRegistration();
      if (!registration) throw new Error('No service worker');
      if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionRefused();
      const { publicKey } = (await call(notificationsApi.pushKey)).data;
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !madeWithKey(subscription, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      const made = subscription === null;
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      try {
        await send(notificationsApi.subscribePush, { body: subscription.toJSON() });
      } catch (error) {
        if (made) await subscription.unsubscribe().catch(() => false);
        throw error;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pushDeviceKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: pushDevicesKey, exact: true }),
      ]),
  });
}

/** Turns push off for this device: the server forgets it, and the browser drops the subscription. */
export function useTurnPushOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentPushSubscription();
      if (!subscription) return;
      try {
        await send(notificationsApi.unsubscribePush, { body: { endpoint: subscription.endpoint } });
      } catch (error) {
        // Already forgotten by the server (removed by its push service, or another account's now): off all the same.
        if (!(error instanceof ApiError && error.code === PUSH_ERROR_CODES.notFound)) throw error;
      }
      await subscription.unsubscribe();
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pushDeviceKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: pushDevicesKey, exact: true }),
      ]),
  });
}

/**
 * The devices that receive the user's push notifications. This browser's endpoint goes only as a
 * digest, so the list can mark this device without the endpoint itself in an address.
 */
export const pushDevicesQuery = queryOptions({
  queryKey: pushDevicesKey,
  queryFn: async (): Promise<PushDevice[]> => {
    const subscription = await currentPushSubscription().catch(() => null);
    const hash = subscription ? await endpointHash(subscription.endpoint).catch(() => undefined) : undefined;
    const answer = await call(notificationsApi.pushDevices, { query: hash ? { endpointHash: hash } : {} });
    return answer.data.devices;
  },
  staleTime: 30_000,
});

export function usePushDevices() {
  return useQuery(pushDevicesQuery);
}

/**
 * Removes one device from the list. This device's own removal also drops the browser's
 * subscription, so the switch above shows off and a later 'on' subscribes afresh.
 */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      try {
        await send(notificationsApi.removePushDevice, { params: { id: device.id } });
      } catch (error) {
        // Removed already (by its push service, or from another tab): gone all the same.
        if (!(error instanceof ApiError && error.code === PUSH_ERROR_CODES.notFound)) throw error;
      }
      if (device.current) await (await currentPushSubscription())?.unsubscribe().catch(() => false);
    },
    onSuccess: (_answer, device) => {
      queryClient.setQueryData<PushDevice[]>(pushDevicesKey, (devices) => devices?.filter((d) => d.id !== device.id));
    },
    onSettled: (_answer, _error, device) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pushDevicesKey, exact: true }),
        device?.current ? queryClient.invalidateQueries({ queryKey: pushDeviceKey, exact: true }) : undefined,
      ]),
  });
}
