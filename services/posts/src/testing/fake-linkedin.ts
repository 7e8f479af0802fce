import { postPublishedEvent, postPublishFailedEvent, publishPostJob, QUEUES } from '@nashr/contracts';
import { createWorker, handleJob, type Logger, type QueueContext, Queues } from '@nashr/platform';

export type FakeOutcome = { ok: true } | { ok: false; reason: string; code?: string; permanent?: boolean };

export interface FakeLinkedinOptions {
  context: QueueContext;
  logger: Logger;
  /** Simulated network latency of one publish. */
  latencyMs?: number;
  concurrency?: number;
  /** Decides each publish; accepted by default. */
  outcome?: (text: string) => FakeOutcome;
  /** Decides each first comment; posted by default. */
  commentOutcome?: (comment: string) => { ok: true } | { ok: false; reason: string; code?: string };
}

export interface NetworkPost {
  postId: string;
  attempt: number;
  text: string;
  networkPostId: string;
  publishedAt: Date;
  /** The object-store keys of the images the job carried, in order. */
  attachments: string[];
  /** The network member the post was handed over for. */
  identity: string | null;
  /** What became of the first comment the job carried, decided once with the post. */
  firstComment?: { status: 'posted' | 'failed'; reason?: string; code?: string; text: string };
}

/**
 * Plays the linkedin service in tests and benchmarks: a real BullMQ worker on the publish queue
 * that "publishes" after a latency and answers with the real result events. Like the real one it
 * is idempotent per hand-over (post id + attempt): a job delivered again re-sends the answer
 * without publishing again. `networkPosts` is what reached the network; `deliveries` counts every
 * job run, so tests can tell a repeated hand-over from a double publish.
 */
export class FakeLinkedin {
  readonly networkPosts: NetworkPost[] = [];
  readonly deliveries = new Map<string, number>();
  private readonly byHandOver = new Map<string, NetworkPost>();
  private readonly events: Queues;
  private readonly worker;
  private readonly workerConnection;
  private gate: Promise<void> | null = null;
  private openGate: () => void = () => {};
  private holding = 0;

  constructor(private readonly options: FakeLinkedinOptions) {
    this.events = new Queues(options.context, options.logger);
    this.workerConnection = options.context.connection.duplicate({ maxRetriesPerRequest: null });
    this.worker = createWorker(
      QUEUES.linkedinPublish,
      [handleJob(publishPostJob, (payload, job) => this.publish(payload, job.id ?? ''))],
      { ...options.context, connection: this.workerConnection },
      { logger: options.logger, concurrency: options.concurrency ?? 20 },
    );
  }

  /** Holds every publish until the returned function is called. */
  hold(): () => void {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
    return () => {
      this.gate = null;
      this.openGate();
    };
  }

  /** Publishes waiting at the gate right now. */
  get held(): number {
    return this.holding;
  }

  published(postId: string): NetworkPost[] {
    return this.networkPosts.filter((p) => p.postId === postId);
  }

  deliveriesOf(postId: string): number {
    let total = 0;
    for (const [jobId, count] of this.deliveries) if (jobId.startsWith(`publish-${postId}-`)) total += count;
    return total;
  }

  async close(): Promise<void> {
    this.openGate();
    await this.worker.close();
    await this.events.close();
    this.workerConnection.disconnect();
  }

  private async publish(
    payload: {
      postId: string;
      userId: string;
      text: string;
      firstComment?: string;
      attachments?: { key: string }[];
      attempt: number;
      identity?: string;
      requestId?: string;
    },
    jobId: string,
  ): Promise<void> {
    this.deliveries.set(jobId, (this.deliveries.get(jobId) ?? 0) + 1);
    const key = `${payload.postId}-${payload.attempt}`;
    let done = this.byHandOver.get(key);
    if (!done) {
      if (this.options.latencyMs) await new Promise((r) => setTimeout(r, this.options.latencyMs));
      if (this.gate) {
        this.holding += 1;
        await this.gate;
        this.holding -= 1;
      }
      done = this.byHandOver.get(key);
    }
    if (!done) {
      const outcome = this.options.outcome?.(payload.text) ?? { ok: true };
      if (!outcome.ok) {
        await this.events.publish(postPublishFailedEvent, {
          postId: payload.postId,
          userId: payload.userId,
          reason: outcome.reason,
          code: outcome.code,
          permanent: outcome.permanent ?? true,
        });
        return;
      }
      done = {
        postId: payload.postId,
        attempt: payload.attempt,
        text: payload.text,
        attachments: (payload.attachments ?? []).map((item) => item.key),
        identity: payload.identity ?? null,
        networkPostId: `urn:li:share:${7_000_000 + this.networkPosts.length}`,
        publishedAt: new Date(),
      };
      if (payload.firstComment) {
        const said = this.options.commentOutcome?.(payload.firstComment) ?? { ok: true };
        done.firstComment = said.ok
          ? { status: 'posted', text: payload.firstComment }
          : { status: 'failed', reason: said.reason, code: said.code, text: payload.firstComment };
      }
      this.byHandOver.set(key, done);
      this.networkPosts.push(done);
    }
    await this.events.publish(postPublishedEvent, {
      postId: payload.postId,
      userId: payload.userId,
      networkPostId: done.networkPostId,
      url: `https://www.linkedin.com/feed/update/${done.networkPostId}/`,
      publishedAt: done.publishedAt.toISOString(),
      ...(done.firstComment
        ? {
            firstComment: {
              status: done.firstComment.status,
              reason: done.firstComment.reason ?? null,
              ...(done.firstComment.code ? { code: done.firstComment.code } : {}),
            },
          }
        : {}),
    });
  }
}
