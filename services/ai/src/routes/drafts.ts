import {
  type Draft,
  generateRequestSchema,
  modifyRequestSchema,
  rewriteRequestSchema,
  STREAM_EVENTS,
  streamQuerySchema,
} from '@nashr/contracts';
import { identityOf, requireIdentity, type ServiceApp } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationInput, GenerationService } from '../generation.js';
import { GenerationAbortedError, ProviderError } from '../providers/errors.js';
import { clientGone, openEventStream, wantsEventStream } from './event-stream.js';

const failure = (error: ProviderError) => ({ success: false as const, message: error.message });

/**
 * One answer for the three endpoints: JSON `{success, data}` by default, or server-sent events
 * when asked (`meta`, `token`..., then `done` or `error`). Validation and 401 happen before
 * anything is spent; provider failures are refunded inside the service.
 */
async function answer(
  generation: GenerationService,
  request: FastifyRequest,
  reply: FastifyReply,
  input: GenerationInput,
) {
  const prepared = await generation.prepare(identityOf(request).userId, input);
  const signal = clientGone(reply);

  if (!wantsEventStream(request)) {
    try {
      const draft: Draft = await generation.execute(prepared, { signal });
      return { success: true as const, data: draft };
    } catch (error) {
      if (error instanceof ProviderError) return reply.code(error.status).send(failure(error));
      if (error instanceof GenerationAbortedError) return reply;
      throw error;
    }
  }

  const events = openEventStream(reply);
  events.send(STREAM_EVENTS.meta, prepared.meta);
  generation
    .execute(prepared, { signal, onToken: (text) => events.send(STREAM_EVENTS.token, { text }) })
    .then((draft) => events.send(STREAM_EVENTS.done, { success: true, data: draft }))
    .catch((error) => {
      if (error instanceof GenerationAbortedError) return;
      const message =
        error instanceof ProviderError
          ? error.message
          : 'The draft could not be written. Please try again in a moment.';
      events.send(STREAM_EVENTS.error, { success: false, message });
    })
    .finally(() => events.end());
  return reply;
}

export function draftRoutes(app: ServiceApp, generation: GenerationService): void {
  app.post(
    '/api/v1/ai/generate',
    { onRequest: requireIdentity, schema: { body: generateRequestSchema, querystring: streamQuerySchema } },
    (request, reply) => answer(generation, request, reply, { kind: 'generate', ...request.body }),
  );

  app.post(
    '/api/v1/ai/rewrite',
    { onRequest: requireIdentity, schema: { body: rewriteRequestSchema, querystring: streamQuerySchema } },
    (request, reply) => answer(generation, request, reply, { kind: 'rewrite', ...request.body }),
  );

  app.post(
    '/api/v1/ai/modify',
    { onRequest: requireIdentity, schema: { body: modifyRequestSchema, querystring: streamQuerySchema } },
    (request, reply) => answer(generation, request, reply, { kind: 'modify', ...request.body }),
  );
}
