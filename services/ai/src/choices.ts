import {
  COMPOSER_DEFAULTS,
  type ComposerChoices,
  type ComposerChoicesOverride,
  DEFAULT_LOCALE,
  type Locale,
  type Personalization,
} from '@nashr/contracts';
import type { Language } from './prompts/index.js';

export type ChoicesSource = 'saved' | 'personalization' | 'defaults';

/** The personalization's lists as composer choices; it has no post frequency. */
export function choicesFromPersonalization(personalization: Personalization | null): ComposerChoicesOverride {
  if (!personalization) return {};
  const { goals, interests, tones, styles } = personalization.details;
  const nonEmpty = <T>(items: T[]) => (items.length > 0 ? items : undefined);
  return { goals: nonEmpty(goals), interests: nonEmpty(interests), tones: nonEmpty(tones), styles: nonEmpty(styles) };
}

/**
 * The choices in effect, field by field: what this request says, else what the user saved in the
 * composer, else their personalization, else the spec's defaults.
 */
export function resolveChoices(layers: (ComposerChoicesOverride | null | undefined)[]): ComposerChoices {
  const pick = <K extends keyof ComposerChoices>(key: K): ComposerChoices[K] => {
    for (const layer of layers) {
      const value = layer?.[key];
      if (value !== undefined) return value as ComposerChoices[K];
    }
    return COMPOSER_DEFAULTS[key];
  };
  return {
    goals: pick('goals'),
    styles: pick('styles'),
    tones: pick('tones'),
    postFrequency: pick('postFrequency'),
    interests: pick('interests'),
  };
}

export function choicesSource(saved: unknown, personalization: Personalization | null): ChoicesSource {
  if (saved) return 'saved';
  return personalization ? 'personalization' : 'defaults';
}

/** The draft's language: the personalization's, else the interface language the client sent. */
export function draftLanguage(personalization: Personalization | null, interfaceLocale?: Locale): Language {
  if (personalization) return personalization.language;
  return (interfaceLocale ?? DEFAULT_LOCALE) === 'en' ? 'English' : 'Arabic';
}
