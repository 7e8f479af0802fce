import type { EventContract, JobContract, QueueName, RequestContract, WithRequestId } from '@nashr/contracts';
import { DelayedError, type Job, type JobsOptions, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import type { z } from 'zod';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';
import { type JobOutcome, recordJob } from './metrics.js';
import type { Redis } from './redis.js';

export interface QueueContext {
  /** A request-path connection for producers, a worker connection for workers. */
  connection: Redis;
  /** The installation's REDIS_PREFIX (tests use one of their own per file); see queueKeyPrefix. */
  prefix: string;
}

/**
 * BullMQ's key prefix for an installation's queues: REDIS_PREFIX in a Redis Cluster hash tag
 * (`{nashr}`), so every key of a queue hashes to one slot, as BullMQ's multi-key scripts need
 * on a cluster. A queue's waiting jobs are the list `{nashr}:<queue>:wait`.
 */
/**
 * An outside id (a network's post id) as a part of a job id: BullMQ refuses custom ids with a
 * colon, and the network's ids are URNs (`urn:li:activity:…`). Each colon becomes `_`.
 */
export const jobIdPart = (id: string): string => id.replaceAll(':', '_');

export function queueKeyPrefix(prefix: string): string {
  return `{${prefix}}`;
}

/** SCAN patterns matching every key of an installation: its queues and its other keys. */
export function installationKeyPatterns(prefix: string): string[] {
  return [`${queueKeyPrefix(prefix)}:*`, `${prefix}:*`];
}

/** Bounded history: finished jobs are kept for inspection but never pile up without end. */
const DEFAULT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
};

/**
 * A request (`Queues.ask`) that got no answer: its job failed (`failed`, with the consumer's
 * reason), or no outcome arrived in time (`timeout`; a job no worker had started is taken back).
 */
export class NoAnswerError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'NoAnswerError';
  }
}

/** Queues keyed by name, made once and shared by every producer in the process. */
export class Queues {
  private readonly queues = new Map<QueueName, Queue>();
  /** The outcomes of jobs asked for, one listener per queue, on a connection of its own (it blocks). */
  private readonly listeners = new Map<QueueName, Promise<QueueEvents>>();
  private readonly listenerConnections: Redis[] = [];
  constructor(
    private readonly context: QueueContext,
    private readonly logger: Logger,
  ) {}

