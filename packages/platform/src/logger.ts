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

export function createLogger(service: string, config: BaseConfig): Logger {
  const pretty = config.LOG_PRETTY ?? config.NODE_ENV === 'development';
  return pino({
    name: service,
    level: config.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  });
}
