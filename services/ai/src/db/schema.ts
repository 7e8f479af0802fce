import { adminAuditTable } from '@nashr/platform';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const aiSchema = pgSchema('ai');

/** The ai service's own copy of each user's personalization, kept from the auth service's events. */
export const personalizations = aiSchema.table('personalizations', {
  userId: uuid('user_id').primaryKey(),
  data: jsonb('data').notNull(),
  /** The auth service's version of this personalization: the highest one wins, and readers wait for theirs. */
  version: integer('version').notNull().default(0),
  /** When the event was published: orders events that carry no version. */
  eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the composer's Personalize popup saved for this user ('Save Changes'). */
export const composerChoices = aiSchema.table('composer_choices', {
  userId: uuid('user_id').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Premium-model (AI) credits. The allowance follows the user's plan as the billing service
 * announces it (`entitlement-changed`); the balance is refilled to the allowance at each billing
 * period's start, once per user and period (the period start only moves forward). A row is made by the first announcement or the first spend; until then the user
 * has the trial's allowance.
 */
export const creditAccounts = aiSchema.table(
  'credit_accounts',
  {
    userId: uuid('user_id').primaryKey(),
    balance: integer('balance').notNull(),
    /** The billing plan's id (trial, basic, starter, pro). */
    plan: text('plan').notNull().default('trial'),
    /** The credits the plan grants each period. */
    allowance: integer('allowance').notNull().default(100),
    /** Start of the billing period the allowance was last granted for. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull().defaultNow(),
    /** End of that period, as billing said: when the next renewal is due. */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** The billing status (trialing, active, past_due, canceled, expired): only an active plan renews on its own. */
    status: text('status').notNull().default('trialing'),
    /** The billing entitlement version last applied: older or repeated announcements change nothing. */
    entitlementVersion: integer('entitlement_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('credit_accounts_balance_not_negative', sql`balance >= 0`),
    check('credit_accounts_allowance_not_negative', sql`allowance >= 0`),
    check('credit_accounts_plan_known', sql`plan in ('trial', 'basic', 'starter', 'pro')`),
  ],
);

/**
 * The ledger: one row per generation, with what it cost. A refund flips a pending row to failed
 * exactly once, so a failure can never be refunded twice.
 */
export const generations = aiSchema.table(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    action: text('action'),
    model: text('model').notNull(),
    premium: boolean('premium').notNull(),
    cost: integer('cost').notNull(),
    status: text('status').notNull().default('pending'),
    promptVersion: text('prompt_version').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('generations_user_created_idx').on(t.userId, t.createdAt),
    check('generations_status_known', sql`status in ('pending', 'completed', 'failed')`),
  ],
);

/**
 * The writer's voice: the traits measured from their published posts, what they corrected (which
 * wins over the measure), and the numbers behind the traits.
 */
export const voiceProfiles = aiSchema.table('voice_profiles', {
  userId: uuid('user_id').primaryKey(),
  measured: jsonb('measured'),
  measures: jsonb('measures'),
  corrections: jsonb('corrections').notNull().default({}),
  measuredAt: timestamp('measured_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Posts published through Nashr, counted once each (a redelivered event adds nothing): once
 * `VOICE_REMEASURE_POSTS` of them are newer than the last measure, the voice is measured again.
 */
export const voiceNewPosts = aiSchema.table(
  'voice_new_posts',
  {
    userId: uuid('user_id').notNull(),
    postId: uuid('post_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('voice_new_posts_user_published_idx').on(t.userId, t.publishedAt),
  ],
);

/** The openings of the writer's recent published posts, kept so daily ideas never repeat them. */
export const writerPosts = aiSchema.table('writer_posts', {
  userId: uuid('user_id').primaryKey(),
  /** Newest first, each cut to its opening. */
  openings: jsonb('openings').notNull().default([]),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A writer's post ideas for one day, prepared once by the background job. */
export const dailyIdeas = aiSchema.table(
  'daily_ideas',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ideas: jsonb('ideas').notNull(),
    language: text('language').notNull(),
    model: text('model').notNull(),
    offline: boolean('offline').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Administrators' plan and credit grants: who, for whom, from where, when. */
export const adminAudit = adminAuditTable(aiSchema);

export const schema = {
  personalizations,
  composerChoices,
  creditAccounts,
  generations,
  voiceProfiles,
  voiceNewPosts,
  writerPosts,
  dailyIdeas,
  adminAudit,
};
