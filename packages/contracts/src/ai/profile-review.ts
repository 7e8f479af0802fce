import { z } from 'zod';
import { localeSchema } from '../http.js';
import { text } from '../text.js';
import { draftCreditsSchema } from './responses.js';

/** The network's own limits for the fields reviewed: a headline of 220 characters, an About of 2,600. */
export const MAX_HEADLINE_CHARS = 220;
export const MAX_ABOUT_CHARS = 2600;
export const MAX_SKILLS = 50;
export const MAX_SKILL_CHARS = 80;

export const PROFILE_REVIEW_ERROR_CODES = {
  /** Headline, About and skills are all empty: there is nothing to review. */
  empty: 'ai.profile_review_empty',
  /** A field is longer than the network allows. */
  tooLong: 'ai.profile_field_too_long',
} as const;

export const PROFILE_REVIEW_ERROR_MESSAGES = {
  empty: 'Add your headline, About section or skills so there is something to review',
} as const;

/** A length check whose issue carries its own answer code, so the client can say which limit was passed. */
const limited = (limit: number, message: string) => (value: { length: number }, ctx: z.RefinementCtx) => {
  if (value.length > limit) {
    ctx.addIssue({
      code: 'custom',
      message,
      params: { answerCode: PROFILE_REVIEW_ERROR_CODES.tooLong },
    });
  }
};

/** `POST /api/v1/ai/profile-review`: the profile as the network gives it, or as the user pasted or edited it. */
export const profileReviewRequestSchema = z
  .object({
    headline: text('The headline must be text')
      .trim()
      .superRefine(limited(MAX_HEADLINE_CHARS, `Keep the headline under ${MAX_HEADLINE_CHARS} characters`))
      .optional()
      .default(''),
    about: text('The About section must be text')
      .trim()
      .superRefine(
        limited(MAX_ABOUT_CHARS, `Keep the About section under ${MAX_ABOUT_CHARS.toLocaleString('en')} characters`),
      )
      .optional()
      .default(''),
    skills: z
      .array(
        text('Each skill must be text')
          .trim()
          .superRefine(limited(MAX_SKILL_CHARS, `Keep each skill under ${MAX_SKILL_CHARS} characters`)),
        'The skills must be a list',
      )
      .superRefine(limited(MAX_SKILLS, `List at most ${MAX_SKILLS} skills`))
      .optional()
      .default([])
      .transform((skills) => [...new Set(skills.filter(Boolean))]),
    /** The interface language: the review is written in the personalization's language, else this one. */
    lang: localeSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.headline && !value.about && value.skills.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: PROFILE_REVIEW_ERROR_MESSAGES.empty,
        params: { answerCode: PROFILE_REVIEW_ERROR_CODES.empty },
      });
    }
  });
export type ProfileReviewRequest = z.input<typeof profileReviewRequestSchema>;
export type ProfileReviewInput = z.output<typeof profileReviewRequestSchema>;

export const PROFILE_FIELDS = ['headline', 'about', 'skills'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** One proposed rewrite: what to put in the field, and why. */
export const profileSuggestionSchema = z.object({
  field: z.enum(PROFILE_FIELDS),
  /** The text to copy into the field (skills: one per line). */
  suggestion: z.string().min(1).max(MAX_ABOUT_CHARS),
  reason: z.string().min(1).max(600),
});
export type ProfileSuggestion = z.infer<typeof profileSuggestionSchema>;

export const profileReviewSchema = z.object({
  suggestions: z.array(profileSuggestionSchema).min(1).max(8),
  /** The model that wrote the review; `offline-writer` when `offline` is true. */
  model: z.string(),
  /** True when the built-in offline writer made the suggestions from the user's own data, with no AI model. */
  offline: z.boolean(),
  /** The language of the suggestions (a LANGUAGE_OPTIONS value). */
  language: z.string(),
  credits: draftCreditsSchema,
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;

export const profileReviewResponseSchema = z.object({ success: z.literal(true), data: profileReviewSchema });
