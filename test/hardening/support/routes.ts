import type { ServiceApp } from '@nashr/platform';

export interface ServiceRoute {
  method: string;
  /** Fastify's pattern, e.g. `/api/v1/posts/:id`. */
  url: string;
}

/** Health, readiness and metrics: for operators and the gateway, never routed to the public. */
const OPERATIONS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The routes `app` registered (the platform records them with an onRoute hook), without the
 * operational ones and without Fastify's automatic HEAD twins of GET routes.
 */
export function publicRoutesOf(app: ServiceApp): ServiceRoute[] {
  const seen = new Set<string>();
  return app.registeredRoutes().filter(({ method, url }) => {
    const key = `${method} ${url}`;
    if (OPERATIONS.has(url) || method === 'HEAD' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
