import {
  type CurrentUser,
  type Personalization,
  type PersonalizationInput,
  personalizationInputSchema,
  personalizationSchema,
  type Role,
} from '@nashr/contracts';
import type { IdentityChanges } from '@nashr/platform';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type schema, type UserRow, users } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Seen-at is written at most this often, so reading /me does not write on every call. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;
const LAST_SEEN_RESOLUTION = `${LAST_SEEN_RESOLUTION_MS / 1000} seconds`;

/** Everyone is a user; the addresses in ADMIN_EMAILS are admins too. */
export function rolesFor(email: string, adminEmails: ReadonlySet<string>): Role[] {
  return adminEmails.has(email.toLowerCase()) ? ['user', 'admin'] : ['user'];
}

/** The saved input in the shape the contracts read back: lists under `details`. */
export function toStoredPersonalization(input: PersonalizationInput): Personalization {
  const valid = personalizationInputSchema.parse(input);
  return {
    jobTitle: valid.jobTitle,
    language: valid.language,
    accent: valid.accent,
    details: { goals: valid.goals, interests: valid.interests, tones: valid.tones, styles: valid.styles },
  };
}

/**
 * The account rows. Every change to what `/me` answers is announced once stored, so gateways drop
 * what they remember of it (`changes` is null only where accounts are seeded before any session).
 */
export class UserStore {
  /** Creates the account on first sign-in; afterwards refreshes its roles and last-seen time. */
  async signIn(email: string, roles: Role[]): Promise<UserRow> {
    const [row] = await this.db
      .insert(users)
      .values({ email: email.toLowerCase(), roles })
      .onConflictDoUpdate({ target: users.email, set: { roles, lastSeenAt: sql`now()` } })
      .returning();
    if (!row) throw new Error('sign-in upsert returned no row');
    await this.changes?.userChanged(row.id);
    return row;
  }

  /** Read on every /me: prepared once, so each call skips building the query. */
  private readonly byId;

  constructor(
    private readonly db: Db,
    private readonly changes: IdentityChanges | null,
  ) {
    this.byId = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_user_by_id');
  }

  async find(id: string): Promise<UserRow | undefined> {
    const [row] = await this.byId.execute({ id });
    return row;
  }

  /** Records that the user was seen; a no-op (no query) when the row read says it was recently. */
  async touch(user: Pick<UserRow, 'id' | 'lastSeenAt'>): Promise<void> {
    if (Date.now() - user.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
    const id = user.id;
    await this.db
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(users.id, id), lt(users.lastSeenAt, sql`now() - ${LAST_SEEN_RESOLUTION}::interval`)));
  }

  /** Saves the personalization; returns the new version, or null when the user does not exist. */
  async savePersonalization(id: string, personalization: Personalization): Promise<number | null> {
    const [row] = await this.db
      .update(users)
      .set({ personalization, personalizationVersion: sql`${users.personalizationVersion} + 1` })
      .where(eq(users.id, id))
      .returning({ version: users.personalizationVersion });
    if (row) await this.changes?.userChanged(id);
    return row?.version ?? null;
  }

  /**
   * Applies an account event. Events may arrive late or out of order, so one published before
   * the last applied change is ignored. Returns whether anything changed.
   */
  async setLinkedinConnected(id: string, connected: boolean, publishedAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ linkedinConnected: connected, linkedinChangedAt: publishedAt })
      .where(and(eq(users.id, id), or(isNull(users.linkedinChangedAt), lte(users.linkedinChangedAt, publishedAt))))
      .returning({ id: users.id });
    if (rows.length > 0) await this.changes?.userChanged(id);
    return rows.length > 0;
  }
}

/** The `/me` view of a row. A stored personalization that no longer fits the contract reads as unset. */
export function toCurrentUser(row: UserRow): CurrentUser {
  const personalization = row.personalization === null ? null : personalizationSchema.safeParse(row.personalization);
  return {
    id: row.id,
    email: row.email,
    linkedinConnected: row.linkedinConnected,
    personalization: personalization?.success ? personalization.data : null,
    roles: row.roles.filter((r): r is Role => r === 'user' || r === 'admin'),
  };
}
