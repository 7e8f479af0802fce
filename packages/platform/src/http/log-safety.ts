import type { FastifyRequest } from 'fastify';
import type { Logger } from '../logger.js';

/** `?token=abc&x=1` → `?token=[redacted]&x=[redacted]`: sign-in links and OpenID codes live in query strings. */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  return url.slice(0, at) + url.slice(at).replace(/([?&][^=&]*)=[^&]*/g, '$1=[redacted]');
}

/**
 * Fastify logs every request's URL, and some URLs carry secrets (magic-link tokens, OpenID codes
 * and state), so request lines keep the path and the parameter names only. Every service, the
 * gateway included, logs through this.
 */
export function withSafeRequestLogs(logger: Logger): Logger {
  return logger.child(
    {},
    {
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactQuery(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
  );
}
