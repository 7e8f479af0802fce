import { z } from 'zod';
import { errorParamsSchema } from '../http.js';
import { GENERATION_KINDS, MODIFY_ACTIONS } from './requests.js';

/** Spec section 6: 100 premium credits to start, 10 per post, 5,000 a month on Premium. */
export const CREDITS = {
  starting: 100,
  costPerPost: 10,
  premiumMonthly: 5000,
} as const;

/** The premium balance counts as low at or below this share of the plan's grant (20 of the 100 to start). */
export const CREDITS_LOW_SHARE = 0.2;

export const PLANS = ['free', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

export const AI_PROVIDERS = ['openai', 'offline'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** The credits a generation left behind, and whether it used the premium model. */
export const draftCreditsSchema = z.object({
  remaining: z.number().int(),
  premium: z.boolean(),
});

export const draftSchema = z.object({
  text: z.string(),
  /** The model that wrote the draft; `offline-writer` when `offline` is true. */
  model: z.string(),
  /** True when the built-in offline writer wrote it instead of an AI model: say so in the interface. */
  offline: z.boolean(),
  kind: z.enum(GENERATION_KINDS),
  action: z.enum(MODIFY_ACTIONS).nullable(),
  /** Language the draft is written in (a LANGUAGE_OPTIONS value). */
  language: z.string(),
  /** A short English remark when the draft could not follow the request exactly (e.g. a language fallback). */
  note: z.string().nullable(),
  promptVersion: z.string(),
  credits: draftCreditsSchema,
});
export type Draft = z.infer<typeof draftSchema>;

/** Answer of generate, rewrite and modify (and the payload of the `done` stream event). */
export const draftResponseSchema = z.object({
  success: z.literal(true),
  data: draftSchema,
});
export type DraftResponse = z.infer<typeof draftResponseSchema>;

/**
 * Server-sent events of a streamed generation, in order: one `meta`, any number of `token`,
 * then exactly one `done` or `error`. Every `data:` line is JSON. Comment lines (`: ping`)
 * keep idle connections open and carry nothing.
 */
export const STREAM_EVENTS = {
  meta: 'meta',
  token: 'token',
  done: 'done',
  error: 'error',
} as const;

export const streamMetaSchema = draftSchema.pick({
  model: true,
  offline: true,
  kind: true,
  language: true,
  credits: true,
});
export const streamTokenSchema = z.object({ text: z.string() });
export const streamErrorSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  params: errorParamsSchema.optional(),
});

/** `GET /api/v1/ai/credits`: feeds the sidebar's credits notice. */
export const creditsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    remaining: z.number().int(),
    total: z.number().int(),
    costPerPost: z.number().int(),
    premiumModel: z.string(),
    standardModel: z.string(),
    plan: z.enum(PLANS),
    /** `offline` means drafts come from the built-in offline writer. */
    provider: z.enum(AI_PROVIDERS),
  }),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** `PUT /api/v1/ai/admin/plans/:userId` (admin only): there is no payment flow yet. */
export const setPlanRequestSchema = z.object({ plan: z.enum(PLANS, `The plan must be one of: ${PLANS.join(', ')}`) });
