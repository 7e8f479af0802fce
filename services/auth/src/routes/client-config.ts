import { authClientConfigSchema } from '@nashr/contracts';
import type { ServiceApp } from '@nashr/platform';

export function clientConfigRoutes(app: ServiceApp, config: { googleEnabled: boolean; mailInboxUrl: string | null }) {
  app.get(
    '/api/v1/auth/client-config',
    { schema: { response: { 200: authClientConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data: config };
    },
  );
}
