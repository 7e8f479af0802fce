import type { Personalization } from '@nashr/contracts';
import { COMPOSER_DEFAULTS } from '@nashr/contracts';
import type { AdviceAuthor } from '../prompts/index.js';

/** Who advice is for, from their personalization (the composer's defaults when none is stored). */
export function adviceAuthor(personalization: Personalization | null): AdviceAuthor {
  const details = personalization?.details;
  return {
    jobTitle: personalization?.jobTitle || null,
    arabicVariety: personalization?.arabicVariety ?? 'msa',
    goals: details?.goals.length ? details.goals : COMPOSER_DEFAULTS.goals,
    interests: details?.interests.length ? details.interests : COMPOSER_DEFAULTS.interests,
    tones: details?.tones.length ? details.tones : COMPOSER_DEFAULTS.tones,
  };
}
