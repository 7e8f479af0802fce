import { COMMON_ERROR_CODES } from '@nashr/contracts';
import { type AppError, forbidden, isUnavailableError, type SessionStore, unauthenticated } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession } from './routes/proxy.js';

const refuse = (reply: FastifyReply, error: AppError) =>
  reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .send({ success: false, code: error.answerCode, message: error.message });

/**
 * onRequest hook of the operator pages (metrics, queue dashboard): 401 without a session, 403
 * without the admin role. It answers by itself rather than throwing, so a plugin's own error
 * handler (Bull Board has one) cannot turn a refusal into something else.
 */
export function adminOnly(sessions: SessionStore) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await resolveSession(request, sessions);
    } catch (error) {
      if (!isUnavailableError(error)) throw error;
      request.log.error({ err: error }, 'sessions unavailable');
      return reply.code(503).send({
        success: false,
        code: COMMON_ERROR_CODES.unavailable,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
    }
    if (!request.identity) return refuse(reply, unauthenticated());
    if (!request.identity.roles.includes('admin')) {
      return refuse(reply, forbidden('Only administrators can open the operations pages'));
    }
  };
}
