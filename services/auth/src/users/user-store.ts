import {
  type CurrentUser,
  type DisplayPreferences,
  type DisplayPreferencesUpdate,
  NEW_ACCOUNT_HOURS,
  type Personalization,
  personalizationSchema,
  type Role,
  readDisplayPreferences,
} from '@nashr/contracts';
import type { IdentityChanges } from '@nashr/platform';
import { and, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { magicLinks, type schema, type UserRow, users, workspaceMemberAnnouncements } from '../db/schema.js';
import { settleOwnedWorkspaces } from '../workspaces/workspace-store.js';

type Db = PostgresJsDatabase<typeof schema>;

/** Seen-at is written at most this often, so reading /me does not write on every call. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;
const LAST_SEEN_RESOLUTION = `${LAST_SEEN_RESOLUTION_MS / 1000} seconds`;

const USER_ROLES: Role[] = ['user'];
const ADMIN_ROLES: Role[] = ['user', 'admin'];

/** Everyone is a user; the addresses in ADMIN_EMAILS are admins too. */
export function rolesFor(email: string, adminEmails: ReadonlySet<string>): Role[] {
  return adminEmails.has(email.toLowerCase()) ? [...ADMIN_ROLES] : [...USER_ROLES];
}

/** A text[] literal for a role list, as one parameter. */
const rolesArray = (roles: Role[]) => sql`string_to_array(${roles.join(',')}, ',')::text[]`;

/**
 * The account rows. Every change to what `/me` answers is announced once stored, so gateways drop
 * what they remember of it (`changes` is null only where accounts are seeded before any session).
 */
export class UserStore {
  /**
   * Creates the account on first sign-in; afterwards refreshes its roles and last-seen time.
   * `created` tells the first sign-in from the others (a row PostgreSQL inserted has xmax 0).
   */
  async signIn(email: string, roles: Role[]): Promise<UserRow & { created: boolean }> {
    const [row] = await this.db
      .insert(users)
      .values({ email: email.toLowerCase(), roles })
      .onConflictDoUpdate({ target: users.email, set: { roles, lastSeenAt: sql`now()` } })
      .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('sign-in upsert returned no row');
    await this.changes?.userChanged(row.id);
    return row;
  }

  /**
   * Gives every account the roles ADMIN_EMAILS gives it now (it may have changed since their last
   * sign-in). Returns the ids of the accounts whose roles changed; the caller announces them once
   * their sessions agree too.
   */
  async applyAdminEmails(adminEmails: ReadonlySet<string>): Promise<string[]> {
    const isAdmin = adminEmails.size > 0 ? inArray(users.email, [...adminEmails]) : sql`false`;
    const roles = sql`case when ${isAdmin} then ${rolesArray(ADMIN_ROLES)} else ${rolesArray(USER_ROLES)} end`;
    const rows = await this.db
      .update(users)
      .set({ roles })
      .where(sql`${users.roles} is distinct from ${roles}`)
      .returning({ id: users.id });
    return rows.map((row) => row.id);
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

  /** The account of an address (addresses are kept lower-cased). */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
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

  /** How the interface shows numbers and dates; the defaults until saved, undefined when the user does not exist. */
  async displayPreferences(id: string): Promise<DisplayPreferences | undefined> {
    const [row] = await this.db
      .select({ display: users.displayPreferences })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ? readDisplayPreferences(row.display) : undefined;
  }

  /**
   * Merges the given parts into the stored preferences in one statement, so two saves of
   * different parts never undo each other. Returns the result, or undefined when the user does not exist.
   */
  async saveDisplayPreferences(id: string, update: DisplayPreferencesUpdate): Promise<DisplayPreferences | undefined> {
    const [row] = await this.db
      .update(users)
      .set({
        displayPreferences: sql`coalesce(${users.displayPreferences}, '{}'::jsonb) || ${JSON.stringify(update)}::jsonb`,
      })
      .where(eq(users.id, id))
      .returning({ display: users.displayPreferences });
    return row ? readDisplayPreferences(row.display) : undefined;
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

  /**
   * Deletes the account and every sign-in link sent to its address. The workspaces it owns pass to
   * their next member or go with it (settleOwnedWorkspaces); its memberships elsewhere go with the
   * account. False when it was already gone.
   */
  async delete(user: Pick<UserRow, 'id' | 'email'>) {
    const outcome = await this.db.transaction(async (tx) => {
      await tx.delete(magicLinks).where(eq(magicLinks.email, user.email));
      const workspaces = await settleOwnedWorkspaces(tx, user.id);
      const gone = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
      // Its personal workspace went with it (whose id is the account's): every service forgets it
      // with the account (user-deleted), so it is not announced, and nothing here names it.
      await tx.delete(workspaceMemberAnnouncements).where(eq(workspaceMemberAnnouncements.workspaceId, user.id));
      return { deleted: gone.length > 0, workspaces };
    });
    await this.changes?.userChanged(user.id);
    return outcome;
  }

  /** How many accounts exist (a deleted account is gone from the table). */
  async count(): Promise<number> {
    const [row] = await this.db.select({ total: sql<number>`count(*)::int` }).from(users);
    return row?.total ?? 0;
  }

  /** Sign-in links still stored for an address (the account may be gone already). */
  async deleteMagicLinks(email: string): Promise<void> {
    await this.db.delete(magicLinks).where(eq(magicLinks.email, email.toLowerCase()));
  }
}

/** What 'Download my data' gives of the account row. */
export function exportUser(row: UserRow) {
  return {
    email: row.email,
    roles: row.roles,
    personalization: row.personalization,
    displayPreferences: readDisplayPreferences(row.displayPreferences),
    linkedinConnected: row.linkedinConnected,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

/** The `/me` view of a row. A stored personalization that no longer fits the contract reads as unset. */
export function toCurrentUser(row: UserRow, teamMember: boolean, now = Date.now()): CurrentUser {
  const personalization = row.personalization === null ? null : personalizationSchema.safeParse(row.personalization);
  return {
    id: row.id,
    email: row.email,
    linkedinConnected: row.linkedinConnected,
    // Only the linkedin service's `account-disconnected` sets it false, and only after a connection.
    linkedinLost: !row.linkedinConnected && row.linkedinChangedAt !== null,
    personalization: personalization?.success ? personalization.data : null,
    roles: row.roles.filter((r): r is Role => r === 'user' || r === 'admin'),
    newAccount: now - row.createdAt.getTime() < NEW_ACCOUNT_HOURS * 3_600_000,
    teamMember,
  };
}
