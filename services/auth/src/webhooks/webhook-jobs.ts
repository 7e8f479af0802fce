import { createHash, randomBytes } from 'node:crypto';
import {
  draftReviewNoticeEvent,
  engageCommentSentEvent,
  postNeedsAttentionEvent,
  postPublishedEvent,
  postPublishFailedEvent,
  postScheduledEvent,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryType,
  type WebhookEventType,
  webhookDeliveryJob,
} from '@nashr/contracts';
import { handleJob, type Queues } from '@nashr/platform';
import type { Job } from 'bullmq';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema.js';
import { type SendOptions, sendDelivery, signatureHeader } from './delivery.js';
import type { WebhookStore } from './webhook-store.js';

/**
 * Attempts of one delivery: the first and 11 retries with exponential backoff from
 * `retryBaseMs` (40 s by default: 40 s, 80 s, ... 11 h), about 23 hours in all.
 */
export const WEBHOOK_ATTEMPTS = 12;

/**
 * The priority of a delivery's retries. A job without a priority (an event, a delivery's first
 * attempt) is always taken before a prioritized one, so a retry waits until no first attempt is
 * waiting: refused deliveries never make the first attempts of others late.
 */
export const WEBHOOK_RETRY_PRIORITY = 1;

/** An event's id in a delivery (`evt_` and 24 characters). */
const newEventId = () => `evt_${randomBytes(18).toString('base64url')}`;

/**
 * The id of the event a job carries: the same however often the job runs (its retries), and
 * different for every job (its queue id and the time it was added).
 */
const eventIdOf = (job: Job) =>
  `evt_${createHash('sha256').update(`${job.name}:${job.id}:${job.timestamp}`).digest('base64url').slice(0, 24)}`;

/** The body as signed and sent: the same bytes in every attempt and redelivery. */
const bodyOf = (id: string, type: WebhookDeliveryType, createdAt: Date, data: Record<string, unknown>) =>
  JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data });

/** Stores deliveries and queues them on auth-webhooks: for the API (tests, redeliveries) and the worker (events). */
export class WebhookDispatcher {
  constructor(
    readonly store: WebhookStore,
    private readonly queues: Queues,
    /** The first retry's wait; each next one waits twice as long. */
    private readonly retryBaseMs: number,
  ) {}

  private async enqueue(deliveryId: string, requestId?: string): Promise<void> {
    await this.queues.enqueue(
      webhookDeliveryJob,
      { deliveryId, ...(requestId ? { requestId } : {}) },
      {
        jobId: `webhook-delivery-${deliveryId}`,
        attempts: WEBHOOK_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.retryBaseMs },
      },
    );
  }

  /** Tells each of the user's endpoints that chose `type`; an event told twice is delivered once. */
  async event(
    userId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    event: { id: string; createdAt: Date; requestId?: string },
  ): Promise<number> {
    const endpoints = await this.store.subscribedTo(userId, type);
    const body = bodyOf(event.id, type, event.createdAt, data);
    for (const endpoint of endpoints) {
      const deliveryId = await this.store.addDelivery({
        endpointId: endpoint.id,
        userId,
        eventId: event.id,
        type,
        trigger: 'event',
        body,
      });
      await this.enqueue(deliveryId, event.requestId);
    }
    return endpoints.length;
  }

  /** "Send a test event": a `webhook.test` event of its own. */
  async test(endpoint: WebhookEndpointRow, requestId?: string): Promise<string> {
    const id = newEventId();
    const body = bodyOf(id, WEBHOOK_TEST_EVENT, new Date(), {
      webhookId: endpoint.id,
      message: 'A test event from Nashr: this endpoint receives and verifies deliveries.',
    });
    const deliveryId = await this.store.addDelivery({
      endpointId: endpoint.id,
      userId: endpoint.userId,
      eventId: id,
      type: WEBHOOK_TEST_EVENT,
      trigger: 'test',
      body,
    });
    await this.enqueue(deliveryId, requestId);
    return deliveryId;
  }

  /** The same event again (its id and body), as a new entry of the log. */
  async redeliver(delivery: WebhookDeliveryRow, requestId?: string): Promise<string> {
    const deliveryId = await this.store.addDelivery({
      endpointId: delivery.endpointId,
      userId: delivery.userId,
      eventId: delivery.eventId,
      type: delivery.type as WebhookDeliveryType,
      trigger: 'redeliver',
      body: delivery.body,
    });
    await this.enqueue(deliveryId, requestId);
    return deliveryId;
  }
}

