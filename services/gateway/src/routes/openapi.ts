import {
  API_CATALOGUE,
  API_TOKEN_ERROR_CODES,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  COMMON_ERROR_CODES,
  type Endpoint,
  type EndpointOwner,
  errorResponseSchema,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_ROLES,
} from '@nashr/contracts';
import type { ServiceApp } from '@nashr/platform';
import { z } from 'zod';
import { isApiPath } from '../route-table.js';
import { REFERENCE_PAGE, REFERENCE_SCRIPT } from './openapi-page.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/api/v1/docs';
export const DOCS_SCRIPT_PATH = '/api/v1/docs/reference.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; url: string } };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

const TAGS: Record<EndpointOwner, string> = {
  auth: 'Sign-in (magic link, Google), the session, personalization',
  linkedin: 'Connecting the network account; profile and published posts',
  posts: 'Scheduling, publishing and the calendar',
  content: 'Landing-page content and its editing by administrators',
  ai: 'Writing and adjusting posts with AI; credits',
  billing: 'Plans, the trial, subscribing and managing the subscription; payment webhooks',
  engage: 'Engage: people and topics to comment around, their feed with suggestions, comments sent',
  gateway: 'This reference and the operator pages',
};

const ERRORS: Record<number, string> = {
  400: 'The request is invalid: `message` says why and `issues` lists each field',
  401: 'Not signed in',
  403: 'Not allowed: another user’s data, or an administrator’s action',
  404: 'Not found',
  409: 'Conflicts with the current state (changed meanwhile, or not in a state that allows it)',
  413: 'The request is too large',
  422: 'Refused by the professional network',
  429: 'Too many requests: wait and try again',
  502: 'The AI provider failed; no credits were spent',
  503: 'Temporarily unavailable: try again in a moment',
};

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and preprocessing have no JSON Schema form: their input side is described instead.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** `/api/v1/posts/{id}/retry` → `postPostsIdRetry`: stable, readable and unique per route. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/**
 * The error codes of a route by status: those the catalogue declares, and those every route of
 * its kind can answer (invalid input, no session, not an admin, its service down).
 */
function errorCodes(route: Endpoint): Map<number, string[]> {
  const codes = new Map<number, string[]>();
  const add = (status: number, ...more: readonly string[]) =>
    codes.set(status, [...new Set([...(codes.get(status) ?? []), ...more])]);
  if (route.params || route.query || route.body) add(400, COMMON_ERROR_CODES.invalid);
  for (const [status, declared] of Object.entries(route.errors ?? {})) add(Number(status), ...(declared ?? []));
  if (route.access !== 'visitor') add(401, COMMON_ERROR_CODES.signInRequired);
  if (route.access === 'admin') add(403, COMMON_ERROR_CODES.forbidden);
  // Acting in a workspace: a bad header, a workspace the caller is not in, a role too low there.
  if (route.workspace) {
    add(400, WORKSPACE_ERROR_CODES.headerInvalid);
    add(403, WORKSPACE_ERROR_CODES.roleTooLow);
    add(404, WORKSPACE_ERROR_CODES.notFound);
    // The service's copy of the members not yet holding a change the caller just made there.
    add(503, COMMON_ERROR_CODES.consistencyPending);
  }
  if (route.token) {
    add(401, API_TOKEN_ERROR_CODES.invalid);
    add(403, API_TOKEN_ERROR_CODES.scopeMissing);
  }
  // The gateway's rate limit counts every call to an API path, whoever makes it.
  if (route.token || isApiPath(route.path)) add(429, COMMON_ERROR_CODES.rateLimited);
  // Every forwarded route answers 503 while its service is down.
  if (route.owner !== 'gateway') add(503, COMMON_ERROR_CODES.unavailable);
  return new Map([...codes].sort(([a], [b]) => a - b));
}

