import { API } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { AutopilotSettings } from '../autopilot/settings.js';

export function autopilotRoutes(app: ServiceApp, settings: AutopilotSettings): void {
  const noStore = { 'cache-control': 'no-store' };

  route(app, API.engage.autopilot, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    return { success: true as const, autopilot: await settings.view(identityOf(request).userId) };
  });

  route(app, API.engage.saveAutopilot, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    const autopilot = await settings.save(identityOf(request).userId, request.body, request.id);
    return { success: true as const, autopilot };
  });

  route(app, API.engage.pauseAutopilot, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    const autopilot = await settings.pause(identityOf(request).userId, request.body.paused, request.id);
    return { success: true as const, autopilot };
  });
}
