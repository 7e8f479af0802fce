import { z } from 'zod';
import { defineJob, QUEUES } from './jobs/define.js';
import { notificationKindSchema } from './notifications.js';

/** How many devices one account may receive push notifications on. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export const PUSH_ERROR_CODES = {
  /** params: max */
  limitReached: 'push.limit_reached',
  /** The push service address is not one a browser's push service gives (plain http, a private address). */
  endpointRefused: 'push.endpoint_refused',
  /** The device is registered already, with other keys, on another account. */
  endpointTaken: 'push.endpoint_taken',
  notFound: 'push.not_found',
} as const;

/**
 * How many notifications one device is pushed in a rolling hour: a burst (a network outage failing
 * every scheduled post at once) must not buzz a phone dozens of times. Past it the bell still has them.
 */
export const PUSHES_PER_DEVICE_PER_HOUR = 10;

/**
 * The keys' exact shapes in base64url (the web app reads this file too, so no Buffer): 65 bytes
 * are 87 characters, the first byte 0x04 (uncompressed point) making the first one `B`; 16 bytes
 * are 22 characters. Browsers leave the padding out; a padded copy is let through.
 */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/;

/**
 * A browser's `PushSubscription.toJSON()`: the push service address and the keys the message is
 * encrypted to (RFC 8291): `p256dh` an uncompressed P-256 point (65 bytes), `auth` 16 bytes, both
 * base64url without padding. Plain http is let through here; the service allows it only for a
 * push service on the same machine outside production.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must be an https address'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(P256DH, 'must be an uncompressed P-256 public key (65 bytes, base64url)'),
    auth: z.string().regex(AUTH_SECRET, 'must be 16 bytes, base64url'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** Forgetting this device: the endpoint its browser holds. */
export const removePushSubscriptionSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/** One of the user's devices, by the id the devices list gives. */
export const pushDeviceParamsSchema = z.object({ id: z.string().uuid() });

/**
 * SHA-256 of this browser's push endpoint (base64url, 43 characters), so the list can mark the
 * device the request comes from without the endpoint itself travelling in an address.
 */
export const pushDevicesQuerySchema = z.object({
  endpointHash: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a SHA-256 digest in base64url')
    .optional(),
});

/** A device as its user sees it: never its push service address nor its keys. */
export const pushDeviceSchema = z.object({
  id: z.string().uuid(),
  /** The browser and system it was registered from (`Chrome on Android`), when they could be told. */
  label: z.string().nullable(),
  /** It is the device the request's `endpointHash` names. */
  current: z.boolean(),
  createdAt: z.string(),
  lastDeliveredAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ devices: z.array(pushDeviceSchema) }),
});
export type PushDevicesResponse = z.infer<typeof pushDevicesResponseSchema>;

export const vapidKeyResponseSchema = z.object({
  success: z.literal(true),
  /** The application server key to pass to `pushManager.subscribe` (base64url, 65 bytes). */
  data: z.object({ publicKey: z.string() }),
});

/**
 * What a push message carries, for the service worker to show: the kind, a short title in the
 * user's language, the same words' detail when there is one (never the post's text), the path to
 * open on a tap (the place the bell leads), and a tag (the notification's id) so a repeat replaces
 * rather than stacks.
 */
export const pushPayloadSchema = z.object({
  kind: notificationKindSchema,
  title: z.string(),
  /** Left out when the notification has no detail (a `null` would read as the word in a notification). */
  body: z.string().optional(),
  url: z.string().startsWith('/'),
  tag: z.string(),
  lang: z.enum(['ar', 'en']),
  dir: z.enum(['rtl', 'ltr']),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * auth → auth-worker: push this notification to one of the user's devices. Job id
 * `push-{notificationId}-{subscriptionId}`, so each device gets it once, and one device's dead
 * endpoint or slow push service never touches another's.
 */
export const sendPushJob = defineJob(
  QUEUES.authPush,
  'send-push',
  z.object({
    notificationId: z.string().uuid(),
    subscriptionId: z.string().uuid(),
    requestId: z.string().max(64).optional(),
  }),
);
