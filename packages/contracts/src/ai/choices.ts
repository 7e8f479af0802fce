import { z } from 'zod';
import {
  GOAL_OPTIONS,
  INTEREST_OPTIONS,
  POST_FREQUENCY_OPTIONS,
  STYLE_OPTIONS,
  TONE_OPTIONS,
} from '../auth/personalization.js';

/** A multi-select list of known options, each at most once. */
const choiceList = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z
    .array(z.enum(options))
    .min(1, `Choose at least one ${label}`)
    .max(options.length)
    .refine((list) => new Set(list).size === list.length, `Each ${label} may be chosen once`);

/**
 * The composer's Personalize popup (spec section 3, 'Composer-popup choices'). Unlike the saved
 * personalization, Goal, Style, Tone and Interests are multi-select here; Post frequency is single.
 */
export const composerChoicesSchema = z.object({
  goals: choiceList(GOAL_OPTIONS, 'goal'),
  styles: choiceList(STYLE_OPTIONS, 'style'),
  tones: choiceList(TONE_OPTIONS, 'tone'),
  postFrequency: z.enum(POST_FREQUENCY_OPTIONS, 'Choose how often you post'),
  interests: choiceList(INTEREST_OPTIONS, 'interest'),
});
export type ComposerChoices = z.infer<typeof composerChoicesSchema>;
export type PostFrequency = ComposerChoices['postFrequency'];

/**
 * Choices sent with one generation: any subset. A field left out falls back to the user's saved
 * composer choices, then to their personalization, then to COMPOSER_DEFAULTS.
 */
export const composerChoicesOverrideSchema = composerChoicesSchema.partial();
export type ComposerChoicesOverride = z.infer<typeof composerChoicesOverrideSchema>;

/** The spec's defaults for the popup. */
export const COMPOSER_DEFAULTS: ComposerChoices = {
  goals: ['Establish expertise'],
  styles: ['Highly Technical Language'],
  tones: ['Professional'],
  postFrequency: 'Daily',
  interests: ['Personal Development', 'Productivity', 'Entrepreneurship'],
};

/** `PUT /api/v1/ai/choices`: 'Save Changes' in the popup keeps every field for this user. */
export const saveChoicesRequestSchema = composerChoicesSchema;

/** `GET` and `PUT /api/v1/ai/choices`. `choices` is what the next generation will use. */
export const choicesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    choices: composerChoicesSchema,
    /** Where `choices` came from: saved by the user, derived from the personalization, or the defaults. */
    source: z.enum(['saved', 'personalization', 'defaults']),
    defaults: composerChoicesSchema,
  }),
});
export type ChoicesResponse = z.infer<typeof choicesResponseSchema>;
