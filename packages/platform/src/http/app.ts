import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADERS } from '@nashr/contracts';
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
import { AppError, isUnavailableError, ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { readIdentity, secretsMatch } from './identity.js';
import { withSafeRequestLogs } from './log-safety.js';

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

const megabytes = (bytes: number | undefined) => `${Math.round(((bytes ?? 1048576) / 1048576) * 10) / 10} MB`;

function describeValidation(error: FastifyError): { message: string; issues: { path: string; message: string }[] } {
  const issues = (error.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = error.validationContext === 'body' ? path : [error.validationContext, path].filter(Boolean).join('.');
    return { path: where, message: v.message ?? 'is invalid' };
  });
  const first = issues
    .slice(0, 3)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');
  return { message: first || 'The request is invalid', issues };
}

/** The JSON 404 every API answers for an unknown path. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ success: false, message: `No route for ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Builds a Fastify instance with what every service shares: zod validation, request ids in
 * every log line, one error shape, health routes and the gateway-only guard.
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const app = Fastify({
    loggerInstance: withSafeRequestLogs(options.logger),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: IDENTITY_HEADERS.requestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>() as unknown as ServiceApp;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('identity', null);

  app.addHook('onRequest', async (request, reply) => {
    // An id from outside is kept only when it looks like one of ours.
    if (!REQUEST_ID.test(request.id)) request.id = randomUUID();
    reply.header(IDENTITY_HEADERS.requestId, request.id);
    const path = request.url.split('?')[0] ?? '';
    if (options.internalSecret && !OPEN_PATHS.has(path)) {
      const given = request.headers[IDENTITY_HEADERS.internalSecret];
      if (!secretsMatch(Array.isArray(given) ? given[0] : given, options.internalSecret)) {
        throw new AppError('FORBIDDEN', 'This service only accepts requests through the gateway');
      }
      request.identity = readIdentity(request);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send({ success: false, ...describeValidation(error) });
    }
    if (error instanceof ValidationError) {
      return reply.status(400).send({ success: false, message: error.message, issues: error.issues });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    if (isUnavailableError(error)) {
      request.log.error({ err: error }, 'backing store unavailable');
      return reply
        .status(503)
        .send({ success: false, message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `The request is too large: the limit is ${megabytes(request.routeOptions.bodyLimit)}`
            : error.message;
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler(options.notFoundHandler ?? sendNotFound);

  app.get('/healthz', async () => ({ success: true, status: 'ok', service: options.name }));

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
