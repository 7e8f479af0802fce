import { z } from 'zod';
import { localeSchema } from '../http.js';
import { text } from '../text.js';
import { composerChoicesOverrideSchema } from './choices.js';

export const MAX_TOPIC_CHARS = 500;
export const MAX_DRAFT_TEXT_CHARS = 3000;

export const MODIFY_ACTIONS = ['shorter', 'longer', 'casual', 'formal'] as const;
export type ModifyAction = (typeof MODIFY_ACTIONS)[number];

export const GENERATION_KINDS = ['generate', 'rewrite', 'modify'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/**
 * Fields every AI request may carry. `lang` is the interface language: the draft is written in
 * the personalization's language, and in this one only when no personalization is stored.
 */
const common = {
  choices: composerChoicesOverrideSchema.optional(),
  lang: localeSchema.optional(),
};

const draftText = text('Send the post text')
  .trim()
  .min(1, 'The post is empty: write or generate something first')
  .max(MAX_DRAFT_TEXT_CHARS, `Keep the post under ${MAX_DRAFT_TEXT_CHARS.toLocaleString('en')} characters`);

/**
 * The shape of an example post to follow ('Write a post like this'), read from the example in the
 * browser. Named traits, never the example's words: the prompt says each in its own fixed words.
 */
export const POST_STRUCTURE_TRAITS = [
  'opensQuestion',
  'opensStatement',
  'list',
  'shortParagraphs',
  'longParagraphs',
  'endsQuestion',
] as const;
export type PostStructureTrait = (typeof POST_STRUCTURE_TRAITS)[number];

/** `POST /api/v1/ai/generate`. */
export const generateRequestSchema = z.object({
  topic: text('Tell us what the post should be about')
    .trim()
    .min(1, 'Tell us what the post should be about')
    .max(MAX_TOPIC_CHARS, `Keep the topic under ${MAX_TOPIC_CHARS} characters`),
  /** The structure to follow, from an example post; the topic stays the user's own. */
  structure: z
    .array(z.enum(POST_STRUCTURE_TRAITS, `A structure trait must be one of: ${POST_STRUCTURE_TRAITS.join(', ')}`))
    .min(1)
    .max(POST_STRUCTURE_TRAITS.length)
    .optional(),
  ...common,
});
export type GenerateRequest = z.input<typeof generateRequestSchema>;

/** `POST /api/v1/ai/rewrite`: a more engaging version of an existing post. */
export const rewriteRequestSchema = z.object({ text: draftText, ...common });
export type RewriteRequest = z.input<typeof rewriteRequestSchema>;

/** `POST /api/v1/ai/modify`: the composer's quick adjustments. */
export const modifyRequestSchema = z.object({
  text: draftText,
  action: z.enum(MODIFY_ACTIONS, `The action must be one of: ${MODIFY_ACTIONS.join(', ')}`),
  ...common,
});
export type ModifyRequest = z.input<typeof modifyRequestSchema>;

/** Query string of the three endpoints: `?stream=1` asks for server-sent events, like `Accept: text/event-stream`. */
export const streamQuerySchema = z.object({
  stream: z.enum(['0', '1', 'true', 'false']).optional(),
});
