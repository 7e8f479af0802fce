import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueueName } from '@nashr/contracts';
import { z } from 'zod';
import { configProblems, databaseConnection, httpEnv, loadConfig, migrationsUrl } from './config.js';
import { createDatabase, type Database, runMigrations } from './db.js';
import type { ReadinessCheck } from './http/app.js';
import { createRootLogger, type Logger } from './logger.js';
import { type MetricsListener, serveMetrics } from './metrics.js';
import { Queues } from './queues.js';
import { createRedis, type Redis, waitForRedis } from './redis.js';
import { requireQueueSafeRedis, watchEvictionPolicy } from './redis-policy.js';
import type { AnyService, HttpPart, WorkerPart } from './service.js';

/** One part a process can run: a service's API or its worker (the gateway is an API). */
export interface Target {
  name: string;
  service: AnyService;
  kind: 'api' | 'worker';
}

/** `gateway` for the gateway, `<service>-api` and `<service>-worker` for the others. */
export function targetsOf(services: readonly AnyService[]): Target[] {
  const targets: Target[] = [];
  for (const service of services) {
    if (service.api) targets.push({ name: apiTargetName(service), service, kind: 'api' });
    if (service.worker) targets.push({ name: `${service.name}-worker`, service, kind: 'worker' });
  }
  return targets;
}

const apiTargetName = (service: AnyService) => (service.name === 'gateway' ? 'gateway' : `${service.name}-api`);

export class UnknownTargetError extends Error {}

/**
 * The targets a list names: `all`, a target (`posts-worker`), or a service (`posts`: its API and
 * its worker). Separated by commas or spaces; an unknown name stops with the known ones.
 */
export function resolveTargets(services: readonly AnyService[], requested: string | readonly string[]): Target[] {
  const names = (typeof requested === 'string' ? [requested] : requested)
    .flatMap((entry) => entry.split(/[\s,]+/))
    .filter(Boolean);
  const known = targetsOf(services);
  if (names.length === 0) throw new UnknownTargetError(`no target named; known targets: all, ${listNames(known)}`);
  const chosen = new Set<Target>();
  for (const name of names) {
    const matches =
      name === 'all' ? known : known.filter((target) => target.name === name || target.service.name === name);
    if (matches.length === 0) {
      throw new UnknownTargetError(`unknown target "${name}"; known targets: all, ${listNames(known)}`);
    }
    for (const target of matches) chosen.add(target);
  }
  // Start order: services' APIs and workers as listed, the gateway last (it checks the others).
  return known.filter((target) => chosen.has(target)).sort((a, b) => rank(a) - rank(b));
}

const rank = (target: Target) => (target.service.name === 'gateway' ? 1 : 0);
const listNames = (targets: Target[]) => targets.map((t) => t.name).join(', ');

/** `POSTS`: the prefix of a service's own variables (`POSTS_PORT`, and the gateway's `POSTS_URL`). */
const envName = (service: AnyService) => service.name.toUpperCase().replaceAll('-', '_');

/**
 * Each target's variables: the process's environment, with the address its API listens on. One
 * API in the process listens on PORT and HOST. With several, the gateway takes PORT and HOST and
 * every other API listens on 127.0.0.1 (only the gateway reaches it) at `<NAME>_PORT` or its
 * default port, where the gateway finds it unless `<NAME>_URL` says otherwise.
 */
export function targetEnvironments(
  targets: readonly Target[],
  env: Record<string, string | undefined>,
): Map<Target, Record<string, string | undefined>> {
  const apis = targets.filter((target) => target.kind === 'api');
  const shared = apis.length > 1;
  const address = new Map<AnyService, { host?: string; port?: string }>();
  for (const api of apis) {
    const ownPort = env[`${envName(api.service)}_PORT`];
    if (!shared || api.service.name === 'gateway') address.set(api.service, { host: env.HOST, port: env.PORT });
    else address.set(api.service, { host: '127.0.0.1', port: ownPort ?? String(api.service.port) });
  }
  const urls: Record<string, string> = {};
  for (const [service, { port }] of address) {
    if (service.name !== 'gateway' && shared) urls[`${envName(service)}_URL`] = `http://127.0.0.1:${port}`;
  }
  const result = new Map<Target, Record<string, string | undefined>>();
  for (const target of targets) {
    const own = address.get(target.service);
    const targetEnv: Record<string, string | undefined> = { ...env };
    if (target.kind === 'api' && own) Object.assign(targetEnv, { HOST: own.host, PORT: own.port });
    if (target.service.name === 'gateway') for (const [key, url] of Object.entries(urls)) targetEnv[key] ??= url;
    result.set(target, targetEnv);
  }
  return result;
}

