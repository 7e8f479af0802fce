import { ACCOUNT_ERROR_CODES } from '../auth/errors.js';
import { successMessageSchema } from '../http.js';
import {
  markReadRequestSchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesUpdateSchema,
  unsubscribeRequestSchema,
} from '../notifications.js';
import {
  PUSH_ERROR_CODES,
  pushDeviceParamsSchema,
  pushDevicesQuerySchema,
  pushDevicesResponseSchema,
  pushSubscriptionSchema,
  removePushSubscriptionSchema,
  vapidKeyResponseSchema,
} from '../push.js';
import { defineEndpoint } from './define.js';

/** In-app notifications and which of them are e-mailed. */
export const notificationsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/notifications',
    owner: 'auth',
    access: 'signed-in',
    summary: "The user's notifications, newest first, and how many are unread",
    responses: { 200: { description: 'Notifications', schema: notificationListResponseSchema } },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notifications/read',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Mark notifications read: some by id, or all',
    body: markReadRequestSchema,
    responses: { 200: { description: 'Marked', schema: successMessageSchema } },
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/v1/notifications/preferences',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Which notifications are shown in the app and sent by e-mail, and the digest hour',
    responses: { 200: { description: 'Preferences', schema: notificationPreferencesResponseSchema } },
  }),
  savePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/notifications/preferences',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Change notification preferences (any part of them)',
    body: notificationPreferencesUpdateSchema,
    responses: { 200: { description: 'Saved preferences', schema: notificationPreferencesResponseSchema } },
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notifications/unsubscribe',
    owner: 'auth',
    access: 'visitor',
    summary: "Stop one kind of notification e-mail (the e-mail's link; RFC 8058 one-click)",
    description:
      '`token` and `kind` come in the query (one-click, form body `List-Unsubscribe=One-Click`, urlencoded or multipart) or in a JSON body. A token is good for its own kind only.',
    body: unsubscribeRequestSchema,
    responses: { 200: { description: 'Unsubscribed', schema: successMessageSchema } },
    errors: { 404: [ACCOUNT_ERROR_CODES.unsubscribeInvalid] },
  }),
  pushKey: defineEndpoint({
    method: 'GET',
    path: '/api/v1/notifications/push/key',
    owner: 'auth',
    access: 'signed-in',
    summary: "The server's VAPID public key, for subscribing this device to push notifications",
    responses: { 200: { description: 'The key', schema: vapidKeyResponseSchema } },
  }),
  subscribePush: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/notifications/push/subscription',
    owner: 'auth',
    access: 'signed-in',
    summary: "Receive push notifications on this device (the browser's PushSubscription)",
    description:
      'Registering the same endpoint again updates it. An endpoint is one device: registered under another account with the same keys, it moves to the caller (the device is signed in as someone else now).',
    body: pushSubscriptionSchema,
    responses: { 200: { description: 'Registered', schema: successMessageSchema } },
    errors: {
      400: [PUSH_ERROR_CODES.endpointRefused],
      409: [PUSH_ERROR_CODES.limitReached, PUSH_ERROR_CODES.endpointTaken],
    },
  }),
  unsubscribePush: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notifications/push/subscription/remove',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Stop push notifications on this device (the web calls it before signing out too)',
    body: removePushSubscriptionSchema,
    responses: { 200: { description: 'Removed', schema: successMessageSchema } },
    errors: { 404: [PUSH_ERROR_CODES.notFound] },
  }),
  pushDevices: defineEndpoint({
    method: 'GET',
    path: '/api/v1/notifications/push/devices',
    owner: 'auth',
    access: 'signed-in',
    summary: 'The devices that receive push notifications for the signed-in user, oldest first',
    description:
      "A name for each (browser and system, from the User-Agent it was registered with), when it was registered and last delivered to; never its push service address nor its keys. `endpointHash` (SHA-256 of this browser's endpoint, base64url) marks this device `current`.",
    query: pushDevicesQuerySchema,
    responses: { 200: { description: 'Devices', schema: pushDevicesResponseSchema } },
  }),
  removePushDevice: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notifications/push/devices/{id}/remove',
    noBody: true,
    owner: 'auth',
    access: 'signed-in',
    summary: 'Stop push notifications on one of the signed-in user’s devices (a lost phone, an old computer)',
    params: pushDeviceParamsSchema,
    responses: { 200: { description: 'Removed', schema: successMessageSchema } },
    errors: { 404: [PUSH_ERROR_CODES.notFound] },
  }),
} as const;
