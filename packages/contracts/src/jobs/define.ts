import type { z } from 'zod';

/**
 * Queue names are part of the stored state in Redis: once released they are frozen.
 * BullMQ forbids ':' in names, so words are joined with '-'.
 */
export const QUEUES = {
  /** auth-worker: outgoing e-mail. */
  authMail: 'auth-mail',
  /** auth-worker: Web Push deliveries, apart from the mail so a slow push service never holds up an e-mail. */
  authPush: 'auth-push',
  /**
   * auth-worker: outgoing webhooks, the post events they tell of and each delivery, apart from
   * mail and push so a slow receiver never holds them up.
   */
  authWebhooks: 'auth-webhooks',
  /** auth-worker: events the auth service subscribes to. */
  authInbox: 'auth-inbox',
  /** ai-worker: events the ai service subscribes to. */
  aiInbox: 'ai-inbox',
  /** ai-worker: comment suggestions the engage service asks to be written (apart from the inbox, so many never hold up an event). */
  aiComments: 'ai-comments',
  /** posts-worker: delayed jobs that fire when a scheduled post is due. */
  postsDue: 'posts-due',
  /** posts-worker: events the posts service subscribes to. */
  postsInbox: 'posts-inbox',
  /** linkedin-worker: publish requests from the posts service, and Engage's comments sent through the official API. */
  linkedinPublish: 'linkedin-publish',
  /** linkedin-worker: events the linkedin service subscribes to. */
  linkedinInbox: 'linkedin-inbox',
  /** linkedin-worker: each connected account's analytics snapshot (repeatable) and the daily retention. */
  linkedinAnalytics: 'linkedin-analytics',
  /** content-worker: events the content service subscribes to (plans, deleted accounts). */
  contentInbox: 'content-inbox',
  /** billing-worker: events the billing service subscribes to (new accounts, provider webhooks). */
  billingInbox: 'billing-inbox',
  /** engage-worker: events the engage service subscribes to (plans, deleted accounts). */
  engageInbox: 'engage-inbox',
  /** engage-worker: each user's feed refresh (repeatable), the suggestions prepared ahead and the ai service's answers. */
  engageFeed: 'engage-feed',
  /** engage-worker: each autopilot's chain of delayed ticks, one user's at a time. */
  engageAutopilot: 'engage-autopilot',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** One job kind: the queue it travels on, its name and its payload schema. */
export interface JobContract<Name extends string = string, Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly queue: QueueName;
  readonly name: Name;
  readonly schema: Schema;
}

export type JobPayload<C extends JobContract> = z.infer<C['schema']>;

export function defineJob<const Name extends string, Schema extends z.ZodTypeAny>(
  queue: QueueName,
  name: Name,
  schema: Schema,
): JobContract<Name, Schema> {
  return { queue, name, schema };
}

/**
 * A job whose producer waits for its outcome (a request and its reply over the queue): the
 * consumer's return value is the answer, checked against `answer` by the producer.
 */
export interface RequestContract<
  Name extends string = string,
  Schema extends z.ZodTypeAny = z.ZodTypeAny,
  Answer extends z.ZodTypeAny = z.ZodTypeAny,
> extends JobContract<Name, Schema> {
  readonly answer: Answer;
}

export function defineRequest<const Name extends string, Schema extends z.ZodTypeAny, Answer extends z.ZodTypeAny>(
  queue: QueueName,
  name: Name,
  schema: Schema,
  answer: Answer,
): RequestContract<Name, Schema, Answer> {
  return { queue, name, schema, answer };
}

/**
 * An event is published once and delivered as a job to the inbox queue of every subscriber,
 * so each service consumes it at its own pace and a slow one never holds the others back.
 */
export interface EventContract<Name extends string = string, Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly name: Name;
  readonly schema: Schema;
  readonly subscribers: readonly QueueName[];
}

export function defineEvent<const Name extends string, Schema extends z.ZodTypeAny>(
  name: Name,
  schema: Schema,
  subscribers: readonly QueueName[],
): EventContract<Name, Schema> {
  return { name, schema, subscribers };
}

/** Every job and event payload carries the request id of the HTTP request that caused it. */
export type WithRequestId = { requestId?: string };
