import {
  type ComposerChoices,
  type ComposerChoicesOverride,
  composerChoicesOverrideSchema,
  type Personalization,
  personalizationSchema,
  type VoiceMeasures,
  type VoiceTraits,
  voiceMeasuresSchema,
  voiceTraitsSchema,
} from '@nashr/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { composerChoices, personalizations, type schema, voiceNewPosts, voiceProfiles } from './db/schema.js';

/**
 * What the ai service knows about a writer: the personalization copied from the auth service's
 * events, and the composer choices the user saved.
 */
export class ProfileStore {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  async personalization(userId: string): Promise<Personalization | null> {
    const [row] = await this.db
      .select({ data: personalizations.data })
      .from(personalizations)
      .where(eq(personalizations.userId, userId));
    // A row written by an older contract is ignored rather than trusted.
    const parsed = personalizationSchema.safeParse(row?.data);
    return parsed.success ? parsed.data : null;
  }

  /** The auth service's version of the copy held (0 when none): what read-your-writes waits for. */
  async personalizationVersion(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ version: personalizations.version })
      .from(personalizations)
      .where(eq(personalizations.userId, userId));
    return row?.version ?? 0;
  }

  /**
   * Keeps the newest personalization. Events may arrive twice or out of order: one older than
   * the stored copy changes nothing (the higher version wins; events without one go by their
   * publish time). Returns whether this one was stored.
   */
  async savePersonalization(userId: string, data: Personalization, version: number, eventAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(personalizations)
      .values({ userId, data, version, eventAt })
      .onConflictDoUpdate({
        target: personalizations.userId,
        set: { data, version, eventAt, updatedAt: new Date() },
        setWhere: sql`(${personalizations.version}, ${personalizations.eventAt}) <= (excluded.version, excluded.event_at)`,
      })
      .returning({ userId: personalizations.userId });
    return rows.length > 0;
  }

  async savedChoices(userId: string): Promise<ComposerChoicesOverride | null> {
    const [row] = await this.db
      .select({ data: composerChoices.data })
      .from(composerChoices)
      .where(eq(composerChoices.userId, userId));
    if (!row) return null;
    const parsed = composerChoicesOverrideSchema.safeParse(row.data);
    return parsed.success ? parsed.data : null;
  }

  async saveChoices(userId: string, data: ComposerChoices): Promise<void> {
    await this.db
      .insert(composerChoices)
      .values({ userId, data })
      .onConflictDoUpdate({ target: composerChoices.userId, set: { data, updatedAt: new Date() } });
  }

  /** The writer's voice: measured traits, their corrections, and the traits in effect (corrections win). */
  async voice(userId: string): Promise<StoredVoice> {
    const [row] = await this.db.select().from(voiceProfiles).where(eq(voiceProfiles.userId, userId));
    const measured = voiceTraitsSchema.safeParse(row?.measured);
    const measures = voiceMeasuresSchema.safeParse(row?.measures);
    const corrections = voiceTraitsSchema.partial().safeParse(row?.corrections ?? {});
    const fixed = corrections.success ? corrections.data : {};
    const traits = measured.success ? { ...measured.data, ...fixed } : null;
    return {
      traits,
      measured: measured.success ? measured.data : null,
      measures: measures.success ? measures.data : null,
      corrections: fixed,
      measuredAt: row?.measuredAt ?? null,
    };
  }

  /** Stores a fresh measure (null when the history was too short); corrections are kept. */
  async saveMeasuredVoice(
    userId: string,
    measured: VoiceTraits | null,
    measures: VoiceMeasures | null,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(voiceProfiles)
      .values({ userId, measured, measures, measuredAt: at })
      .onConflictDoUpdate({ target: voiceProfiles.userId, set: { measured, measures, measuredAt: at, updatedAt: at } });
  }

  /**
   * Counts a post published through Nashr (once, however often the event comes) and answers how
   * many were published since the voice was last measured, and when that was.
   */
  async countPublishedPost(
    userId: string,
    postId: string,
    publishedAt: Date,
  ): Promise<{ sinceMeasure: number; measuredAt: Date | null }> {
    await this.db.insert(voiceNewPosts).values({ userId, postId, publishedAt }).onConflictDoNothing();
    const [row] = await this.db
      .select({ measuredAt: voiceProfiles.measuredAt })
      .from(voiceProfiles)
      .where(eq(voiceProfiles.userId, userId));
    const measuredAt = row?.measuredAt ?? null;
    return { sinceMeasure: await this.publishedSince(userId, measuredAt), measuredAt };
  }

  /** Posts published through Nashr after `since` (all of them when there was no measure yet). */
  async publishedSince(userId: string, since: Date | null): Promise<number> {
    const mine = eq(voiceNewPosts.userId, userId);
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(voiceNewPosts)
      .where(since ? and(mine, gt(voiceNewPosts.publishedAt, since)) : mine);
    return counted?.n ?? 0;
  }

  async saveVoiceCorrections(userId: string, corrections: Partial<VoiceTraits>): Promise<void> {
    await this.db
      .insert(voiceProfiles)
      .values({ userId, corrections })
      .onConflictDoUpdate({ target: voiceProfiles.userId, set: { corrections, updatedAt: new Date() } });
  }
}

export interface StoredVoice {
  /** The traits generation follows: the measure with the user's corrections over it (null before a measure). */
  traits: VoiceTraits | null;
  measured: VoiceTraits | null;
  measures: VoiceMeasures | null;
  corrections: Partial<VoiceTraits>;
  measuredAt: Date | null;
}
