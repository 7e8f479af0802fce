import { API } from '@nashr/contracts';
import { route, type ServiceApp } from '@nashr/platform';
import type { EntitlementStore } from '../entitlements.js';

/** The admin area reads a user's plan (granting credits is the ai service's; plans change only through payments). */
export function billingAdminRoutes(app: ServiceApp, store: EntitlementStore): void {
  route(app, API.billing.userEntitlement, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, entitlement: await store.view(request.params.userId) };
  });
}
