import { COMPOSER_DEFAULTS, saveChoicesRequestSchema } from '@nashr/contracts';
import { identityOf, requireIdentity, type ServiceApp } from '@nashr/platform';
import { choicesFromPersonalization, choicesSource, resolveChoices } from '../choices.js';
import type { ProfileStore } from '../profile-store.js';

/** The composer's Personalize popup: what the next generation will use, and 'Save Changes'. */
export function choiceRoutes(app: ServiceApp, profiles: ProfileStore): void {
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

  app.get('/api/v1/ai/choices', { onRequest: requireIdentity }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return current(identityOf(request).userId);
  });

  app.put(
    '/api/v1/ai/choices',
    { onRequest: requireIdentity, schema: { body: saveChoicesRequestSchema } },
    async (request) => {
      const { userId } = identityOf(request);
      await profiles.saveChoices(userId, request.body);
      return { ...(await current(userId)), message: 'Your choices are saved' };
    },
  );
}
