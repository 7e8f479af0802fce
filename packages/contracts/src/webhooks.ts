import { z } from 'zod';
import { defineJob, QUEUES } from './jobs/define.js';

/**
 * Outgoing webhooks: an account's HTTPS endpoints told of its posts' events and its Engage comments. Each delivery is a
 * JSON `{ id, type, createdAt, data }` signed with the endpoint's secret (docs/webhooks.md).
 */

/** The events an endpoint can choose, as their `type` in a delivery. */
export const WEBHOOK_EVENT_TYPES = [
  'post.scheduled',
  'post.published',
  'post.failed',
  'post.needs_attention',
  // A draft of a workspace sent for review (told to its reviewers), approved (told to its author).
  'draft.submitted',
  'draft.approved',
  'comment.sent',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The type of the event "Send a test event" delivers, whatever the endpoint chose. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const webhookDeliveryTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);
export type WebhookDeliveryType = z.infer<typeof webhookDeliveryTypeSchema>;

/** How many endpoints one account may hold. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How many deliveries each endpoint's log keeps (the newest). */
export const WEBHOOK_DELIVERIES_KEPT = 50;
/** The most of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 300;
/** The headers of a delivery. */
export const WEBHOOK_HEADERS = { signature: 'Nashr-Signature', id: 'Nashr-Webhook-Id' } as const;
/** Every endpoint secret starts so. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_ERROR_CODES = {
  /** params: max */
  limitReached: 'webhook.limit_reached',
  /** The address is not https, carries credentials, or its host is not public. */
  urlRefused: 'webhook.url_refused',
  notFound: 'webhook.not_found',
  deliveryNotFound: 'webhook.delivery_not_found',
} as const;

/** `POST /api/v1/webhooks`. */
export const createWebhookRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the address')
    .max(2000, 'An address has at most 2000 characters')
    .url('Enter a full address, starting with https://')
    .refine((value) => /^https?:\/\//i.test(value), 'The address must start with https://'),
  events: z
    .array(webhookEventTypeSchema)
    .min(1, 'Choose at least one event')
    .refine((events) => new Set(events).size === events.length, 'An event is chosen twice'),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** An endpoint as its owner sees it: never its secret, which is shown once, at creation. */
export const webhookEndpointSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  /** The secret's first characters, to tell secrets apart (`whsec_AbC1`). */
  secretHint: z.string(),
  createdAt: z.string().datetime(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ endpoints: z.array(webhookEndpointSchema) }),
});

export const createdWebhookResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The signing secret, shown this once. */
    secret: z.string(),
    endpoint: webhookEndpointSchema,
  }),
});

export const webhookParamsSchema = z.object({ id: z.string().uuid() });
export const webhookDeliveryParamsSchema = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;

/** One delivery in an endpoint's log. */
export const webhookDeliverySchema = z.object({
  id: z.string().uuid(),
  /** The event's id: the same in every attempt and redelivery (`Nashr-Webhook-Id`). */
  eventId: z.string(),
  type: webhookDeliveryTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The receiver's HTTP status at the last attempt; null when none came (timeout, refused, redirect...). */
  statusCode: z.number().int().nullable(),
  /** The start of the receiver's answer, or why no answer came. */
  excerpt: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  createdAt: z.string().datetime(),
  lastAttemptAt: z.string().datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ deliveries: z.array(webhookDeliverySchema) }),
});

export const webhookDeliveryQueuedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ delivery: webhookDeliverySchema }),
});

/** auth → auth-webhooks: send one stored delivery to its endpoint. Job id `webhook-delivery-{deliveryId}`. */
export const webhookDeliveryJob = defineJob(
  QUEUES.authWebhooks,
  'webhook-delivery',
  z.object({ deliveryId: z.string().uuid(), requestId: z.string().max(64).optional() }),
);