const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * The auth-webhooks queue: the post and Engage comment events the user's endpoints may choose, each turned into one
 * stored delivery per endpoint that chose it; and each delivery's attempts. A delivery reads its
 * endpoint when it runs (removed meanwhile: nothing is sent), is signed afresh each attempt, and
 * is retried with backoff until a 2xx answer or its attempts run out.
 */
export function webhookHandlers(deps: { dispatcher: WebhookDispatcher; send: SendOptions }) {
  const { dispatcher } = deps;
  const { store } = dispatcher;
  const tell = (job: Job, userId: string, type: WebhookEventType, data: Record<string, unknown>, requestId?: string) =>
    dispatcher
      .event(userId, type, data, { id: eventIdOf(job), createdAt: new Date(job.timestamp), requestId })
      .then((endpoints) => ({ endpoints }));
  return [
    handleJob(postScheduledEvent, ({ userId, postId, scheduledAt, requestId }, job) =>
      tell(job, userId, 'post.scheduled', { postId, scheduledAt }, requestId),
    ),
    handleJob(postPublishedEvent, ({ userId, postId, networkPostId, url, publishedAt, firstComment, requestId }, job) =>
      tell(
        job,
        userId,
        'post.published',
        { postId, networkPostId, url, publishedAt, ...(firstComment ? { firstComment } : {}) },
        requestId,
      ),
    ),
    handleJob(postPublishFailedEvent, ({ userId, postId, reason, code, permanent, requestId }, job) =>
      tell(job, userId, 'post.failed', { postId, reason, code: code ?? null, permanent }, requestId),
    ),
    handleJob(postNeedsAttentionEvent, ({ userId, postId, cause, scheduledAt, requestId }, job) =>
      tell(job, userId, 'post.needs_attention', { postId, cause, scheduledAt }, requestId),
    ),
    // A review notice is one member's: a reviewer told of a draft sent for review, an author of its
    // approval. The other kinds (comments, mentions, changes requested) are no webhook event.
    handleJob(draftReviewNoticeEvent, async ({ userId, kind, workspaceId, draftId, actorId, requestId }, job) => {
      const type =
        kind === 'review_requested' ? 'draft.submitted' : kind === 'draft_approved' ? 'draft.approved' : null;
      if (!type) return { endpoints: 0 };
      return tell(job, userId, type, { draftId, workspaceId, by: actorId }, requestId);
    }),
    handleJob(
      engageCommentSentEvent,
      ({ userId, commentId, postId, postUrl, url, text, origin, sentAt, requestId }, job) =>
        tell(job, userId, 'comment.sent', { commentId, postId, postUrl, url, text, origin, sentAt }, requestId),
    ),
    handleJob(webhookDeliveryJob, async ({ deliveryId }, job, log) => {
      const found = await store.deliveryWithEndpoint(deliveryId);
      if (!found) return { outcome: 'gone' };
      const { delivery, endpoint } = found;
      if (delivery.status === 'delivered') return { outcome: 'delivered' };
      const signature = signatureHeader(store.secretOf(endpoint), delivery.body, Math.floor(Date.now() / 1000));
      const result = await sendDelivery(endpoint.url, { id: delivery.eventId, signature }, delivery.body, deps.send);
      const delivered = is2xx(result.statusCode);
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await store.recordAttempt(deliveryId, {
        status: delivered ? 'delivered' : last ? 'failed' : 'retrying',
        statusCode: result.statusCode,
        excerpt: result.excerpt || null,
      });
      const about = { deliveryId, webhookId: endpoint.id, type: delivery.type, statusCode: result.statusCode };
      if (!delivered) {
        log.info({ ...about, last }, 'webhook delivery not accepted');
        // Its retries go behind the first attempts waiting (the priority is kept for the next attempts).
        if (!last && !job.priority) await job.changePriority({ priority: WEBHOOK_RETRY_PRIORITY });
        throw new Error(`The receiver did not accept the delivery (${result.statusCode ?? result.excerpt})`);
      }
      log.info(about, 'webhook delivered');
      return { outcome: 'delivered' };
    }),
  ];
}