/** Every problem of every target's configuration, `posts-api: PORT is required`, none when all load. */
export function targetConfigProblems(targets: readonly Target[], env: Record<string, string | undefined>): string[] {
  const environments = targetEnvironments(targets, env);
  return targets.flatMap((target) => {
    const schema = target.service[target.kind]?.config;
    return schema ? configProblems(schema, environments.get(target) ?? env).map((p) => `${target.name}: ${p}`) : [];
  });
}

type PartState = 'starting' | 'running' | 'failed' | 'stopping';

export interface RunningTargets {
  /** The state of each target, by name. */
  parts: () => Record<string, PartState>;
  /** Where each API listens, by target name. */
  urls: Record<string, string>;
  /** Stops taking new work, lets running work finish, then closes connections: APIs first. */
  close: () => Promise<void>;
}

/** The part whose code is running: a crash is reported with its name. */
const currentPart = new AsyncLocalStorage<string>();

/** The target that the code now running belongs to, if it runs inside one. */
export const runningPart = (): string | undefined => currentPart.getStore();

interface Resources {
  database?: Database<Record<string, unknown>>;
  redis: Redis;
  queues: Queues;
}

/**
 * Starts targets in this process, on their own connections, each service's migrations first (once
 * even when its API and worker both run here). Services still talk through Redis as they would in
 * separate processes. A part that cannot start stops the whole start (the others are closed).
 */
export async function startTargets(
  targets: readonly Target[],
  env: Record<string, string | undefined>,
  rootLogger: Logger,
): Promise<RunningTargets> {
  const environments = targetEnvironments(targets, env);
  const configs = new Map(
    targets.map((t) => [t, loadConfig(t.service[t.kind]?.config ?? z.object({}), environments.get(t))]),
  );
  const states: Record<string, PartState> = Object.fromEntries(targets.map((t) => [t.name, 'starting' as PartState]));
  const migrated = new Map<AnyService, Promise<void>>();
  const started: { target: Target; part: HttpPart | WorkerPart; resources: Resources }[] = [];
  const urls: Record<string, string> = {};

  const closeAll = async () => {
    // APIs (the gateway first) stop taking requests before the workers stop.
    const order = [...started]
      .reverse()
      .sort((a, b) => (a.target.kind === 'api' ? 0 : 1) - (b.target.kind === 'api' ? 0 : 1));
    for (const { target } of order) states[target.name] = 'stopping';
    for (const { part } of order) await part.close();
    for (const { resources } of order) {
      await resources.queues.close();
      resources.redis.disconnect();
      await resources.database?.close();
    }
  };

  const otherParts = (self: Target): ReadinessCheck[] =>
    targets
      .filter((t) => t !== self && t.kind === 'worker')
      .map((t) => ({
        name: t.name,
        check: async () => {
          if (states[t.name] !== 'running') throw new Error(`${t.name} is ${states[t.name]}`);
        },
      }));

  for (const target of targets) {
    const { service, kind } = target;
    const part = service[kind];
    if (!part) continue;
    const config = configs.get(target) as Record<string, string> & { REDIS_URL: string; REDIS_PREFIX: string };
    const logger = rootLogger.child({ name: target.name });
    try {
      await currentPart.run(target.name, async () => {
        let database: Database<Record<string, unknown>> | undefined;
        if (service.database) {
          const dbConfig = config as unknown as Parameters<typeof migrationsUrl>[0];
          if (!migrated.has(service)) {
            migrated.set(
              service,
              runMigrations(migrationsUrl(dbConfig), {
                migrationsFolder: service.database.migrationsFolder,
                serviceSchema: service.name,
              }),
            );
          }
          await migrated.get(service);
          database = createDatabase({
            ...databaseConnection(dbConfig),
            schema: service.database.schema,
            applicationName: target.kind === 'api' ? service.name : target.name,
            max: kind === 'worker' ? service.database.workerPool?.(config) : undefined,
          });
        }
        const redis = createRedis(config.REDIS_URL, kind === 'api' ? 'request' : 'worker');
        const queues = new Queues({ connection: redis, prefix: config.REDIS_PREFIX }, logger);
        const resources: Resources = { database, redis, queues };
        try {
          if (kind === 'api') {
            watchEvictionPolicy(redis, logger);
            if (service.waitsForRedis) await waitForRedis(redis);
          } else {
            await waitForRedis(redis, 30_000);
            await requireQueueSafeRedis(redis, logger);
          }
          const context = {
            config,
            logger,
            database: database as Database<Record<string, unknown>>,
            redis,
            queues,
            queue: { connection: redis, prefix: config.REDIS_PREFIX },
            otherParts: otherParts(target),
          };
          const running = await part.start(context);
          started.push({ target, part: running, resources });
          if (kind === 'api') {
            const { HOST, PORT } = loadConfig(z.object(httpEnv), environments.get(target));
            urls[target.name] = await (running as HttpPart).listen({ host: HOST, port: PORT });
          } else {
            for (const schedule of service.worker?.schedules ?? []) {
              await queues.get(schedule.queue as QueueName).upsertJobScheduler(
                schedule.id,
                { pattern: schedule.pattern, tz: schedule.tz },
                {
                  name: schedule.job,
                  data: {},
                  opts: { removeOnComplete: { count: 50 }, removeOnFail: { count: 200 } },
                },
              );
            }
          }
        } catch (error) {
          if (!started.some((s) => s.resources === resources)) {
            await queues.close().catch(() => {});
            redis.disconnect();
            await database?.close().catch(() => {});
          }
          throw error;
        }
      });
      states[target.name] = 'running';
      logger.info(kind === 'api' ? `${target.name} listening on ${urls[target.name]}` : `${target.name} running`);
    } catch (error) {
      states[target.name] = 'failed';
      await closeAll().catch(() => {});
      throw Object.assign(error as Error, { target: target.name });
    }
  }
  return { parts: () => ({ ...states }), urls, close: closeAll };
}