function operationOf(route: Endpoint): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const contentType = response.contentType ?? 'application/json';
    responses[status] = {
      description: response.description,
      ...(response.schema
        ? { content: { [contentType]: { schema: toJsonSchema(response.schema, 'output') } } }
        : response.contentType
          ? { content: { [contentType]: {} } }
          : {}),
    };
  }
  for (const [status, codes] of errorCodes(route)) {
    responses[String(status)] ??= {
      description: ERRORS[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
    const described = responses[String(status)] as JsonSchema;
    // The `code` values this answer may carry: what a client translates by.
    described['x-error-codes'] = codes;
    described.description = `${described.description}. Codes: ${codes.map((code) => `\`${code}\``).join(', ')}`;
  }
  const parameters = [
    ...parametersOf(route.params, 'path'),
    ...parametersOf(route.query, 'query'),
    ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ...(route.workspace ? [workspaceParameter(route.workspace)] : []),
  ];
  return {
    operationId: operationId(route.method, route.path),
    tags: [route.owner],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    'x-access': route.access,
    ...(route.token ? { 'x-token-scope': route.token } : {}),
    security:
      route.access === 'visitor' ? [] : [{ session: [] }, ...(route.token ? [{ apiToken: [route.token] }] : [])],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: !route.body.safeParse(undefined).success,
            content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
          },
        }
      : route.rawBody
        ? {
            requestBody: {
              required: true,
              description: route.rawBody.description,
              content: { [route.rawBody.contentType]: { schema: { ...route.rawBody.schema } } },
            },
          }
        : {}),
    responses,
  };
}

/** The header a create takes so that a retry does it once (`idempotent` in the catalogue). */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any 8 to 128 letters, digits, - or _ chosen by the client for this request: a repeat with the same key within 24 hours ' +
    'gets the first successful answer (header `Idempotent-Replayed: true`) instead of doing the work twice; while the first ' +
    'still runs, 409 `request.in_progress`.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
};

/** The header naming the workspace a call acts in (`workspace` in the catalogue), with the role it needs there. */
const workspaceParameter = (role: (typeof WORKSPACE_ROLES)[number]): JsonSchema => ({
  name: 'Nashr-Workspace',
  in: 'header',
  required: false,
  description:
    'The id of the workspace this call acts in; without it, the caller’s personal workspace (whose id is the ' +
    `caller’s user id). Needs the role \`${role}\` or a stronger one there (${WORKSPACE_ROLES.join(' > ')}): ` +
    'a workspace the caller is not a member of answers 404 `workspace.not_found`, a weaker role 403 ' +
    '`workspace.role_too_low` (params: `role`).',
  schema: { type: 'string', format: 'uuid' },
});

/** The OpenAPI 3.1 description of the public API, from the catalogue in `@nashr/contracts`. */
export function buildOpenApiDocument(routes: readonly Endpoint[] = API_CATALOGUE, serverUrl = '/'): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nashr API',
      version: '1.0.0',
      description:
        'The public HTTP API of Nashr, served by the gateway. Answers are JSON with `success`, and `message` or `data`. ' +
        'Signed-in calls use the `sid` session cookie set by sign-in; state-changing calls from another origin are refused. ' +
        'Other programs and AI assistants use a personal API token (made under Settings, shown once) as `Authorization: Bearer <token>`, ' +
        'on the operations with an `x-token-scope` and within the scopes given to the token; every other operation refuses tokens with 403 `token.route_closed`. ' +
        'Each token may make 120 calls a minute; token answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.',
      // Not open source: the API is used under the terms of service, the web app's page (relative to this document).
      license: { name: 'Proprietary: use under the Nashr terms of service', url: '/terms' },
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: toJsonSchema(errorResponseSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'The session cookie set by magic-link or Google sign-in',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: `A personal API token (\`${API_TOKEN_PREFIX}…\`); its scopes: ${API_TOKEN_SCOPES.map((s) => `\`${s}\``).join(', ')}`,
        },
      },
    },
  };
}

/** Serves the document and its reference page. Both are public, like the API they describe. */
export function openApiRoutes(app: ServiceApp, options: { publicUrl: string }): void {
  const document = JSON.stringify(buildOpenApiDocument(API_CATALOGUE, options.publicUrl));
  app.get(OPENAPI_PATH, (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  );
  app.get(DOCS_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_PAGE),
  );
  app.get(DOCS_SCRIPT_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_SCRIPT),
  );
}
