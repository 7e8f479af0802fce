import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  answerCodeOfIssues,
  type CopiedState,
  DEFAULT_BODY_LIMIT,
  IDENTITY_HEADERS,
  type Stamps,
} from '@nashr/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  AppError,
  DEFAULT_ERROR_CODE,
  ERROR_STATUS,
  type ErrorCode,
  isUnavailableError,
  isUnstorableTextError,
  isVanishedReferenceError,
  payloadTooLarge,
  ValidationError,
} from '../errors.js';
import type { Logger } from '../logger.js';
import { HttpMetrics, METRICS_CONTENT_TYPE } from '../metrics.js';
import { readIdentity, secretsMatch } from './identity.js';
import { parseJsonBody } from './json-body.js';
import { redactQuery, withSafeRequestLogs } from './log-safety.js';
import { announceChange, readSeen } from './read-your-writes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Request counts and latencies of this app (its `GET /metrics` when it has an internal secret). */
    metrics: HttpMetrics;
    /** Every route registered so far, with its method and URL pattern (the API reference's test reads it). */
    registeredRoutes: () => ReadonlyArray<{ method: string; url: string }>;
  }
}

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A named dependency that `/readyz` checks; it must resolve quickly or throw. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** When set, every route but the health checks requires this secret (sent by the gateway). */
  internalSecret?: string;
  readiness?: ReadinessCheck[];
  bodyLimit?: number;
  /** Trust X-Forwarded-For (the gateway is behind a proxy). */
  trustProxy?: boolean;
  /** Replaces the JSON 404 (the gateway falls back to the web app for page routes). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
const OPEN_PATHS = new Set(['/healthz', '/readyz']);
const READINESS_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

function describeValidation(error: FastifyError): { message: string; issues: { path: string; message: string }[] } {
  const issues = (error.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = error.validationContext === 'body' ? path : [error.validationContext, path].filter(Boolean).join('.');
    return { path: shorten(where), message: shorten(v.message ?? 'is invalid') };
  });
  const first = issues
    .slice(0, 3)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');
  return { message: first || 'The request is invalid', issues };
}

/** The generic code of a refusal that names none (a plugin's 429 or 415): the one its status stands for. */
function codeForStatus(status: number): string {
  const kind = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((k) => ERROR_STATUS[k] === status);
  return kind ? DEFAULT_ERROR_CODE[kind] : 'request.invalid';
}

