import { z } from 'zod';
import { defineJob, QUEUES } from '../jobs/define.js';

/** How many post ideas each user gets a day. */
export const IDEAS_PER_DAY = 5;

/** Where an idea comes from in what the user told us or wrote. */
export const IDEA_SOURCES = ['job', 'goal', 'interest', 'posts'] as const;

export const postIdeaSchema = z.object({
  id: z.string(),
  /** What the post is about: 'Write this' opens the composer with it as the topic. */
  topic: z.string().min(1).max(500),
  /** Why this idea suits the user, in a line. */
  why: z.string().max(300),
  source: z.enum(IDEA_SOURCES),
});
export type PostIdea = z.infer<typeof postIdeaSchema>;

/** A UTC day, `YYYY-MM-DD`: a user's ideas are prepared once per day. */
export const ideaDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The day must be YYYY-MM-DD');

/** `GET /api/v1/ai/ideas`: today's ideas, or `preparing` while the background job writes them. */
export const ideasResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    day: ideaDaySchema,
    status: z.enum(['ready', 'preparing']),
    ideas: z.array(postIdeaSchema),
    /** The language the ideas are written in (a LANGUAGE_OPTIONS value), when ready. */
    language: z.string().nullable(),
    /** True when the built-in offline writer made them from the user's own data, with no AI model. */
    offline: z.boolean(),
  }),
});
export type IdeasResponse = z.infer<typeof ideasResponseSchema>;

/**
 * ai → ai-worker: prepare one user's ideas for one day. Enqueued with the id
 * `ideas-{userId}-{day}`, so a day is prepared once however often it is asked for.
 */
export const dailyIdeasJob = defineJob(
  QUEUES.aiInbox,
  'daily-ideas',
  z.object({ userId: z.string().uuid(), day: ideaDaySchema, requestId: z.string().max(64).optional() }),
);

/** Daily on the ai worker: enqueue every writer's `daily-ideas`, spread over the following hours. */
export const ideasDailyTickJob = defineJob(QUEUES.aiInbox, 'ideas-daily-tick', z.object({}).passthrough());

/** The job id that makes a user's day prepared once. */
export const dailyIdeasJobId = (userId: string, day: string): string => `ideas-${userId}-${day}`;
