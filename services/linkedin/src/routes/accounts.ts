import {
  accountIdParamsSchema,
  accountStepResponseSchema,
  connectAccountRequestSchema,
  solveChallengeRequestSchema,
} from '@nashr/contracts';
import { identityOf, requireIdentity, type ServiceApp } from '@nashr/platform';
import type { ConnectionService } from '../accounts/connection-service.js';

const response = { 200: accountStepResponseSchema };

/** The sign-in popup's calls (spec section 7); each answers `{ success, message, data }`. */
export function accountRoutes(app: ServiceApp, connections: ConnectionService): void {
  app.post(
    '/api/v1/linkedin/accounts',
    { preHandler: requireIdentity, schema: { body: connectAccountRequestSchema, response } },
    async (request) => {
      const answer = await connections.connect(identityOf(request).userId, request.body, request.id);
      return { success: true as const, ...answer };
    },
  );

  app.post(
    '/api/v1/linkedin/accounts/:accountId/challenges',
    {
      preHandler: requireIdentity,
      schema: { params: accountIdParamsSchema, body: solveChallengeRequestSchema, response },
    },
    async (request) => {
      const { userId } = identityOf(request);
      const answer = await connections.solve(userId, request.params.accountId, request.body.code, request.id);
      return { success: true as const, ...answer };
    },
  );

  app.get(
    '/api/v1/linkedin/accounts/:accountId/challenges/in-app',
    { preHandler: requireIdentity, schema: { params: accountIdParamsSchema, response } },
    async (request) => {
      const answer = await connections.checkInApp(identityOf(request).userId, request.params.accountId, request.id);
      return { success: true as const, ...answer };
    },
  );

  app.post(
    '/api/v1/linkedin/accounts/:accountId/challenges/resend',
    { preHandler: requireIdentity, schema: { params: accountIdParamsSchema, response } },
    async (request) => {
      const answer = await connections.resend(identityOf(request).userId, request.params.accountId);
      return { success: true as const, ...answer };
    },
  );
}
