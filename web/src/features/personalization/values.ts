import { LANGUAGE_OPTIONS, type Personalization, type PersonalizationInput } from '@nashr/contracts';
import { z } from 'zod';
import type { Language } from '../../i18n';

/** The form edits the PUT payload's shape; lists start empty. */
export type PersonalizationFormValues = PersonalizationInput;

/** A new user's form: the post language starts as the interface language, everything else empty. */
export function emptyValues(interfaceLanguage: Language): PersonalizationFormValues {
  return {
    jobTitle: '',
    language: interfaceLanguage === 'en' ? 'English' : 'Arabic',
    accent: '',
    arabicVariety: 'msa',
    register: 'formal',
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
    arabicVariety: stored.arabicVariety,
    register: stored.register,
    goals: [...stored.details.goals],
    interests: [...stored.details.interests],
    tones: [...stored.details.tones],
    styles: [...stored.details.styles],
  };
}

/**
 * Answers kept while the form is being filled in (a reload must not empty it): any subset of
 * the fields, each of the right kind; the form's own schema still checks them before saving.
 */
const keptAnswersSchema = z
  .object({
    jobTitle: z.string(),
    language: z.enum(LANGUAGE_OPTIONS),
    accent: z.string(),
    goals: z.array(z.string()),
    interests: z.array(z.string()),
    tones: z.array(z.string()),
    styles: z.array(z.string()),
  })
  .partial();

/** The form's values from kept answers laid over `base`; null when nothing usable was kept. */
export function restoredValues(kept: unknown, base: PersonalizationFormValues): PersonalizationFormValues | null {
  const parsed = keptAnswersSchema.safeParse(kept);
  if (!parsed.success) return null;
  return { ...base, ...parsed.data } as PersonalizationFormValues;
}
