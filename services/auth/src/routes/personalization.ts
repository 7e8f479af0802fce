import { personalizationInputSchema, personalizationUpdatedEvent } from '@nashr/contracts';
import {
  identityOf,
  parseOrThrow,
  type Queues,
  requireIdentity,
  type ServiceApp,
  unauthenticated,
} from '@nashr/platform';
import { toStoredPersonalization, type UserStore } from '../users/user-store.js';

export interface PersonalizationDeps {
  users: UserStore;
  queues: Queues;
}

export const PERSONALIZATION_SAVED_MESSAGE = 'Your personalization is saved';

export function personalizationRoutes(app: ServiceApp, deps: PersonalizationDeps): void {
  app.put('/api/v1/personalization', { preHandler: requireIdentity }, async (request) => {
    const { userId } = identityOf(request);
    // Validated before anything is written: a refused save changes nothing.
    const personalization = toStoredPersonalization(parseOrThrow(personalizationInputSchema, request.body ?? {}));
    const version = await deps.users.savePersonalization(userId, personalization);
    if (version === null) throw unauthenticated();
    // The event id carries the version, so a retried publish of one change is delivered once.
    await deps.queues.publish(
      personalizationUpdatedEvent,
      { userId, personalization, requestId: request.id },
      { id: `${userId}-${version}` },
    );
    request.log.info({ userId, version }, 'personalization saved');
    return { success: true as const, message: PERSONALIZATION_SAVED_MESSAGE };
  });
}
