import { IDENTITY_HEADERS, QUEUES } from '@nashr/contracts';
import {
  type Logger,
  METRICS_CONTENT_TYPE,
  QueueDepthMetrics,
  type Queues,
  type ServiceApp,
  type SessionStore,
} from '@nashr/platform';
import { type Exposition, mergeExpositions } from '../metrics-exposition.js';
import { adminOnly } from '../ops-access.js';
import type { ServiceName } from '../route-table.js';

export const OPS_METRICS_PATH = '/api/v1/ops/metrics';

const SCRAPE_TIMEOUT_MS = 3000;

export interface OpsMetricsOptions {
  urls: Record<ServiceName, string>;
  internalSecret: string;
  sessions: SessionStore;
  queues: Queues;
  logger: Logger;
}

/** A service's `GET /metrics` (behind the internal secret), or null when it cannot be read. */
async function scrape(url: string, internalSecret: string, requestId: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/metrics`, {
      headers: { [IDENTITY_HEADERS.internalSecret]: internalSecret, [IDENTITY_HEADERS.requestId]: requestId },
      signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS),
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/**
 * `GET /api/v1/ops/metrics` for administrators: the gateway's own metrics and queue backlogs,
 * then every service API's, each sample labelled `service`. Prometheus can scrape it with an
 * admin session cookie, or scrape each service's /metrics directly on the private network.
 */
export async function opsMetricsRoutes(app: ServiceApp, options: OpsMetricsOptions): Promise<void> {
  const backlog = new QueueDepthMetrics(
    Object.values(QUEUES).map((name) => options.queues.get(name)),
    options.logger,
  );

  await app.register(async (scope) => {
    scope.decorateRequest('sessionId', null);
    scope.addHook('onRequest', adminOnly(options.sessions));
    scope.get(OPS_METRICS_PATH, async (request, reply) => {
      const services = Object.entries(options.urls) as [ServiceName, string][];
      const [own, queues, ...answers] = await Promise.all([
        app.metrics.text(),
        backlog.text(),
        ...services.map(([, url]) => scrape(url, options.internalSecret, request.id)),
      ]);
      const sources: Exposition[] = [{ service: 'gateway', text: `${own}\n${queues}` }];
      const up = [
        '# HELP ops_service_up 1 when the gateway could read the service metrics, else 0',
        '# TYPE ops_service_up gauge',
      ];
      services.forEach(([service], index) => {
        const text = answers[index];
        if (text) sources.push({ service, text });
        else request.log.warn({ service }, 'service metrics unavailable');
        up.push(`ops_service_up{service="${service}"} ${text ? 1 : 0}`);
      });
      return reply
        .type(METRICS_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(`${mergeExpositions(sources)}${up.join('\n')}\n`);
    });
  });
}
