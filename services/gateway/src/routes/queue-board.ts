import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { QUEUES } from '@nashr/contracts';
import type { Queues, ServiceApp, SessionStore } from '@nashr/platform';
import type { FastifyPluginCallback } from 'fastify';
import { adminOnly } from '../ops-access.js';
import { recordOpsChanges } from '../ops-audit.js';

export const QUEUE_BOARD_PATH = '/api/v1/ops/queues';

export interface QueueBoardOptions {
  sessions: SessionStore;
  /** Queues under the installation's REDIS_PREFIX: the board reads exactly what the workers use. */
  queues: Queues;
  /** Where the auth service keeps the administrators' audit trail, and the secret to reach it. */
  audit: { authUrl: string; internalSecret: string };
}

/**
 * Bull Board for operators, administrators only: every queue of QUEUES with its waiting,
 * delayed, active, completed and failed jobs, and retry/clean actions. The guard sits on the
 * scope, so the page, its static files and its API all require it; every change made through it
 * enters the admin audit trail first.
 */
export async function queueBoardRoutes(app: ServiceApp, options: QueueBoardOptions): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: Object.values(QUEUES).map((name) => new BullMQAdapter(options.queues.get(name))),
    // @bull-board/fastify pins a copy of @bull-board/api one patch apart: same shape, separate types.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Nashr queues' } },
  });
  // Bull Board's own handler answers the error's message and, under NODE_ENV=development, its
  // stack. Thrown on instead, Fastify hands it to the app's handler: the one error shape, no stack.
  serverAdapter.setErrorHandler((error) => {
    throw error;
  });

  await app.register(async (scope) => {
    scope.decorateRequest('sessionId', null);
    scope.addHook('onRequest', adminOnly(options.sessions));
    scope.addHook('preHandler', recordOpsChanges({ ...options.audit, basePath: QUEUE_BOARD_PATH }));
    // The page asks Google for its fonts: the CSP (self only) would block it anyway, and an
    // operator page has no business telling a third party who opens it. System fonts it is.
    scope.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace(/<link[^>]*fonts\.googleapis\.com[^>]*>/g, '')
        : payload,
    );
    // Bull Board's adapter is typed against its own copy of fastify's types.
    await scope.register(serverAdapter.registerPlugin() as unknown as FastifyPluginCallback, {
      prefix: QUEUE_BOARD_PATH,
    });
  });
}
