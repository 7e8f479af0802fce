import type { ProfileReview, ProfileReviewInput } from '@nashr/contracts';
import type { Logger } from '@nashr/platform';
import { draftLanguage } from '../choices.js';
import type { CreditStore } from '../credits/credit-store.js';
import type { CreditsLowAlert } from '../credits/low-credits.js';
import type { ProfileStore } from '../profile-store.js';
import { ADVICE_PROMPT_VERSION, buildProfileReviewPrompt, type ProfileReviewRequest } from '../prompts/index.js';
import { GenerationAbortedError, ProviderError } from '../providers/errors.js';
import { OFFLINE_MODEL } from '../providers/offline/provider.js';
import type { TextProvider } from '../providers/types.js';
import { adviceAuthor } from './author.js';

export interface ProfileReviewDeps {
  provider: TextProvider;
  credits: CreditStore;
  profiles: ProfileStore;
  models: { premium: string; standard: string };
  logger: Logger;
  creditsLow?: CreditsLowAlert;
}

/**
 * Optimize Profile: the headline, About section and skills reviewed against the user's goals and
 * audience. Paid like a generation: credits are reserved first and refunded when the provider fails.
 */
export class ProfileReviewService {
  constructor(private readonly deps: ProfileReviewDeps) {}

  async review(userId: string, input: ProfileReviewInput, signal?: AbortSignal): Promise<ProfileReview> {
    const { provider, credits, profiles, models, logger } = this.deps;
    const personalization = await profiles.personalization(userId);
    const request: ProfileReviewRequest = {
      profile: { headline: input.headline, about: input.about, skills: input.skills },
      author: adviceAuthor(personalization),
      language: draftLanguage(personalization, input.lang),
    };
    const prompt = buildProfileReviewPrompt(request);
    const reservation = await credits.reserve(userId, {
      kind: 'profile-review',
      action: null,
      promptVersion: ADVICE_PROMPT_VERSION,
      models,
    });
    if (reservation.low) await this.deps.creditsLow?.(userId, reservation.low);
    const offline = provider.name === 'offline';
    const log = logger.child({ userId, generationId: reservation.generationId, kind: 'profile-review' });
    try {
      const result = await provider.reviewProfile({ prompt, request, model: reservation.model, signal });
      await credits.complete(reservation.generationId);
      log.info({ suggestions: result.items.length, model: result.model }, 'profile reviewed');
      return {
        suggestions: result.items,
        model: offline ? OFFLINE_MODEL : result.model,
        offline,
        language: result.language,
        credits: { remaining: reservation.remaining, premium: reservation.premium },
      };
    } catch (error) {
      const aborted = error instanceof GenerationAbortedError;
      const reason = aborted ? 'cancelled by the client' : error instanceof Error ? error.message : String(error);
      const remaining = await credits.refund(reservation.generationId, reason).catch((refundError) => {
        log.error({ err: refundError }, 'refund failed');
        return null;
      });
      log.warn({ reason, remaining }, 'profile review failed; credits refunded');
      if (error instanceof ProviderError) throw error.about('profile_review');
      if (aborted) throw error;
      throw new ProviderError(502, 'failed', reason).about('profile_review');
    }
  }
}
