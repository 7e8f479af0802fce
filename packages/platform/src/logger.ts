import { type Logger, pino } from 'pino';
import type { BaseConfig } from './config.js';

export type { Logger } from 'pino';

/** Never log these, wherever they appear in a logged object. */
const REDACT = [
  'password',
  '*.password',
  '*.*.password',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-internal-secret"]',
  'res.headers["set-cookie"]',
  'token',
  '*.token',
];

/** JSON lines wait at most this long in the buffer before they are written. */
export const LOG_FLUSH_MS = 250;

/**
 * JSON lines to standard output, written in batches (at 4 kB, or every LOG_FLUSH_MS): one write
 * per line made a busy service spend more time in that system call than in the request it logged,
 * and stalled it whenever the reader of its output fell behind. What is still buffered is written
 * when the process exits (pino flushes on exit).
 */
function bufferedStdout() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  return destination;
}

/** What logging reads of the base configuration (a bench or tool passes just these). */
type LoggingConfig = Pick<BaseConfig, 'NODE_ENV' | 'LOG_LEVEL' | 'LOG_PRETTY'>;

export function createLogger(service: string, config: LoggingConfig): Logger {
  return createRootLogger(config, service);
}

/**
 * The logger of a process; each part of it logs through `logger.child({ name })`, so one pretty
 * printer (a worker thread) or one buffered output serves every service a process runs.
 */
export function createRootLogger(config: LoggingConfig, name?: string): Logger {
  const pretty = config.LOG_PRETTY ?? config.NODE_ENV === 'development';
  const options = { name, level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } };
  if (pretty) {
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
      },
    });
  }
  return pino(options, bufferedStdout());
}
