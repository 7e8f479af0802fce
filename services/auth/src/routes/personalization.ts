import { API, personalizationUpdatedEvent, toStoredPersonalization } from '@nashr/contracts';
import {
  announceChange,
  identityOf,
  parseOrThrow,
  type Queues,
  route,
  type ServiceApp,
  unauthenticated,
} from '@nashr/platform';
import type { UserStore } from '../users/user-store.js';

export interface PersonalizationDeps {
  users: UserStore;
  queues: Queues;
}

export const PERSONALIZATION_SAVED_MESSAGE = 'Your personalization is saved';

export function personalizationRoutes(app: ServiceApp, deps: PersonalizationDeps): void {
  route(app, API.personalization.save, { bodyCheck: 'handler' }, async (request, reply) => {
    const { userId } = identityOf(request);
    // Validated before anything is written: a refused save changes nothing.
    const personalization = toStoredPersonalization(parseOrThrow(API.personalization.save.body, request.body ?? {}));
    const version = await deps.users.savePersonalization(userId, personalization);
    if (version === null) throw unauthenticated();
    // The event id carries the version, so a retried publish of one change is delivered once.
    await deps.queues.publish(
      personalizationUpdatedEvent,
      { userId, personalization, version, requestId: request.id },
      { id: `${userId}-${version}` },
    );
    // The caller's next requests to services that copy it wait for this version (read-your-writes).
    announceChange(reply, 'personalization', version);
    request.log.info({ userId, version }, 'personalization saved');
    return { success: true as const, message: PERSONALIZATION_SAVED_MESSAGE };
  });
}
