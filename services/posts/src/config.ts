import {
  baseEnv,
  databaseEnv,
  diskStoreStandIn,
  httpEnv,
  internalEnv,
  redisEnv,
  refuseStandIns,
  storageEnv,
} from '@nashr/platform';
import { z } from 'zod';

const milliseconds = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * How far ahead a scheduled post holds a delayed job in Redis (post-queues.ts); later ones wait
 * in PostgreSQL for the reconciler. Well above RECONCILE_INTERVAL_MS, so none is ever late for it.
 */
const scheduleHorizon = milliseconds(24 * 3_600_000, 2 * 3_600_000, 400 * 86_400_000);

/** The HTTP API. */
export const configSchema = z
  .object({
    ...baseEnv,
    ...httpEnv,
    PORT: httpEnv.PORT.default(8103),
    ...databaseEnv,
    ...redisEnv,
    ...internalEnv,
    ...storageEnv,
    /**
     * How long `POST /linkedln/createPost` waits for the network before answering "still
     * publishing". Below the gateway's 30 s proxy timeout, so the answer always gets through.
     */
    PUBLISH_WAIT_MS: milliseconds(15_000, 0, 25_000),
    SCHEDULE_HORIZON_MS: scheduleHorizon,
  })
  .superRefine(refuseStandIns([diskStoreStandIn]));
export type Config = z.infer<typeof configSchema>;

/** The worker: due jobs, result events and the reconciler. */
export const workerConfigSchema = z
  .object({
    ...baseEnv,
    ...databaseEnv,
    ...redisEnv,
    /** How often the reconciler re-creates missing jobs and resolves stuck publishes (and once at start). */
    RECONCILE_INTERVAL_MS: milliseconds(60_000, 1_000, 3_600_000),
    /** A post still `publishing` after this long is checked by the reconciler. */
    PUBLISH_STUCK_MS: milliseconds(60_000, 100, 3_600_000),
    /** A post whose publish cannot be traced after this long is marked failed instead of re-sent. */
    PUBLISH_GIVE_UP_MS: milliseconds(3_600_000, 1_000, 7 * 24 * 3_600_000),
    /** Due jobs and result events handled at once per worker process. */
    POSTS_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
    SCHEDULE_HORIZON_MS: scheduleHorizon,
    /** Where the images are (the worker deletes those no post or draft uses any more). */
    ...storageEnv,
    /** An image no post or draft carries is deleted once it was uploaded this long ago. */
    MEDIA_UNUSED_AFTER_MS: milliseconds(86_400_000, 60_000, 30 * 86_400_000),
    /** How often unused images are looked for (and once at start). */
    MEDIA_SWEEP_INTERVAL_MS: milliseconds(3_600_000, 1_000, 86_400_000),
  })
  .superRefine(refuseStandIns([diskStoreStandIn]));
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
