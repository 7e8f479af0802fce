import { API, type Draft, STREAM_EVENTS } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationInput, GenerationService } from '../generation.js';
import { GenerationAbortedError, ProviderError } from '../providers/errors.js';
import { clientGone, openEventStream, wantsEventStream } from './event-stream.js';

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
      if (error instanceof ProviderError) return reply.code(error.status).send(error.toAnswer());
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
      const failure = error instanceof ProviderError ? error : new ProviderError(502, 'failed');
      events.send(STREAM_EVENTS.error, failure.toAnswer());
    })
    .finally(() => events.end());
  return reply;
}

export function draftRoutes(
  app: ServiceApp,
  generation: GenerationService,
  copyCaughtUp: (request: FastifyRequest) => Promise<void>,
): void {
  route(app, API.ai.generate, { preHandler: copyCaughtUp }, (request, reply) =>
    answer(generation, request, reply, { kind: 'generate', ...request.body }),
  );

  route(app, API.ai.rewrite, { preHandler: copyCaughtUp }, (request, reply) =>
    answer(generation, request, reply, { kind: 'rewrite', ...request.body }),
  );

  route(app, API.ai.modify, { preHandler: copyCaughtUp }, (request, reply) =>
    answer(generation, request, reply, { kind: 'modify', ...request.body }),
  );
}
