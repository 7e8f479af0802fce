import { z } from 'zod';
import { PURCHASABLE_PLAN_IDS } from '../billing/index.js';
import { text as safeText } from '../text.js';
import { imageFieldSchema } from './image.js';

/** Bounded text under the one text rule: trimmed, never longer than `max` characters. */
const text = (max: number, min = 0) => safeText().trim().min(min).max(max);
const required = (max: number) => text(max, 1);

/** Icon names the landing page knows how to draw. */
export const contentIconSchema = z.enum([
  'sparkles',
  'user-cog',
  'calendar-clock',
  'pen-line',
  'bar-chart',
  'users',
  'rocket',
  'target',
  'message-circle',
  'shield-check',
]);
export type ContentIcon = z.infer<typeof contentIconSchema>;

const colorSchema = z.string().regex(/^(#[0-9a-fA-F]{3,8})?$/, 'Colours must be written as #RGB or #RRGGBB');

const headingSchema = z.object({ badge: text(60), title: required(160) });

export const heroBlockSchema = z.object({
  headline: required(160),
  subheadline: text(400),
});

export const featureBlockSchema = z.object({
  heading: headingSchema,
  feature: z.object({
    icon: contentIconSchema,
    title: required(120),
    description: text(600),
    buttonText: text(40),
    demoText: text(600),
    stats: z.object({ count: text(20), text: text(80) }),
    image: imageFieldSchema,
    peopleBadge: text(80),
  }),
  additionalFeatures: z
    .array(
      z.object({
        icon: contentIconSchema,
        title: required(120),
        description: text(600),
        image: imageFieldSchema,
      }),
    )
    .max(12, 'At most 12 additional features'),
});

export const whyChooseBlockSchema = z.object({
  badge: text(60),
  title: required(160),
  description: text(600),
  stats: z.array(z.object({ value: required(20), description: text(160) })).max(12, 'At most 12 statistics'),
});

export const testimonialsBlockSchema = z.object({
  heading: headingSchema,
  testimonials: z
    .array(
      z.object({
        name: required(80),
        badges: z
          .array(z.object({ text: required(40), background: colorSchema }))
          .max(6, 'At most 6 badges per testimonial'),
        description: text(1000),
        image: imageFieldSchema,
        isFullWidth: z.boolean().optional(),
      }),
    )
    .max(24, 'At most 24 testimonials'),
});

export const pricingBlockSchema = z.object({
  heading: headingSchema,
  plans: z
    .array(
      z.object({
        name: required(40),
        description: text(300),
        price: required(20),
        features: z
          .array(z.object({ name: required(80), included: z.boolean() }))
          .max(20, 'At most 20 features per plan'),
        buttonClass: z.string().regex(/^[a-z0-9 -]{0,60}$/, 'Button style may use only a-z, 0-9, spaces and -'),
        highlighted: z.boolean(),
        isPremium: z.boolean(),
        /**
         * The billing plan this card sells. When set, the landing page shows that plan's price and
         * limits from the billing service, so the copy and the plans cannot disagree; `price` is
         * then only what shows while the plans load or cannot be read.
         */
        planId: z.enum(PURCHASABLE_PLAN_IDS).optional(),
      }),
    )
    .max(6, 'At most 6 plans'),
});

export const faqBlockSchema = z.object({
  heading: z.object({ badge: text(60), title: required(160), description: text(400) }),
  faqs: z.array(z.object({ question: required(200), answer: required(2000) })).max(30, 'At most 30 questions'),
});

/**
 * The side panel of the sign-up page: the admins' own words beside the e-mail form. Nothing in it
 * is invented by the product: `quotes` are what real people said (none until an admin adds one),
 * and `showMemberCount` shows how many accounts exist, counted by the auth service (contracts:
 * `memberCountShown`), only once there are enough to be worth saying.
 */
export const signupPanelBlockSchema = z.object({
  badge: text(60),
  headline: required(200),
  benefits: z.array(z.object({ icon: contentIconSchema, text: required(160) })).max(6, 'At most 6 benefits'),
  quotes: z.array(z.object({ quote: required(400), name: required(80), role: text(80) })).max(3, 'At most 3 quotes'),
  showMemberCount: z.boolean(),
});

/** Block name → schema. The names are the public path segment of `/content/{blockName}`. */
export const contentBlockSchemas = {
  hero: heroBlockSchema,
  feature: featureBlockSchema,
  'why-choose': whyChooseBlockSchema,
  testimonials: testimonialsBlockSchema,
  pricing: pricingBlockSchema,
  faq: faqBlockSchema,
  signup: signupPanelBlockSchema,
} as const;

export type ContentBlockName = keyof typeof contentBlockSchemas;
export const CONTENT_BLOCK_NAMES = Object.keys(contentBlockSchemas) as ContentBlockName[];
export const contentBlockNameSchema = z.enum(CONTENT_BLOCK_NAMES as [ContentBlockName, ...ContentBlockName[]]);

export type HeroBlock = z.infer<typeof heroBlockSchema>;
export type FeatureBlock = z.infer<typeof featureBlockSchema>;
export type WhyChooseBlock = z.infer<typeof whyChooseBlockSchema>;
export type TestimonialsBlock = z.infer<typeof testimonialsBlockSchema>;
export type PricingBlock = z.infer<typeof pricingBlockSchema>;
export type FaqBlock = z.infer<typeof faqBlockSchema>;
export type SignupPanelBlock = z.infer<typeof signupPanelBlockSchema>;
export type ContentBlocks = { [K in ContentBlockName]: z.infer<(typeof contentBlockSchemas)[K]> };

/** A whole saved block, images included, may not exceed this many bytes of JSON. */
export const MAX_BLOCK_BYTES = 5 * 1024 * 1024;

/** The body a block save may send: room for a 5 MB block plus JSON overhead (the block is checked exactly). */
export const CONTENT_SAVE_BODY_LIMIT = MAX_BLOCK_BYTES + 512 * 1024;

/** The path of a block save (`POST /content/{blockName}/save_content/`), with or without its query. */
export const CONTENT_SAVE_PATH = /^\/content\/[^/?]+\/save_content\/?(?:\?|$)/;

/** What `GET /content/{blockName}` answers. `version` is 0 for seeded, never-saved content. */
export const contentBlockResponseSchema = <S extends z.ZodTypeAny>(data: S) =>
  z.object({
    success: z.literal(true),
    data,
    lang: z.enum(['ar', 'en']),
    version: z.number().int().nonnegative(),
    updatedAt: z.string().nullable(),
  });

/** Query of both content routes: which language's copy to read or replace. */
export const contentQuerySchema = z.object({
  lang: z.enum(['ar', 'en']).default('ar'),
});

/**
 * Save query: `version` is the version the editor loaded. When given and stale, the save is
 * refused with 409 so a second admin cannot silently overwrite the first one's work.
 */
export const contentSaveQuerySchema = contentQuerySchema.extend({
  version: z.coerce.number().int().nonnegative().optional(),
});
