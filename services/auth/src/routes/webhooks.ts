import {
  API,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_ERROR_CODES,
  type WebhookDeliveryType,
  type WebhookEventType,
} from '@nashr/contracts';
import {
  AppError,
  type IdempotentReplies,
  identityOf,
  type PublicAddressRefusal,
  publicAddressRefusal,
  route,
  type ServiceApp,
} from '@nashr/platform';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema.js';
import type { WebhookDispatcher } from '../webhooks/webhook-jobs.js';
import type { WebhookStore } from '../webhooks/webhook-store.js';

export interface WebhookRouteDeps {
  dispatcher: WebhookDispatcher;
  /** Outside production: a receiver on this machine may be added (plain http too), for tests and development. */
  allowLoopback: boolean;
  /** A repeated creation (same Idempotency-Key) gets the first answer instead of a second endpoint. */
  once: IdempotentReplies;
}

const REFUSALS: Record<PublicAddressRefusal, string> = {
  malformed: 'Enter a full address, starting with https://',
  not_https: 'A webhook address must start with https://',
  credentials: 'A webhook address carries no user name or password',
  unresolved: 'The host of this address could not be found',
  not_public: 'A webhook address must reach a public server, not a private network or this machine',
};

const shownEndpoint = (store: WebhookStore, row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  secretHint: store.secretHint(row),
  createdAt: row.createdAt.toISOString(),
});

const shownDelivery = (row: WebhookDeliveryRow) => ({
  id: row.id,
  eventId: row.eventId,
  type: row.type as WebhookDeliveryType,
  status: row.status as 'pending' | 'retrying' | 'delivered' | 'failed',
  statusCode: row.statusCode,
  excerpt: row.excerpt,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
});

const endpointNotFound = () =>
  new AppError('NOT_FOUND', 'This webhook does not exist or was removed', { code: WEBHOOK_ERROR_CODES.notFound });

/**
 * The signed-in user's webhook endpoints (a session, or a token with `webhooks:manage`): listed,
 * added (the secret shown once), removed; each one's delivery log, a test event and redeliveries.
 * Only the caller's own endpoints are ever searched: another user's id is simply not found.
 */
export function webhookRoutes(app: ServiceApp, deps: WebhookRouteDeps): void {
  const { dispatcher } = deps;
  const { store } = dispatcher;
  const owned = async (userId: string, id: string) => {
    const endpoint = await store.find(userId, id);
    if (!endpoint) throw endpointNotFound();
    return endpoint;
  };

  route(app, API.webhooks.list, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const endpoints = await store.list(identityOf(request).userId);
    return { success: true as const, data: { endpoints: endpoints.map((row) => shownEndpoint(store, row)) } };
  });

  route(app, API.webhooks.create, { once: deps.once, checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const { url, events } = request.body;
    const refusal = await publicAddressRefusal(url, { allowLoopback: deps.allowLoopback });
    if (refusal) {
      throw new AppError('BAD_REQUEST', REFUSALS[refusal], { code: WEBHOOK_ERROR_CODES.urlRefused });
    }
    const created = await store.create(userId, { url, events });
    if (created === 'limit_reached') {
      throw new AppError(
        'CONFLICT',
        `An account may hold at most ${MAX_WEBHOOK_ENDPOINTS} webhooks: remove one first`,
        {
          code: WEBHOOK_ERROR_CODES.limitReached,
          params: { max: MAX_WEBHOOK_ENDPOINTS },
        },
      );
    }
    const { endpoint, secret } = created;
    request.log.info({ userId, webhookId: endpoint.id, host: new URL(url).host, events }, 'webhook added');
    reply.status(201).header('cache-control', 'no-store');
    // The one answer that shows the secret (a repeat with the same Idempotency-Key replays it, sealed in Redis).
    return { success: true as const, data: { secret, endpoint: shownEndpoint(store, endpoint) } };
  });

  route(app, API.webhooks.remove, {}, async (request) => {
    const { userId } = identityOf(request);
    if (!(await store.remove(userId, request.params.id))) throw endpointNotFound();
    request.log.info({ userId, webhookId: request.params.id }, 'webhook removed');
    return { success: true as const, message: 'The webhook is removed' };
  });

  route(app, API.webhooks.deliveries, { checkResponses: true }, async (request, reply) => {
    const endpoint = await owned(identityOf(request).userId, request.params.id);
    reply.header('cache-control', 'no-store');
    const deliveries = await store.deliveries(endpoint.id);
    return { success: true as const, data: { deliveries: deliveries.map(shownDelivery) } };
  });

  route(app, API.webhooks.sendTest, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const endpoint = await owned(userId, request.params.id);
    const deliveryId = await dispatcher.test(endpoint, request.id);
    const delivery = await store.findDelivery(userId, endpoint.id, deliveryId);
    if (!delivery) throw endpointNotFound();
    request.log.info({ userId, webhookId: endpoint.id, deliveryId }, 'webhook test event queued');
    reply.status(202);
    return { success: true as const, data: { delivery: shownDelivery(delivery) } };
  });

  route(app, API.webhooks.redeliver, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const endpoint = await owned(userId, request.params.id);
    const original = await store.findDelivery(userId, endpoint.id, request.params.deliveryId);
    if (!original) {
      throw new AppError('NOT_FOUND', "This delivery is no longer in the webhook's log", {
        code: WEBHOOK_ERROR_CODES.deliveryNotFound,
      });
    }
    const deliveryId = await dispatcher.redeliver(original, request.id);
    const delivery = await store.findDelivery(userId, endpoint.id, deliveryId);
    if (!delivery) throw endpointNotFound();
    request.log.info({ userId, webhookId: endpoint.id, deliveryId, of: original.id }, 'webhook delivery sent again');
    reply.status(202);
    return { success: true as const, data: { delivery: shownDelivery(delivery) } };
  });
}
