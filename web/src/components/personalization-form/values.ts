import type { Personalization, PersonalizationInput } from '@nashr/contracts';
import type { Language } from '../../i18n';

/** The form edits the PUT payload's shape; lists start empty. */
export type PersonalizationFormValues = PersonalizationInput;

/** A new user's form: the post language starts as the interface language, everything else empty. */
export function emptyValues(interfaceLanguage: Language): PersonalizationFormValues {
  return {
    jobTitle: '',
    language: interfaceLanguage === 'en' ? 'English' : 'Arabic',
    accent: '',
    goals: [],
    interests: [],
    tones: [],
    styles: [],
  };
}

/** Stored personalization (lists under `details`) as form values. */
export function valuesFrom(stored: Personalization): PersonalizationFormValues {
  return {
    jobTitle: stored.jobTitle,
    language: stored.language,
    accent: stored.accent,
    goals: [...stored.details.goals],
    interests: [...stored.details.interests],
    tones: [...stored.details.tones],
    styles: [...stored.details.styles],
  };
}
