import { defineEndpoint } from './define.js';

/** Where the MCP server for AI assistants answers: the one public path outside the API's prefixes, where MCP clients expect it. */
export const MCP_PATH = '/mcp';

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
  mcp: defineEndpoint({
    method: 'POST',
    path: MCP_PATH,
    owner: 'gateway',
    access: 'signed-in',
    summary: 'The MCP server for AI assistants (streamable HTTP, without sessions)',
    description:
      'JSON-RPC messages of the Model Context Protocol, answered as JSON. Only with a personal API token ' +
      "(`Authorization: Bearer`); each tool calls this API with it, so the token's permissions and rate " +
      'limit apply. Tools answer in Arabic unless `Accept-Language` prefers English. How to add it to an ' +
      'assistant: docs/api.md.',
    rawBody: {
      contentType: 'application/json',
      description: 'A JSON-RPC 2.0 request, notification or answer',
      schema: {
        type: 'object',
        required: ['jsonrpc'],
        properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' } },
      },
    },
    responses: {
      200: { description: 'The JSON-RPC answer', contentType: 'application/json' },
      202: { description: 'A notification or answer from the client, taken' },
    },
    errors: { 401: ['token.invalid'] },
  }),
  mcpStream: defineEndpoint({
    method: 'GET',
    path: MCP_PATH,
    owner: 'gateway',
    access: 'signed-in',
    summary: 'No server-sent stream: 405, as the Model Context Protocol has a server without sessions answer',
    responses: { 405: { description: 'A JSON-RPC error: only POST is answered', contentType: 'application/json' } },
    errors: { 401: ['token.invalid'] },
  }),
  mcpEnd: defineEndpoint({
    method: 'DELETE',
    path: MCP_PATH,
    owner: 'gateway',
    access: 'signed-in',
    summary: 'No session to end: 405',
    responses: { 405: { description: 'A JSON-RPC error: only POST is answered', contentType: 'application/json' } },
    errors: { 401: ['token.invalid'] },
  }),
} as const;