/** The JSON 404 every API answers for an unknown path. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    success: false,
    code: 'route.not_found',
    message: `No route for ${request.method} ${shorten(request.url.split('?')[0] ?? '')}`,
  });
}

/** A path echoed in a message stays short, however long the one sent was. */
const shorten = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}…` : path);

/**
 * Requests Node refuses before Fastify sees them (headers too large, malformed HTTP) still get
 * the one error shape. Written straight to the socket, as Fastify's own handler does.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request.headers_too_large', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request.timeout', 'The request took too long to arrive']
        : [400, 'request.malformed', 'The request is malformed'];
  const body = JSON.stringify({ success: false, code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Builds a Fastify instance with what every service shares: zod validation, request ids in
 * every log line, one error shape, health routes and the gateway-only guard.
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const app = Fastify({
    loggerInstance: withSafeRequestLogs(options.logger),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: IDENTITY_HEADERS.requestId,
    // One access line per request (the onResponse hook) instead of Fastify's two: logging is a
    // visible share of a short request's cost.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler,
    // Malformed or over-long URLs are refused before any hook runs: same error shape as the rest.
    frameworkErrors: (error, _request, reply) =>
      // The option's reply type carries the route generics of no route in particular.
      (reply as unknown as FastifyReply).status(error.statusCode ?? 400).send({
        success: false,
        code: 'request.bad_address',
        message:
          error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'A part of this address is too long'
            : 'This address is not valid: check how it is encoded',
      }),
  }).withTypeProvider<ZodTypeProvider>() as unknown as ServiceApp;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('identity', null);
  app.decorateRequest('seen', null as unknown as Stamps);
  const metrics = new HttpMetrics();
  app.decorate('metrics', metrics);
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', () => routes);

  // The access line's fields are fixed and flat (query values already redacted), so it skips the
  // logger's wildcard redaction, which walks every logged object and costs more than the line.
  const accessLog = options.logger.child({}, { redact: { paths: [] } });

  // Every answer counts, 404s and refusals included, labelled by the matched route pattern.
  // Callback hooks, not async ones: they run on every request of the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, seconds);
    // A route may log at warn (the gateway's forwarded routes, logged by the service that answers).
    if ((request.log as Logger).isLevelEnabled('info')) {
      accessLog.info(
        {
          requestId: request.id,
          method: request.method,
          url: redactQuery(request.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 100) / 100,
          remoteAddress: request.ip,
        },
        'request completed',
      );
    }
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    // An id from outside is kept only when it looks like one of ours.
    if (!REQUEST_ID.test(request.id)) request.id = randomUUID();
    reply.header(IDENTITY_HEADERS.requestId, request.id);
    if (options.internalSecret && !OPEN_PATHS.has(request.url.split('?')[0] ?? '')) {
      const given = request.headers[IDENTITY_HEADERS.internalSecret];
      if (!secretsMatch(Array.isArray(given) ? given[0] : given, options.internalSecret)) {
        done(
          new AppError('FORBIDDEN', 'This service only accepts requests through the gateway', {
            code: 'auth.gateway_only',
          }),
        );
        return;
      }
      request.identity = readIdentity(request);
      request.seen = readSeen(request);
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      // The zod type provider keeps each issue's own params under `params.params`.
      const code = answerCodeOfIssues(
        (error.validation ?? []).map((v) => ({ params: (v.params as { params?: unknown } | undefined)?.params })),
      );
      return reply.status(400).send({ success: false, code: code ?? 'request.invalid', ...describeValidation(error) });
    }
    if (error instanceof ValidationError) {
      return reply
        .status(400)
        .send({ success: false, code: error.answerCode, message: error.message, issues: error.issues });
    }
    if (error instanceof AppError) {
      for (const [state, stamp] of Object.entries(error.changed ?? {})) {
        if (stamp !== undefined) announceChange(reply, state as CopiedState, stamp);
      }
      return reply.status(error.statusCode).send({
        success: false,
        code: error.answerCode,
        message: error.message,
        ...(error.params ? { params: error.params } : {}),
      });
    }
    if (isUnstorableTextError(error)) {
      return reply.status(400).send({
        success: false,
        code: 'text.unstorable',
        message:
          'The text contains a character that cannot be saved (such as the NUL character). Remove it and try again.',
      });
    }
    if (isVanishedReferenceError(error)) {
      // A race, not a fault: what the request refers to (its account, a workspace) was removed meanwhile.
      request.log.warn({ err: error }, 'a row the request refers to was removed meanwhile');
      return reply.status(409).send({
        success: false,
        code: 'request.conflict',
        message: 'Something this request refers to was removed in the meantime. Reload and try again.',
      });
    }
    if (isUnavailableError(error)) {
      request.log.error({ err: error }, 'backing store unavailable');
      return reply.status(503).send({
        success: false,
        code: 'service.unavailable',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply
          .status(status)
          .send({ success: false, code: 'request.invalid_json', message: 'The request body is not valid JSON' });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const tooLarge = payloadTooLarge(request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT);
        return reply.status(status).send({
          success: false,
          code: tooLarge.answerCode,
          message: tooLarge.message,
          params: tooLarge.params,
        });
      }
      return reply.status(status).send({ success: false, code: codeForStatus(status), message: error.message });
    }
    if (request.raw.destroyed || reply.raw.destroyed) {
      // The client left before the answer (a tab closed, a page that navigated away mid-request):
      // nothing failed on our side, so it is no error to page anyone about.
      request.log.info({ reason: error.message }, 'client went away before the answer');
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    return reply.status(500).send({
      success: false,
      code: 'service.internal',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  app.setNotFoundHandler(options.notFoundHandler ?? sendNotFound);

  app.get('/healthz', async () => ({ success: true, status: 'ok', service: options.name }));

  // Only behind the internal secret: an app without one (the gateway) serves its metrics elsewhere.
  if (options.internalSecret) {
    app.get('/metrics', async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).send(await metrics.text()));
  }

  app.get('/readyz', async (request, reply) => {
    const results = await Promise.all(
      (options.readiness ?? []).map(async ({ name, check }) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS);
          return { name, ok: true as const };
        } catch (error) {
          request.log.warn({ err: error, dependency: name }, 'readiness check failed');
          return { name, ok: false as const, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const failed = results.filter((r) => !r.ok);
    const body = {
      success: failed.length === 0,
      service: options.name,
      checks: Object.fromEntries(results.map((r) => [r.name, r.ok ? 'ok' : 'unavailable'])),
      ...(failed.length ? { message: `Not ready: ${failed.map((f) => f.name).join(', ')} unreachable` } : {}),
    };
    return reply.status(failed.length ? 503 : 200).send(body);
  });

  return app;
}
