import { asc, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  composerChoices,
  creditAccounts,
  dailyIdeas,
  generations,
  personalizations,
  type schema,
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
      await tx.delete(dailyIdeas).where(eq(dailyIdeas.userId, userId));
      await tx.delete(writerPosts).where(eq(writerPosts.userId, userId));
    });
  }
}
