import { z } from 'zod';

/** How long a writer's posts usually are. */
export const VOICE_LENGTHS = ['short', 'medium', 'long'] as const;
/** How often a writer uses emoji. */
export const VOICE_EMOJI = ['never', 'sometimes', 'often'] as const;
/** How many hashtags a writer usually adds. */
export const VOICE_HASHTAGS = ['none', 'few', 'many'] as const;
/** How a writer breaks a post into paragraphs. */
export const VOICE_PARAGRAPHS = ['short', 'long'] as const;
/** How a writer's posts usually open. */
export const VOICE_OPENERS = ['question', 'number', 'story', 'claim', 'statement'] as const;
/** The language most of a writer's posts are in. */
export const VOICE_LANGUAGES = ['ar', 'en', 'mixed'] as const;

/** The traits of a writer's voice the user can read and correct. */
export const voiceTraitsSchema = z.object({
  length: z.enum(VOICE_LENGTHS),
  emoji: z.enum(VOICE_EMOJI),
  hashtags: z.enum(VOICE_HASHTAGS),
  paragraphs: z.enum(VOICE_PARAGRAPHS),
  opener: z.enum(VOICE_OPENERS),
  language: z.enum(VOICE_LANGUAGES),
});
export type VoiceTraits = z.infer<typeof voiceTraitsSchema>;

/** What was measured from the published posts (the numbers behind the traits). */
export const voiceMeasuresSchema = z.object({
  posts: z.number().int().min(0),
  averageChars: z.number().int().min(0),
  averageParagraphs: z.number().min(0),
  averageParagraphChars: z.number().int().min(0),
  emojiPerPost: z.number().min(0),
  hashtagsPerPost: z.number().min(0),
  arabicShare: z.number().min(0).max(1),
  /** Words the writer comes back to most, most frequent first. */
  themes: z.array(z.string()).max(10),
});
export type VoiceMeasures = z.infer<typeof voiceMeasuresSchema>;

/** The fewest published posts a voice is measured from. */
export const VOICE_MIN_POSTS = 3;

/** After this many posts published since the last measure, the voice is measured again on its own. */
export const VOICE_REMEASURE_POSTS = 5;

/** The voice as the personalization page shows it. */
export const voiceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** What generation follows: the measure with the user's corrections over it; null before a measure. */
    traits: voiceTraitsSchema.nullable(),
    /** What was measured from the posts, before corrections. */
    measured: voiceTraitsSchema.nullable(),
    corrections: voiceTraitsSchema.partial(),
    measures: voiceMeasuresSchema.nullable(),
    measuredAt: z.string().nullable(),
    /** Why there is no measure yet: no posts read yet, or too few posts. */
    missing: z.enum(['not-measured', 'too-few-posts']).nullable(),
    minPosts: z.number().int(),
  }),
});

/** The user's corrections: a trait set to null goes back to the measured one. */
export const voiceCorrectionsRequestSchema = z
  .object({
    length: z.enum(VOICE_LENGTHS).nullable(),
    emoji: z.enum(VOICE_EMOJI).nullable(),
    hashtags: z.enum(VOICE_HASHTAGS).nullable(),
    paragraphs: z.enum(VOICE_PARAGRAPHS).nullable(),
    opener: z.enum(VOICE_OPENERS).nullable(),
    language: z.enum(VOICE_LANGUAGES).nullable(),
  })
  .partial()
  .strict();
