import type { ServiceApp } from '@nashr/platform';

export interface ServiceRoute {
  method: string;
  /** Fastify's pattern, e.g. `/api/v1/posts/:id`. */
  url: string;
}

/** Health, readiness and metrics: for operators and the gateway, never routed to the public. */
const OPERATIONS = new Set(['/healthz', '/readyz', '/metrics']);

/** Paths only the gateway itself calls (behind the internal secret, outside /api/v1): never forwarded. */
const GATEWAY_ONLY_PREFIX = '/internal/';

/**
 * The routes `app` registered (the platform records them with an onRoute hook), without the
 * operational and gateway-only ones and without Fastify's automatic HEAD twins of GET routes.
 */
export function publicRoutesOf(app: ServiceApp): ServiceRoute[] {
  const seen = new Set<string>();
  return app.registeredRoutes().filter(({ method, url }) => {
    const key = `${method} ${url}`;
    if (OPERATIONS.has(url) || url.startsWith(GATEWAY_ONLY_PREFIX) || method === 'HEAD' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
