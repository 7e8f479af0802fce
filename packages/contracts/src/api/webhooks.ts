import { successMessageSchema } from '../http.js';
import {
  createdWebhookResponseSchema,
  createWebhookRequestSchema,
  WEBHOOK_ERROR_CODES,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQueuedResponseSchema,
  webhookEndpointsResponseSchema,
  webhookParamsSchema,
} from '../webhooks.js';
import { defineEndpoint } from './define.js';

const signing =
  'Each delivery is a POST of `{ id, type, createdAt, data }` with the headers `Nashr-Webhook-Id` (the event id, the same in every retry) and `Nashr-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`; see docs/webhooks.md.';

/** Outgoing webhooks: the user's endpoints, told of their posts' events. */
export const webhooksApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks',
    owner: 'auth',
    access: 'signed-in',
    summary: "The signed-in user's webhook endpoints",
    description: 'Address, chosen events, the first characters of the secret and creation of each; never the secret.',
    responses: { 200: { description: 'Newest first', schema: webhookEndpointsResponseSchema } },
    token: 'webhooks:manage',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Add a webhook endpoint',
    description: `The address must be https and its host public (not this network, not a private address). The answer carries the signing secret this once. ${signing}`,
    body: createWebhookRequestSchema,
    responses: {
      201: { description: 'The endpoint and its secret, shown once', schema: createdWebhookResponseSchema },
    },
    errors: { 400: [WEBHOOK_ERROR_CODES.urlRefused], 409: [WEBHOOK_ERROR_CODES.limitReached] },
    token: 'webhooks:manage',
    idempotent: true,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}',
    owner: 'auth',
    access: 'signed-in',
    summary: 'Remove a webhook endpoint and its delivery log',
    params: webhookParamsSchema,
    responses: { 200: { description: 'Removed: nothing more is sent to it', schema: successMessageSchema } },
    errors: { 404: [WEBHOOK_ERROR_CODES.notFound] },
    token: 'webhooks:manage',
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks/{id}/deliveries',
    owner: 'auth',
    access: 'signed-in',
    summary: "An endpoint's delivery log: its last 50 deliveries, newest first",
    description:
      'Event type, status (`pending`, `retrying`, `delivered`, `failed`), the HTTP status and the start of the last answer, attempts and times. Failed attempts are retried with exponential backoff for about a day.',
    params: webhookParamsSchema,
    responses: { 200: { description: 'Deliveries', schema: webhookDeliveriesResponseSchema } },
    errors: { 404: [WEBHOOK_ERROR_CODES.notFound] },
    token: 'webhooks:manage',
  }),
  sendTest: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/{id}/test',
    noBody: true,
    owner: 'auth',
    access: 'signed-in',
    summary: 'Send a test event (`webhook.test`) to an endpoint',
    params: webhookParamsSchema,
    responses: {
      202: { description: 'Queued; the log shows how it went', schema: webhookDeliveryQueuedResponseSchema },
    },
    errors: { 404: [WEBHOOK_ERROR_CODES.notFound] },
    token: 'webhooks:manage',
  }),
  redeliver: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    noBody: true,
    owner: 'auth',
    access: 'signed-in',
    summary: 'Send a delivery of the log again',
    description: 'The same event (same id and body, a fresh signature), as a new entry of the log.',
    params: webhookDeliveryParamsSchema,
    responses: { 202: { description: 'Queued', schema: webhookDeliveryQueuedResponseSchema } },
    errors: { 404: [WEBHOOK_ERROR_CODES.notFound, WEBHOOK_ERROR_CODES.deliveryNotFound] },
    token: 'webhooks:manage',
  }),
} as const;