  get(name: QueueName): Queue {
    // BullMQ waits without limit for a connection that is reconnecting. On a request connection
    // (offline queue off) a request must be refused at once instead: 503, not a hang.
    const { connection } = this.context;
    if (connection.options.enableOfflineQueue === false && connection.status !== 'ready') {
      throw new AppError('UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.');
    }
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.context.connection,
        prefix: queueKeyPrefix(this.context.prefix),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      queue.on('error', (err) => this.logger.error({ err, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Validates the payload against its contract, then adds the job. */
  async enqueue<C extends JobContract>(
    contract: C,
    payload: z.input<C['schema']>,
    options: JobsOptions = {},
  ): Promise<Job> {
    const data = contract.schema.parse(payload);
    return this.get(contract.queue).add(contract.name, data, options);
  }

  /** Delivers an event to the inbox queue of every subscriber. */
  async publish<E extends EventContract>(
    event: E,
    payload: z.input<E['schema']>,
    options: { id?: string; removeOnComplete?: boolean } = {},
  ): Promise<void> {
    const data = event.schema.parse(payload);
    const jobOptions: JobsOptions = {
      ...(options.id ? { jobId: `${event.name}-${options.id}` } : {}),
      ...(options.removeOnComplete ? { removeOnComplete: true } : {}),
    };
    await Promise.all(event.subscribers.map((queue) => this.get(queue).add(event.name, data, jobOptions)));
  }

  /**
   * Adds a request job and waits, at most `timeoutMs`, for its consumer's answer (its return
   * value, checked against the contract's answer schema). One attempt: the caller decides what a
   * failure means. Throws `NoAnswerError` when the job failed or no outcome came in time; a job
   * no worker has started by then is removed, so it does not act after the caller gave up. The
   * finished job is removed too: nothing of the request stays in Redis.
   */
  async ask<C extends RequestContract>(
    contract: C,
    payload: z.input<C['schema']>,
    options: { timeoutMs: number },
  ): Promise<z.infer<C['answer']>> {
    const data = contract.schema.parse(payload);
    const queue = this.get(contract.queue);
    const events = await this.listenerOf(contract.queue);
    // LIFO: a person waiting goes ahead of the queue's backlog of events.
    const job = await queue.add(contract.name, data, {
      attempts: 1,
      lifo: true,
      removeOnComplete: false,
      removeOnFail: false,
    });
    try {
      const answer: unknown = await job.waitUntilFinished(events, options.timeoutMs);
      return contract.answer.parse(answer) as z.infer<C['answer']>;
    } catch (error) {
      if (error instanceof NoAnswerError || (error as Error).name === 'ZodError') throw error;
      const state = job.id ? await queue.getJobState(job.id).catch(() => 'unknown') : 'unknown';
      if (state === 'failed') throw new NoAnswerError('failed', (error as Error).message);
      throw new NoAnswerError('timeout', `No answer to ${contract.name} within ${options.timeoutMs} ms (${state})`);
    } finally {
      // A job a worker holds cannot be removed (it finishes on its own); any other one goes.
      await job.remove().catch(() => {});
    }
  }

  /** The queue's event listener, started once; it reads the stream from its current end, so no outcome is missed. */
  private listenerOf(name: QueueName): Promise<QueueEvents> {
    let listener = this.listeners.get(name);
    if (!listener) {
      listener = (async () => {
        // Its own connection: a listener blocks on it between events.
        const connection = this.context.connection.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
        connection.on('error', () => {});
        this.listenerConnections.push(connection);
        const queue = this.get(name);
        const [last] = await this.context.connection.xrevrange(queue.keys.events ?? '', '+', '-', 'COUNT', 1);
        const events = new QueueEvents(name, {
          connection,
          prefix: queueKeyPrefix(this.context.prefix),
          lastEventId: last?.[0] ?? '0-0',
        });
        events.on('error', (err) => this.logger.error({ err, queue: name }, 'queue events error'));
        await events.waitUntilReady();
        return events;
      })();
      listener.catch(() => this.listeners.delete(name));
      this.listeners.set(name, listener);
    }
    return listener;
  }

  async close(): Promise<void> {
    const listeners = await Promise.allSettled(this.listeners.values());
    await Promise.all(listeners.map((l) => (l.status === 'fulfilled' ? l.value.close() : undefined)));
    this.listeners.clear();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    for (const connection of this.listenerConnections.splice(0)) connection.disconnect();
  }
}

export interface JobHandler<C extends JobContract | EventContract> {
  contract: C;
  handle: (payload: z.infer<C['schema']>, job: Job, log: Logger) => Promise<unknown>;
}

/** Pairs a contract with its handler, keeping the payload type of the handler exact. */
export function handleJob<C extends JobContract | EventContract>(
  contract: C,
  handle: JobHandler<C>['handle'],
): JobHandler<C> {
  return { contract, handle };
}

/**
 * Puts a running job back in its queue's delayed set until `at` without using up a try (a rate
 * limit said when to come back), so its worker takes other work meanwhile. The handler throws
 * what this answers: BullMQ then knows the job was moved, not failed.
 */
export async function putOff(job: Job, at: number): Promise<Error> {
  if (!job.token) throw new Error(`job ${job.id} is not held by this worker: it cannot be put off`);
  await job.moveToDelayed(at, job.token);
  return new DelayedError(`put off until ${new Date(at).toISOString()}`);
}

/**
 * BullMQ's own rule (Job.shouldRetryJob): another attempt follows unless the error forbids it or
 * none are left. A job put off (`putOff`) comes back later without using up a try.
 */
function attemptOutcome(job: Job, error: unknown): JobOutcome {
  if (error instanceof DelayedError) return 'retried';
  const unrecoverable =
    error instanceof UnrecoverableError || (error as Error | undefined)?.name === 'UnrecoverableError';
  return !unrecoverable && job.attemptsMade + 1 < (job.opts.attempts ?? 1) ? 'retried' : 'failed';
}

/** How long a worker's hold on a job lasts without renewal, and how often dead holders are looked for. */
export interface JobLock {
  durationMs: number;
  checkEveryMs: number;
}

/**
 * A worker that dies holds its jobs until their lock expires: BullMQ's default of 30 s (checked
 * every 30 s) delayed due posts by up to a minute in the scheduler benchmark. Live workers renew
 * their locks every half period, so a shorter lock costs only a little Redis traffic.
 */
const DEFAULT_JOB_LOCK: JobLock = { durationMs: 10_000, checkEveryMs: 10_000 };

export interface WorkerOptions {
  concurrency?: number;
  logger: Logger;
  /**
   * Shorter for jobs whose lateness matters and that are safe to run twice at once: a process too
   * busy to renew in time lets a second worker start the same job.
   */
  lock?: JobLock;
}

/**
 * A worker for one queue. Each job's payload is validated against the contract of its name
 * before the handler runs; an unknown name or an invalid payload fails at once, without retries,
 * and stays in the failed set for inspection.
 */
export function createWorker(
  queue: QueueName,
  // biome-ignore lint/suspicious/noExplicitAny: handlers for different contracts live in one list
  handlers: JobHandler<any>[],
  context: QueueContext,
  options: WorkerOptions,
): Worker {
  const byName = new Map(handlers.map((h) => [h.contract.name as string, h]));
  const run = async (job: Job) => {
    const handler = byName.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue ${queue}`);
    const parsed = handler.contract.schema.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(`Invalid payload for ${job.name}: ${parsed.error.issues[0]?.message ?? ''}`);
    }
    const requestId = (job.data as WithRequestId).requestId;
    const log = options.logger.child({ queue, job: job.name, jobId: job.id, ...(requestId ? { requestId } : {}) });
    return handler.handle(parsed.data, job, log);
  };
  const worker = new Worker(
    queue,
    async (job) => {
      const started = performance.now();
      try {
        const result = await run(job);
        recordJob(queue, job.name, 'completed', (performance.now() - started) / 1000);
        return result;
      } catch (error) {
        recordJob(queue, job.name, attemptOutcome(job, error), (performance.now() - started) / 1000);
        throw error;
      }
    },
    {
      connection: context.connection,
      prefix: queueKeyPrefix(context.prefix),
      concurrency: options.concurrency ?? 5,
      lockDuration: (options.lock ?? DEFAULT_JOB_LOCK).durationMs,
      stalledInterval: (options.lock ?? DEFAULT_JOB_LOCK).checkEveryMs,
    },
  );
  worker.on('error', (err) => options.logger.error({ err, queue }, 'worker error'));
  worker.on('failed', (job, err) =>
    options.logger.warn({ err, queue, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed'),
  );
  return worker;
}

/** Every state a job can rest in (a paused queue's jobs are `waiting`); `active` is left out because its worker still holds it. */
const RESTING_STATES = ['waiting', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;
const FORGET_PAGE = 500;

/**
 * Removes the jobs of a queue whose payload `matches` or whose id contains one of `idMentions`
 * (ids such as `personalization-updated-{userId}-3`), in every resting state, so that queued and
 * finished jobs (kept for a day or a week for inspection) stop holding a deleted user's data. The
 * queue's event stream forgets those job ids too. Returns how many jobs were removed.
 */
export async function forgetJobs(
  queue: Queue,
  matches: (data: Record<string, unknown>) => boolean,
  idMentions: readonly string[] = [],
): Promise<number> {
  const mentioned = (id: string) => idMentions.some((mention) => id.includes(mention));
  const removedIds = new Set<string>();
  for (const state of RESTING_STATES) {
    for (let start = 0; ; start += FORGET_PAGE) {
      const jobs = await queue.getJobs([state], start, start + FORGET_PAGE - 1, true);
      let removedHere = 0;
      for (const job of jobs) {
        if (!job?.id) continue;
        const data = job.data && typeof job.data === 'object' ? (job.data as Record<string, unknown>) : {};
        if (!matches(data) && !mentioned(job.id)) continue;
        await queue.remove(job.id);
        removedIds.add(job.id);
        removedHere++;
      }
      if (jobs.length < FORGET_PAGE) break;
      // Removed jobs shift the later ones forward: read the same window again.
      start -= removedHere;
    }
  }
  await forgetEvents(queue, (jobId) => removedIds.has(jobId) || mentioned(jobId));
  return removedIds.size;
}

/** Deletes the entries of the queue's event stream about the jobs `about` names. */
async function forgetEvents(queue: Queue, about: (jobId: string) => boolean): Promise<void> {
  // BullMQ types its client by the commands it uses itself; the object is the ioredis connection.
  const client = (await queue.getBackend().client) as unknown as Redis;
  const stream = queue.keys.events;
  if (!stream) return;
  const entries = await client.xrange(stream, '-', '+');
  const doomed: string[] = [];
  for (const [entryId, fields] of entries) {
    for (let i = 0; i + 1 < fields.length; i += 2) {
      if (fields[i] === 'jobId' && about(fields[i + 1] as string)) doomed.push(entryId);
    }
  }
  for (let i = 0; i < doomed.length; i += FORGET_PAGE) {
    await client.xdel(stream, ...doomed.slice(i, i + FORGET_PAGE));
  }
}

/** A matcher for `forgetJobs`: the payload names this user. */
export function jobOfUser(userId: string, email?: string): (data: Record<string, unknown>) => boolean {
  const address = email?.toLowerCase();
  return (data) =>
    data.userId === userId ||
    (address !== undefined && typeof data.email === 'string' && data.email.toLowerCase() === address);
}
