import type { z } from 'zod';
import type { Database } from './db.js';
import type { ReadinessCheck } from './http/app.js';
import type { Logger } from './logger.js';
import type { Queues } from './queues.js';
import type { Redis } from './redis.js';

/** What a service's API or worker is given when it starts: everything else is the runtime's. */
export interface ServiceContext<Config, Schema extends Record<string, unknown>> {
  config: Config;
  /** Names the part (`posts-api`, `posts-worker`), so a line in a shared process says whose it is. */
  logger: Logger;
  /** The service's own PostgreSQL schema, migrated before any part of the service starts. */
  database: Database<Schema>;
  /** A request connection for an API (fails fast while Redis is down), a waiting one for a worker. */
  redis: Redis;
  /** Producers of the queues, on `redis`. */
  queues: Queues;
  /** What BullMQ workers connect with. */
  queue: { connection: Redis; prefix: string };
  /** How the other parts of this process are doing, for a `/readyz` that speaks for the process. */
  otherParts: ReadinessCheck[];
}

/** A started HTTP app: the runtime listens and closes it. */
export interface HttpPart {
  listen: (options: { host: string; port: number }) => Promise<string>;
  close: () => Promise<unknown>;
}

/** Started workers: the runtime closes them (finishing the jobs in hand) on shutdown. */
export interface WorkerPart {
  close: () => Promise<unknown>;
}

/** A repeating job the runtime puts in place once the service's workers run (idempotent). */
export interface JobSchedule {
  queue: string;
  id: string;
  pattern: string;
  tz?: string;
  job: string;
}

export interface ServicePart<Schema extends z.ZodTypeAny, DbSchema extends Record<string, unknown>, Started> {
  /** The variables this part reads, validated before anything starts. */
  config: Schema;
  start: (context: ServiceContext<z.infer<Schema>, DbSchema>) => Promise<Started> | Started;
}

export interface ServiceDefinition<
  DbSchema extends Record<string, unknown> = Record<string, unknown>,
  ApiConfig extends z.ZodTypeAny = z.ZodTypeAny,
  WorkerConfig extends z.ZodTypeAny = z.ZodTypeAny,
> {
  /** `posts`: its targets are `posts-api` and `posts-worker` (`gateway` is the gateway's one). */
  name: string;
  /** Where its API listens when several APIs share a process and `<NAME>_PORT` is unset. */
  port: number;
  /** Its PostgreSQL schema (named like the service) and migrations; none for the gateway. */
  database?: {
    schema: DbSchema;
    migrationsFolder: string;
    /** Connections of the worker's pool, from its configuration (5 when unset). */
    workerPool?: (config: z.infer<WorkerConfig>) => number;
  };
  /** Whether its API needs Redis before it answers (the gateway's sessions, auth's). */
  waitsForRedis?: boolean;
  api?: ServicePart<ApiConfig, DbSchema, HttpPart>;
  worker?: ServicePart<WorkerConfig, DbSchema, WorkerPart> & { schedules?: JobSchedule[] };
}

/**
 * Declares a service once: its configuration, database schema and migrations, HTTP app, workers
 * and job schedules. The runtime (`runTargets`) derives the rest: which process runs which part,
 * migrations, connections, health, and a graceful stop.
 */
export function defineService<
  DbSchema extends Record<string, unknown>,
  ApiConfig extends z.ZodTypeAny,
  WorkerConfig extends z.ZodTypeAny,
>(
  definition: ServiceDefinition<DbSchema, ApiConfig, WorkerConfig>,
): ServiceDefinition<DbSchema, ApiConfig, WorkerConfig> {
  return definition;
}

/** Any service definition, for lists of them. */
// biome-ignore lint/suspicious/noExplicitAny: a list holds services of different schemas
export type AnyService = ServiceDefinition<any, any, any>;
