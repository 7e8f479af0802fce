import { API } from '@nashr/contracts';
import { announceChange, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { FastifyReply } from 'fastify';
import type { ConnectionService, StepAnswer } from '../accounts/connection-service.js';

/** The step's answer; a step that connected the account says so to the gateway (read-your-writes). */
function step(reply: FastifyReply, { connectedAt, ...answer }: StepAnswer) {
  if (connectedAt !== undefined) announceChange(reply, 'connection', connectedAt);
  return { success: true as const, ...answer };
}

/** The sign-in popup's calls (spec section 7); each answers `{ success, message, data }`. */
export function accountRoutes(app: ServiceApp, connections: ConnectionService): void {
  route(app, API.linkedin.connect, { checkResponses: true }, async (request, reply) => {
    const answer = await connections.connect(identityOf(request).userId, request.body, request.id);
    return step(reply, answer);
  });

  route(app, API.linkedin.solveChallenge, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const answer = await connections.solve(userId, request.params.accountId, request.body.code, request.id);
    return step(reply, answer);
  });

  route(app, API.linkedin.checkInAppApproval, { checkResponses: true }, async (request, reply) => {
    const answer = await connections.checkInApp(identityOf(request).userId, request.params.accountId, request.id);
    return step(reply, answer);
  });

  route(app, API.linkedin.resendCode, { checkResponses: true }, async (request, reply) => {
    const answer = await connections.resend(identityOf(request).userId, request.params.accountId);
    return step(reply, answer);
  });
}
