import { defineEndpoint } from './define.js';

/** What the gateway serves itself: this reference and the operator pages. */
export const gatewayApi = {
  openApi: defineEndpoint({
    method: 'GET',
    path: '/api/v1/openapi.json',
    owner: 'gateway',
    access: 'visitor',
    summary: 'This description of the API (OpenAPI 3.1)',
    responses: { 200: { description: 'The OpenAPI document', contentType: 'application/json' } },
  }),
  docs: defineEndpoint({
    method: 'GET',
    path: '/api/v1/docs',
    owner: 'gateway',
    access: 'visitor',
    summary: 'The API reference page',
    responses: { 200: { description: 'An HTML page rendering this document', contentType: 'text/html' } },
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ops/metrics',
    owner: 'gateway',
    access: 'admin',
    summary: 'Prometheus metrics of the gateway and every service',
    description:
      'Prometheus text. Each sample carries a `service` label; `ops_service_up` is 0 for a service whose metrics could not be read.',
    responses: { 200: { description: 'Prometheus text format 0.0.4', contentType: 'text/plain' } },
  }),
  queues: defineEndpoint({
    method: 'GET',
    path: '/api/v1/ops/queues',
    owner: 'gateway',
    access: 'admin',
    summary: 'The queue dashboard (Bull Board)',
    description:
      'Every BullMQ queue with its waiting, delayed, active, completed and failed jobs; failed jobs can be retried.',
    responses: { 200: { description: 'The dashboard page', contentType: 'text/html' } },
  }),
} as const;
