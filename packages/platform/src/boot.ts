import { z } from 'zod';
import { type BaseConfig, ConfigError, httpEnv, loadConfig } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { type MetricsListener, serveMetrics } from './metrics.js';

export interface Started {
  /** Stops taking new work, lets running work finish, then closes connections. */
  close: () => Promise<void>;
}

const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * Optional in every process: workers have no API, so `METRICS_PORT` gives them a `GET /metrics`
 * for Prometheus on their own port (on HOST, like an API).
 */
const metricsEnvSchema = z.object({
  HOST: httpEnv.HOST,
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

/**
 * Runs one process of a service (its HTTP API or its worker): validated configuration first,
 * then `start`, then a graceful stop on SIGTERM or SIGINT.
 */
export async function runProcess<S extends z.ZodType<BaseConfig>>(
  processName: string,
  configSchema: S,
  start: (config: z.infer<S>, logger: Logger) => Promise<Started>,
): Promise<void> {
  let config: z.infer<S>;
  let metricsEnv: z.infer<typeof metricsEnvSchema>;
  try {
    config = loadConfig(configSchema);
    metricsEnv = loadConfig(metricsEnvSchema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${processName}: cannot start, the configuration is invalid:\n`);
      for (const problem of error.problems) process.stderr.write(`  - ${problem}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(processName, config);
  let started: Started;
  let metrics: MetricsListener | undefined;
  try {
    started = await start(config, logger);
    if (metricsEnv.METRICS_PORT) {
      metrics = await serveMetrics({ port: metricsEnv.METRICS_PORT, host: metricsEnv.HOST, logger });
      logger.info(`metrics at ${metrics.url}`);
    }
  } catch (error) {
    logger.fatal({ err: error }, `${processName} could not start: ${(error as Error).message}`);
    await new Promise((r) => setTimeout(r, 100));
    process.exit(1);
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
      await started.close();
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
