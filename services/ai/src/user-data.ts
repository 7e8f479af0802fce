import { asc, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  composerChoices,
  creditAccounts,
  dailyIdeas,
  generations,
  personalizations,
  type schema,
  voiceNewPosts,
  voiceProfiles,
  writerPosts,
} from './db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Everything the ai service keeps about one user: given to them, or deleted with their account. */
export class AiUserData {
  constructor(private readonly db: Db) {}

  async export(userId: string) {
    const [personalization] = await this.db.select().from(personalizations).where(eq(personalizations.userId, userId));
    const [choices] = await this.db.select().from(composerChoices).where(eq(composerChoices.userId, userId));
    const [credits] = await this.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    const [voice] = await this.db.select().from(voiceProfiles).where(eq(voiceProfiles.userId, userId));
    const counted = await this.db
      .select({ postId: voiceNewPosts.postId, publishedAt: voiceNewPosts.publishedAt })
      .from(voiceNewPosts)
      .where(eq(voiceNewPosts.userId, userId))
      .orderBy(asc(voiceNewPosts.publishedAt));
    const ideas = await this.db
      .select()
      .from(dailyIdeas)
      .where(eq(dailyIdeas.userId, userId))
      .orderBy(asc(dailyIdeas.day));
    const [posts] = await this.db.select().from(writerPosts).where(eq(writerPosts.userId, userId));
    const history = await this.db
      .select()
      .from(generations)
      .where(eq(generations.userId, userId))
      .orderBy(asc(generations.createdAt));
    return {
      personalization: personalization?.data ?? null,
      composerChoices: choices?.data ?? null,
      credits: credits
        ? { balance: credits.balance, plan: credits.plan, periodStart: credits.periodStart.toISOString() }
        : null,
      // The voice as measured from the published posts, the user's corrections, and the numbers behind it.
      voice: voice
        ? {
            measured: voice.measured ?? null,
            corrections: voice.corrections,
            measures: voice.measures ?? null,
            measuredAt: voice.measuredAt?.toISOString() ?? null,
          }
        : null,
      // Posts published through Nashr, counted towards measuring the voice again.
      voicePostsCounted: counted.map((p) => ({ postId: p.postId, publishedAt: p.publishedAt.toISOString() })),
      generations: history.map((g) => ({
        kind: g.kind,
        action: g.action,
        model: g.model,
        premium: g.premium,
        cost: g.cost,
        status: g.status,
        createdAt: g.createdAt.toISOString(),
        finishedAt: g.finishedAt?.toISOString() ?? null,
      })),
      dailyIdeas: ideas.map((day) => ({ day: day.day, ideas: day.ideas, language: day.language, model: day.model })),
      postOpenings: posts?.openings ?? [],
    };
  }

  /** Deletes the user's rows in every ai table at once; running it again deletes nothing more. */
  async forget(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(generations).where(eq(generations.userId, userId));
      await tx.delete(creditAccounts).where(eq(creditAccounts.userId, userId));
      await tx.delete(composerChoices).where(eq(composerChoices.userId, userId));
      await tx.delete(personalizations).where(eq(personalizations.userId, userId));
      await tx.delete(voiceProfiles).where(eq(voiceProfiles.userId, userId));
      await tx.delete(voiceNewPosts).where(eq(voiceNewPosts.userId, userId));
      await tx.delete(dailyIdeas).where(eq(dailyIdeas.userId, userId));
      await tx.delete(writerPosts).where(eq(writerPosts.userId, userId));
    });
  }
}
