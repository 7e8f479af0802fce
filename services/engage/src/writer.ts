import type { EngageLanguage, Personalization, VoiceTraits } from '@nashr/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type schema, writers } from './db/schema.js';

/** How the user writes, as far as comment suggestions follow it. */
export interface WriterStyle {
  /** The user's own language, when it is one suggestions are written in. */
  language: EngageLanguage | null;
  register: 'formal' | 'conversational' | null;
  emoji: VoiceTraits['emoji'] | null;
  hashtags: VoiceTraits['hashtags'] | null;
  length: VoiceTraits['length'] | null;
  paragraphs: VoiceTraits['paragraphs'] | null;
}

/** Tones that mean a conversational register whatever the register chosen. */
const CONVERSATIONAL_TONES = new Set(['Casual', 'Informal', 'Humorous']);

const languageOf = (language: string | null | undefined): EngageLanguage | null =>
  language === 'Arabic' || language === 'ar' ? 'ar' : language === 'English' || language === 'en' ? 'en' : null;

/** Engage's copy of each user's personalization and voice, kept from the events that announce them. */
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

  async style(userId: string): Promise<WriterStyle> {
    const [row] = await this.db.select().from(writers).where(eq(writers.userId, userId));
    const voice = row?.voice ?? null;
    const conversational =
      row?.register === 'conversational' || (row?.tone ? CONVERSATIONAL_TONES.has(row.tone) : false);
    return {
      language: languageOf(row?.language) ?? languageOf(voice?.language),
      register: row?.register || row?.tone ? (conversational ? 'conversational' : 'formal') : null,
      emoji: voice?.emoji ?? null,
      hashtags: voice?.hashtags ?? null,
      length: voice?.length ?? null,
      paragraphs: voice?.paragraphs ?? null,
    };
  }
}
