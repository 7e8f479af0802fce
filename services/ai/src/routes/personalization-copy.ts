import { awaitCopy, identityOf } from '@nashr/platform';
import type { FastifyRequest } from 'fastify';
import type { ProfileStore } from '../profile-store.js';

/**
 * preHandler for routes that read the personalization copy: a caller who just saved their
 * personalization is answered from that version or later (or a 503 after `waitMs`), never from
 * the one before.
 */
export function personalizationCaughtUp(profiles: ProfileStore, waitMs: number) {
  return (request: FastifyRequest) =>
    awaitCopy(request, 'personalization', () => profiles.personalizationVersion(identityOf(request).userId), waitMs);
}
