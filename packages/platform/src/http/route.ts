import {
  type Access,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
  type EndpointSpec,
  routerPathOf,
} from '@nashr/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import type { ServiceApp } from './app.js';
import type { IdempotentReplies } from './idempotency.js';
import { requireIdentity, requireRole } from './identity.js';

/** Where a request body is checked. */
type BodyCheck = 'schema' | 'handler';

export interface EndpointRouteOptions<Check extends BodyCheck = 'schema'> {
  /**
   * Runs before the body is read, and before the access guard the catalogue entry implies (a
   * 404 for an unknown name answers the same to everyone).
   */
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  onSend?: onSendHookHandler;
  bodyLimit?: number;
  /** A request without a body is checked as `{}`, so it gets the field-by-field refusal rather than a type error. */
  missingBodyAsEmpty?: boolean;
  /**
   * `handler` when the handler checks the body itself, to answer the spec's own messages or
   * codes rather than the generic `request.invalid`; the body is then typed `unknown`.
   */
  bodyCheck?: Check;
  /** Checks and trims answers against the entry's response schemas (not for streamed answers). */
  checkResponses?: boolean;
  /** Fastify's per-route config (the rate limit's settings, for one). */
  config?: RouteOptions['config'];
  /** The service's `idempotentReplies`: required by, and only for, an entry declared `idempotent`. */
  once?: IdempotentReplies;
}

/** The request a handler of `E` receives: params, query and body as the catalogue's schemas parse them. */
export type EndpointRequest<E extends EndpointSpec, Check extends BodyCheck = 'schema'> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: Check extends 'handler' ? unknown : EndpointBody<E>;
}>;

/**
 * What a handler answers: one of the entry's declared JSON bodies, or the reply itself when it
 * sent something else (a redirect, a stream).
 */
export type EndpointHandler<E extends EndpointSpec, Check extends BodyCheck = 'schema'> = (
  request: EndpointRequest<E, Check>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply> | EndpointReply<E> | FastifyReply;

/** The access guard of each kind of caller: before the body is read, so a refused caller costs no parsing. */
const GUARDS: Record<Access, onRequestHookHandler[]> = {
  visitor: [],
  'signed-in': [requireIdentity],
  // The web app keeps a partial user out of these screens; the server needs only the sign-in.
  'full-user': [requireIdentity],
  admin: [requireRole('admin')],
};

const responseSchemas = (endpoint: EndpointSpec): Record<number, z.ZodType> =>
  Object.fromEntries(
    Object.entries(endpoint.responses).flatMap(([status, response]) =>
      response.schema ? [[Number(status), response.schema]] : [],
    ),
  );

/**
 * Serves a catalogue endpoint: its method, path, schemas and access guard come from the entry,
 * so a service can only serve what the catalogue declares, and the handler is typed from it.
 */
export function route<E extends EndpointSpec, Check extends BodyCheck = 'schema'>(
  app: ServiceApp,
  endpoint: E,
  options: EndpointRouteOptions<Check>,
  handler: EndpointHandler<E, Check>,
): void {
  const checkBody = (options.bodyCheck ?? 'schema') === 'schema';
  const once = options.once;
  if (Boolean(endpoint.idempotent) !== Boolean(once)) {
    throw new Error(
      `${endpoint.method} ${endpoint.path}: ${endpoint.idempotent ? 'is declared idempotent: pass the service’s idempotentReplies as once' : 'takes once only when declared idempotent'}`,
    );
  }
  const preHandlers = [
    ...(once ? [once.preHandler] : []),
    ...(options.preHandler ? [options.preHandler].flat() : []),
  ] as preHandlerHookHandler[];
  (app as unknown as FastifyInstance).route({
    method: endpoint.method,
    url: routerPathOf(endpoint.path),
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && checkBody
        ? { body: options.missingBodyAsEmpty ? z.preprocess((body) => body ?? {}, endpoint.body) : endpoint.body }
        : {}),
      ...(options.checkResponses ? { response: responseSchemas(endpoint) } : {}),
    },
    onRequest: [...(options.onRequest ? [options.onRequest] : []), ...GUARDS[endpoint.access]],
    ...(preHandlers.length ? { preHandler: preHandlers } : {}),
    ...(once || options.onSend
      ? { onSend: [...(once ? [once.onSend] : []), ...(options.onSend ? [options.onSend] : [])] as onSendHookHandler[] }
      : {}),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.config === undefined ? {} : { config: options.config }),
    handler: handler as unknown as RouteOptions['handler'],
  });
}
