import { z } from 'zod';
import { PLAN_IDS } from '../billing/index.js';
import { errorParamsSchema } from '../http.js';
import { CREDITS } from './credits.js';
import { GENERATION_KINDS, MODIFY_ACTIONS } from './requests.js';

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
    /** The billing plan the allowance comes from. */
    plan: z.enum(PLAN_IDS),
    /** When the current period ends and the credits renew, as billing said; null when unknown. */
    renewsAt: z.string().datetime().nullable(),
    /** `offline` means drafts come from the built-in offline writer. */
    provider: z.enum(AI_PROVIDERS),
    /**
     * Standard-model generations left today once the premium credits are spent (they renew at
     * midnight UTC), and the day's limit: the composer says how many are left before they run out.
     */
    freeToday: z.object({ remaining: z.number().int().nonnegative(), limit: z.number().int().nonnegative() }),
  }),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/**
 * `POST /api/v1/ai/admin/credits/:userId` (admin only): adds credits to the user's balance for
 * the current period. The plan itself is billing's: it is never set here.
 */
export const grantCreditsRequestSchema = z
  .object({
    amount: z
      .number('The amount must be a whole number of credits')
      .int('The amount must be a whole number of credits')
      .min(1, 'Grant at least 1 credit')
      .max(CREDITS.maxGrant, `Grant at most ${CREDITS.maxGrant} credits at once`),
  })
  .strict();
