import { voiceChangedEvent } from '@nashr/contracts';
import type { Queues } from '@nashr/platform';
import type { ProfileStore } from '../profile-store.js';

/**
 * Tells the services that follow the writer's voice (engage's comment suggestions) the traits now
 * in effect, after a measure or a correction. The id names the moment, so a retried job tells once.
 */
export async function announceVoice(
  queues: Queues,
  profiles: ProfileStore,
  userId: string,
  requestId?: string,
): Promise<void> {
  const { traits } = await profiles.voice(userId);
  const changedAt = Date.now();
  await queues.publish(voiceChangedEvent, { userId, traits, changedAt, requestId }, { id: `${userId}-${changedAt}` });
}
