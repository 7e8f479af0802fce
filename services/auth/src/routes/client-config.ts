import { API } from '@nashr/contracts';
import { route, type ServiceApp } from '@nashr/platform';

export function clientConfigRoutes(app: ServiceApp, config: { googleEnabled: boolean; mailInboxUrl: string | null }) {
  route(app, API.auth.clientConfig, { checkResponses: true }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { success: true as const, data: config };
  });
}
