import type { EngageLanguage, Personalization, VoiceTraits } from '@nashr/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type schema, writers } from './db/schema.js';

/** What engage's requests for suggestions say of the writer; the ai service knows the rest. */
export interface WriterCopy {
  /** The user's own language, when it is one suggestions are written in. */
  language: EngageLanguage | null;
  /** The personalization's version engage has heard of: the ai service waits for its own copy to hold it. */
  personalizationVersion: number;
}

const languageOf = (language: string | null | undefined): EngageLanguage | null =>
  language === 'Arabic' || language === 'ar' ? 'ar' : language === 'English' || language === 'en' ? 'en' : null;

/**
 * Engage's copy of each user's personalization and voice, kept from the events that announce them:
 * the language suggestions default to, and which change of either is the newest (a change makes
 * the prepared suggestions be written again).
 */
export class Writers {
  constructor(private readonly db: PostgresJsDatabase<typeof schema>) {}

  /** Keeps the personalization unless a newer one (higher version, or later at the same version) is kept. */
  async applyPersonalization(userId: string, p: Personalization, version: number, at: Date): Promise<boolean> {
    const values = {
      language: languageOf(p.language),
      register: p.register,
      tone: p.details.tones[0] ?? null,
      personalizationVersion: version,
      personalizationAt: at,
    };
    const rows = await this.db
      .insert(writers)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: writers.userId,
        set: values,
        setWhere: sql`(${writers.personalizationVersion}, ${writers.personalizationAt}) <= (excluded.personalization_version, excluded.personalization_at)`,
      })
      .returning({ userId: writers.userId });
    return rows.length > 0;
  }

  /** Keeps the voice's traits in effect unless a later change is kept already. */
  async applyVoice(userId: string, traits: VoiceTraits | null, changedAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(writers)
      .values({ userId, voice: traits, voiceAt: changedAt })
      .onConflictDoUpdate({
        target: writers.userId,
        set: { voice: traits, voiceAt: changedAt },
        setWhere: sql`${writers.voiceAt} <= excluded.voice_at`,
      })
      .returning({ userId: writers.userId });
    return rows.length > 0;
  }

  /** The voice's traits held, null when none. */
  async voice(userId: string): Promise<VoiceTraits | null> {
    const [row] = await this.db.select({ voice: writers.voice }).from(writers).where(eq(writers.userId, userId));
    return row?.voice ?? null;
  }

  async writer(userId: string): Promise<WriterCopy> {
    const [row] = await this.db.select().from(writers).where(eq(writers.userId, userId));
    return {
      language: languageOf(row?.language) ?? languageOf(row?.voice?.language),
      personalizationVersion: Math.max(0, row?.personalizationVersion ?? 0),
    };
  }
}
