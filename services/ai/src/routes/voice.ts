import { API, VOICE_MIN_POSTS, type VoiceTraits } from '@nashr/contracts';
import { identityOf, type Queues, route, type ServiceApp } from '@nashr/platform';
import type { ProfileStore } from '../profile-store.js';
import { announceVoice } from '../voice/announce.js';

/** The personalization page's 'Your voice': read it and correct its traits. */
export function voiceRoutes(app: ServiceApp, profiles: ProfileStore, queues?: Queues): void {
  const current = async (userId: string) => {
    const voice = await profiles.voice(userId);
    return {
      success: true as const,
      data: {
        traits: voice.traits,
        measured: voice.measured,
        corrections: voice.corrections,
        measures: voice.measures,
        measuredAt: voice.measuredAt?.toISOString() ?? null,
        missing: voice.measured ? null : voice.measuredAt ? ('too-few-posts' as const) : ('not-measured' as const),
        minPosts: VOICE_MIN_POSTS,
      },
    };
  };

  route(app, API.ai.voice, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return current(identityOf(request).userId);
  });

  route(app, API.ai.correctVoice, {}, async (request) => {
    const { userId } = identityOf(request);
    const { corrections } = await profiles.voice(userId);
    const next: Partial<Record<keyof VoiceTraits, string>> = { ...corrections };
    for (const [key, value] of Object.entries(request.body) as [keyof VoiceTraits, string | null][]) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    await profiles.saveVoiceCorrections(userId, next as Partial<VoiceTraits>);
    // Engage's comment suggestions follow the corrected voice too.
    if (queues) await announceVoice(queues, profiles, userId, request.id);
    return { ...(await current(userId)), message: 'Your voice is updated' };
  });
}