const SHUTDOWN_TIMEOUT_MS = 25_000;

const metricsEnvSchema = z.object({
  HOST: httpEnv.HOST,
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

const loggingEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .optional(),
});

/**
 * The one way a Nashr process starts: the named targets (`all`, `posts-api,posts-worker`...)
 * with validated configuration, a graceful stop on SIGTERM or SIGINT, and an exit with the part's
 * name when one fails at start or crashes later, for the supervisor to restart the process.
 */
export async function runTargets(
  services: readonly AnyService[],
  requested: string | readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  let targets: Target[];
  try {
    targets = resolveTargets(services, requested);
  } catch (error) {
    if (!(error instanceof UnknownTargetError)) throw error;
    process.stderr.write(`nashr: cannot start: ${error.message}\n`);
    process.exit(1);
  }
  const problems = targetConfigProblems(targets, env);
  if (problems.length > 0) {
    process.stderr.write('nashr: cannot start, the configuration is invalid:\n');
    for (const problem of problems) process.stderr.write(`  - ${problem}\n`);
    process.exit(1);
  }
  const logger = createRootLogger(loadConfig(loggingEnvSchema, env));

  const fatal = (error: unknown, what: string) => {
    const part = runningPart() ?? (error as { target?: string }).target;
    logger.fatal({ err: error, part }, `${part ?? 'nashr'}: ${what}: ${(error as Error)?.message ?? error}`);
    // Let the log line out before the process ends; the exit code holds even if nothing else runs.
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100);
  };
  process.on('uncaughtException', (error) => fatal(error, 'crashed'));
  process.on('unhandledRejection', (error) => fatal(error, 'crashed'));

  let running: RunningTargets;
  let metrics: MetricsListener | undefined;
  try {
    running = await startTargets(targets, env, logger);
    const metricsEnv = loadConfig(metricsEnvSchema, env);
    if (metricsEnv.METRICS_PORT) {
      metrics = await serveMetrics({ port: metricsEnv.METRICS_PORT, host: metricsEnv.HOST, logger });
      logger.info(`metrics at ${metrics.url}`);
    }
  } catch (error) {
    fatal(error, 'could not start');
    return;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: shutting down`);
    const timer = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await running.close();
      await metrics?.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
