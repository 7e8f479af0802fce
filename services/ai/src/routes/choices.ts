import { API, COMPOSER_DEFAULTS } from '@nashr/contracts';
import { identityOf, route, type ServiceApp } from '@nashr/platform';
import type { FastifyRequest } from 'fastify';
import { choicesFromPersonalization, choicesSource, resolveChoices } from '../choices.js';
import type { ProfileStore } from '../profile-store.js';

/** The composer's Personalize popup: what the next generation will use, and 'Save Changes'. */
export function choiceRoutes(
  app: ServiceApp,
  profiles: ProfileStore,
  copyCaughtUp: (request: FastifyRequest) => Promise<void>,
): void {
  const current = async (userId: string) => {
    const [personalization, saved] = await Promise.all([
      profiles.personalization(userId),
      profiles.savedChoices(userId),
    ]);
    return {
      success: true as const,
      data: {
        choices: resolveChoices([saved, choicesFromPersonalization(personalization)]),
        source: choicesSource(saved, personalization),
        defaults: COMPOSER_DEFAULTS,
      },
    };
  };

  route(app, API.ai.choices, { preHandler: copyCaughtUp }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return current(identityOf(request).userId);
  });

  route(app, API.ai.saveChoices, { preHandler: copyCaughtUp }, async (request) => {
    const { userId } = identityOf(request);
    await profiles.saveChoices(userId, request.body);
    return { ...(await current(userId)), message: 'Your choices are saved' };
  });
}
