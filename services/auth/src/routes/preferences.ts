import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp, unauthenticated } from '@nashr/platform';
import type { UserStore } from '../users/user-store.js';

/** The display preferences: Hijri beside Gregorian, the week's first day, the digits. */
export function preferencesRoutes(app: ServiceApp, users: UserStore): void {
  route(app, API.preferences.display, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const data = await users.displayPreferences(identityOf(request).userId);
    if (!data) throw unauthenticated();
    return { success: true as const, data };
  });

  route(app, API.preferences.saveDisplay, { checkResponses: true }, async (request) => {
    const data = await users.saveDisplayPreferences(identityOf(request).userId, request.body);
    if (!data) throw unauthenticated();
    request.log.info({ display: data }, 'display preferences saved');
    return { success: true as const, data };
  });
}
