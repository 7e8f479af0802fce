import { QUEUES } from '@nashr/contracts';
import { createWorker, type Database, type Logger, type ObjectStore, Queues, type Redis } from '@nashr/platform';
import type { WorkerConfig } from '../config.js';
import type { schema } from '../db/schema.js';
import { UserMedia } from '../media/user-media.js';
import { createServices } from '../services.js';
import { postsDue } from './posts-due.js';
import { postsInbox } from './posts-inbox.js';
import { type ReconcileReport, Reconciler } from './reconciler.js';
import { RedisLossWatch } from './redis-loss-watch.js';

/**
 * Due posts held by a worker that died are taken over within about 4 s. Safe to run twice at once:
 * the claim is per version and the hand-over job id is per attempt.
 */
const DUE_JOB_LOCK = { durationMs: 3000, checkEveryMs: 1000 };

/** How soon a Redis that lost its data (flushed, restarted empty) is noticed. */
const LOSS_CHECK_MS = 1000;

export type PostsWorkerSettings = Pick<
  WorkerConfig,
  'RECONCILE_INTERVAL_MS' | 'PUBLISH_STUCK_MS' | 'PUBLISH_GIVE_UP_MS' | 'POSTS_WORKER_CONCURRENCY'
> &
  Partial<Pick<WorkerConfig, 'SCHEDULE_HORIZON_MS'>>;

export interface PostsWorkerDeps {
  settings: PostsWorkerSettings;
  logger: Logger;
  database: Database<typeof schema>;
  /** A worker connection (`createRedis(url, 'worker')`): BullMQ waits on it forever. */
  redis: Redis;
  prefix: string;
  /** The uploaded files, deleted with a deleted account. */
  storage: ObjectStore;
}

export interface PostsWorker {
  /** Runs the reconciler now (it also runs at start and every RECONCILE_INTERVAL_MS). */
  reconcile: () => Promise<ReconcileReport>;
  /** Stops the timer, lets running jobs finish, closes the queues. */
  close: () => Promise<void>;
}

/** Due jobs, the network's answers and the reconciler, for one worker process. */
export async function startPostsWorker({
  settings,
  logger,
  database,
  redis,
  prefix,
  storage,
}: PostsWorkerDeps): Promise<PostsWorker> {
  const context = { connection: redis, prefix };
  const { store, queues, planLimits, members, reviewStore } = createServices({
    database,
    queues: new Queues(context, logger),
    logger,
    scheduleHorizonMs: settings.SCHEDULE_HORIZON_MS,
  });
  const options = { logger, concurrency: settings.POSTS_WORKER_CONCURRENCY };
  const workers = [
    createWorker(QUEUES.postsDue, postsDue(store, queues), context, { ...options, lock: DUE_JOB_LOCK }),
    createWorker(
      QUEUES.postsInbox,
      postsInbox(store, queues.queues, planLimits, new UserMedia(database.db, storage), members, reviewStore),
      context,
      options,
    ),
  ];
  const reconciler = new Reconciler({
    store,
    queues,
    redis,
    prefix,
    logger,
    stuckAfterMs: settings.PUBLISH_STUCK_MS,
    giveUpAfterMs: settings.PUBLISH_GIVE_UP_MS,
    lockTtlMs: Math.max(settings.RECONCILE_INTERVAL_MS, 60_000),
  });

  // Runs one after another: the periodic one and those a loss of Redis data asks for.
  let running: Promise<ReconcileReport | undefined> = Promise.resolve(undefined);
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const reconcileQuietly = (options: { afterLoss?: boolean } = {}) => {
    running = running.then(() =>
      closed
        ? undefined
        : reconciler.run(options).catch((err) => {
            logger.error({ err }, 'reconciler run failed: next run in one interval');
            return undefined;
          }),
    );
    return running;
  };
  const loop = async () => {
    await reconcileQuietly();
    if (!closed) timer = setTimeout(loop, settings.RECONCILE_INTERVAL_MS);
  };
  const lossWatch = new RedisLossWatch({
    redis,
    key: `${prefix}:posts:redis-marker`,
    everyMs: LOSS_CHECK_MS,
    logger,
    onLoss: () => void reconcileQuietly({ afterLoss: true }),
  });
  await lossWatch.start();
  await loop();

  return {
    reconcile: () => reconciler.run(),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      lossWatch.stop();
      await running;
      await Promise.all(workers.map((w) => w.close()));
      await queues.queues.close();
    },
  };
}
