import {
  type ComposerChoices,
  type ComposerChoicesOverride,
  composerChoicesOverrideSchema,
  type Personalization,
  personalizationSchema,
} from '@nashr/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { composerChoices, personalizations, type schema } from './db/schema.js';

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
}
