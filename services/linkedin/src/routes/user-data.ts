import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { UserData } from '../accounts/user-data.js';

/** The linkedin part of 'Download my data'. */
export function userDataRoutes(app: ServiceApp, userData: UserData): void {
  route(app, API.linkedin.export, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await userData.export(identityOf(request).userId) };
  });
}
