import { type PostIdea, postIdeaSchema } from '@nashr/contracts';
import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { z } from 'zod';
import { dailyIdeas, personalizations, type schema, writerPosts } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

/** How much of a post is kept to tell a new idea from it. */
export const OPENING_CHARS = 200;
/** How far back earlier ideas count as already given. */
export const EARLIER_IDEAS_DAYS = 30;

export interface StoredIdeas {
  day: string;
  ideas: PostIdea[];
  language: string;
  offline: boolean;
}

const openingsSchema = z.array(z.string());

/** `YYYY-MM-DD` of the UTC day `at` falls in. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return dayOf(at);
}

/** Daily ideas and what they are built from that no other table keeps: the openings of recent posts. */
export class IdeasStore {
  constructor(private readonly db: Db) {}

  async ideasOf(userId: string, day: string): Promise<StoredIdeas | null> {
    const [row] = await this.db
      .select()
      .from(dailyIdeas)
      .where(and(eq(dailyIdeas.userId, userId), eq(dailyIdeas.day, day)));
    if (!row) return null;
    const ideas = z.array(postIdeaSchema).safeParse(row.ideas);
    return { day: row.day, ideas: ideas.success ? ideas.data : [], language: row.language, offline: row.offline };
  }

  /** Keeps the first set written for a day: a job that runs twice changes nothing. Returns whether this one was stored. */
  async save(userId: string, set: StoredIdeas & { model: string }): Promise<boolean> {
    const rows = await this.db
      .insert(dailyIdeas)
      .values({
        userId,
        day: set.day,
        ideas: set.ideas,
        language: set.language,
        model: set.model,
        offline: set.offline,
      })
      .onConflictDoNothing()
      .returning({ day: dailyIdeas.day });
    return rows.length > 0;
  }

  /** Topics given on the days before `day` (newest first), within EARLIER_IDEAS_DAYS. */
  async earlierTopics(userId: string, day: string): Promise<string[]> {
    const rows = await this.db
      .select({ ideas: dailyIdeas.ideas })
      .from(dailyIdeas)
      .where(
        and(
          eq(dailyIdeas.userId, userId),
          lt(dailyIdeas.day, day),
          gte(dailyIdeas.day, daysBefore(day, EARLIER_IDEAS_DAYS)),
        ),
      )
      .orderBy(desc(dailyIdeas.day));
    return rows.flatMap((row) => {
      const ideas = z.array(postIdeaSchema).safeParse(row.ideas);
      return ideas.success ? ideas.data.map((idea) => idea.topic) : [];
    });
  }

  async savePosts(userId: string, posts: string[], at: Date): Promise<void> {
    const openings = posts
      .map((post) => post.trim().split(/\n/)[0]?.slice(0, OPENING_CHARS).trim() ?? '')
      .filter(Boolean);
    await this.db
      .insert(writerPosts)
      .values({ userId, openings, fetchedAt: at })
      .onConflictDoUpdate({ target: writerPosts.userId, set: { openings, fetchedAt: at } });
  }

  async postOpenings(userId: string): Promise<string[]> {
    const [row] = await this.db
      .select({ openings: writerPosts.openings })
      .from(writerPosts)
      .where(eq(writerPosts.userId, userId));
    const parsed = openingsSchema.safeParse(row?.openings ?? []);
    return parsed.success ? parsed.data : [];
  }

  /** Writers the ai service knows (a stored personalization), a page at a time in id order. */
  async writers(after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: personalizations.userId })
      .from(personalizations)
      .where(after ? gt(personalizations.userId, after) : undefined)
      .orderBy(asc(personalizations.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  }
}
