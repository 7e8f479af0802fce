import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { AiUserData } from '../user-data.js';

/** The ai part of 'Download my data'. */
export function userDataRoutes(app: ServiceApp, userData: AiUserData): void {
  route(app, API.ai.export, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await userData.export(identityOf(request).userId) };
  });
}
