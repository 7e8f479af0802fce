import type { SendOptions } from '../webhooks/delivery.js';
import { type WebhookDispatcher, webhookHandlers } from '../webhooks/webhook-jobs.js';

/** The auth-webhooks queue: post events told to the users' webhook endpoints, and each delivery. */
export function authWebhooks(deps: { dispatcher: WebhookDispatcher; send: SendOptions }) {
  return webhookHandlers(deps);
}
