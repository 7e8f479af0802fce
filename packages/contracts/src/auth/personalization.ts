import { z } from 'zod';
import { text } from '../text.js';

/** Option values are stable English keys; the web shows each in the interface language. */
/** The longest 'who are you' and accent a person may write, in characters. */
export const JOB_TITLE_MAX_LENGTH = 120;
export const ACCENT_MAX_LENGTH = 60;

export const LANGUAGE_OPTIONS = [
  'Arabic',
  'English',
  'Spanish',
  'German',
  'French',
  'Portuguese',
  'Russian',
  'Italian',
  'Dutch',
  'Turkish',
] as const;

/** How each language names itself (spec: "each shown in its own language"). */
export const LANGUAGE_NATIVE_NAMES: Record<(typeof LANGUAGE_OPTIONS)[number], string> = {
  Arabic: 'العربية',
  English: 'English',
  Spanish: 'Español',
  German: 'Deutsch',
  French: 'Français',
  Portuguese: 'Português',
  Russian: 'Русский',
  Italian: 'Italiano',
  Dutch: 'Nederlands',
  Turkish: 'Türkçe',
};

export const GOAL_OPTIONS = [
  'Establish expertise',
  'Grow Network',
  'Promote Services',
  'Increase engagement',
  'Drive website traffic',
  'Educate audience',
  'Be a thought leader',
] as const;

export const INTEREST_OPTIONS = [
  'Personal Development',
  'Entrepreneurship',
  'Productivity',
  'Work-Life Balance',
  'Diversity & Inclusion',
  'Innovation',
  'Leadership',
] as const;

export const TONE_OPTIONS = [
  'Professional',
  'Casual',
  'Inspirational',
  'Informal',
  'Motivational',
  'Analytical',
  'Ignorant',
  'Formal',
  'Humorous',
  'Empathetic',
  'Technical',
  'Bold',
] as const;

/**
 * How a tone is named to an AI model: its stored value, but for 'Ignorant' (the spec's value),
 * which the app shows as 'Humble' and the model must read the same way.
 */
export const toneName = (tone: (typeof TONE_OPTIONS)[number]): string => (tone === 'Ignorant' ? 'Humble' : tone);

export const TONE_EMOJI: Record<(typeof TONE_OPTIONS)[number], string> = {
  Professional: '💼',
  Casual: '😎',
  Inspirational: '🌟',
  Informal: '👋',
  Motivational: '💪',
  Analytical: '📊',
  Ignorant: '🙈',
  Formal: '🎩',
  Humorous: '😂',
  Empathetic: '🤗',
  Technical: '🛠️',
  Bold: '🔥',
};

export const STYLE_OPTIONS = [
  'Highly Technical Language',
  'Simple Language',
  'Balanced Approach',
  'Formal and Complex',
  'Casual and Conversational',
] as const;

/** The Arabic the user writes in: Modern Standard Arabic or a regional variety. */
export const ARABIC_VARIETY_OPTIONS = ['msa', 'gulf', 'egyptian', 'levantine', 'maghrebi'] as const;
export type ArabicVariety = (typeof ARABIC_VARIETY_OPTIONS)[number];
/** How the variety is named to an AI endpoint. */
export const ARABIC_VARIETY_NAMES: Record<ArabicVariety, string> = {
  msa: 'Modern Standard Arabic (الفصحى)',
  gulf: 'Gulf Arabic (الخليجية)',
  egyptian: 'Egyptian Arabic (المصرية)',
  levantine: 'Levantine Arabic (الشامية)',
  maghrebi: 'Maghrebi Arabic (المغاربية)',
};

/** How formally the user writes, in any language. */
export const REGISTER_OPTIONS = ['formal', 'conversational'] as const;
export type Register = (typeof REGISTER_OPTIONS)[number];

export const POST_FREQUENCY_OPTIONS = ['Daily', 'Weekly', 'Bi-weekly', 'Monthly'] as const;

const uniqueList = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z
    .array(z.enum(options))
    .min(1, `Choose at least one ${label}`)
    .max(options.length)
    .refine((list) => new Set(list).size === list.length, `Each ${label} may be chosen once`);

/** `PUT /api/v1/personalization` body (spec section 3 and 5). */
export const personalizationInputSchema = z.object({
  jobTitle: text()
    .trim()
    .min(1, 'Tell us who you are')
    .max(JOB_TITLE_MAX_LENGTH, `Keep it under ${JOB_TITLE_MAX_LENGTH} characters`),
  language: z.enum(LANGUAGE_OPTIONS, 'Choose a language'),
  accent: text().trim().max(ACCENT_MAX_LENGTH, `Keep it under ${ACCENT_MAX_LENGTH} characters`).optional().default(''),
  /** Used when the language is Arabic; Modern Standard Arabic unless the user chooses a variety. */
  arabicVariety: z.enum(ARABIC_VARIETY_OPTIONS, 'Choose a variety of Arabic').optional().default('msa'),
  register: z.enum(REGISTER_OPTIONS, 'Choose formal or conversational').optional().default('formal'),
  goals: uniqueList(GOAL_OPTIONS, 'goal'),
  interests: uniqueList(INTEREST_OPTIONS, 'interest'),
  tones: z.array(z.enum(TONE_OPTIONS)).length(1, 'Choose exactly one tone'),
  styles: uniqueList(STYLE_OPTIONS, 'style'),
});
export type PersonalizationInput = z.input<typeof personalizationInputSchema>;

/** Personalization as read back from the user record: lists under `details`. */
export const personalizationSchema = z.object({
  jobTitle: z.string(),
  language: z.enum(LANGUAGE_OPTIONS),
  accent: z.string(),
  // Saved before these existed: Modern Standard Arabic, formal.
  arabicVariety: z.enum(ARABIC_VARIETY_OPTIONS).default('msa'),
  register: z.enum(REGISTER_OPTIONS).default('formal'),
  details: z.object({
    goals: z.array(z.enum(GOAL_OPTIONS)),
    interests: z.array(z.enum(INTEREST_OPTIONS)),
    tones: z.array(z.enum(TONE_OPTIONS)),
    styles: z.array(z.enum(STYLE_OPTIONS)),
  }),
});
export type Personalization = z.infer<typeof personalizationSchema>;

/** The saved input in the shape it is read back (lists under `details`): auth stores it, ai copies it. */
export function toStoredPersonalization(input: PersonalizationInput): Personalization {
  const valid = personalizationInputSchema.parse(input);
  return {
    jobTitle: valid.jobTitle,
    language: valid.language,
    accent: valid.accent,
    arabicVariety: valid.arabicVariety,
    register: valid.register,
    details: { goals: valid.goals, interests: valid.interests, tones: valid.tones, styles: valid.styles },
  };
}
