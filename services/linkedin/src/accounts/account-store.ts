import {
  type Checkpoint,
  type EntitlementChanged,
  type LinkedinAccountInfo,
  PLAN_LIMIT_ERROR_CODES,
  PLAN_LIMIT_MESSAGES,
} from '@nashr/contracts';
import { AppError, isUniqueViolation } from '@nashr/platform';
import { and, asc, count, eq, gt, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { analyticsLock } from '../analytics/snapshot-store.js';
import {
  ACCOUNT_IDENTITY_INDEX,
  type AccountRow,
  accounts,
  analyticsAccounts,
  analyticsMemberDays,
  analyticsPageDays,
  analyticsPostSnapshots,
  analyticsPosts,
  analyticsProfileSnapshots,
  firstComments,
  PAGE_IDENTITY_INDEX,
  type PageRow,
  pageAllowances,
  pages,
  publishAttempts,
  type schema,
} from '../db/schema.js';
import { refusal } from '../refusal.js';
import type { Sealer } from '../sealer.js';

/** How long this service keeps a sign-in step open (the network's own limit is about 5 minutes). */
export const PENDING_TTL_MS = 10 * 60 * 1000;
/** Codes one checkpoint takes: the one that is wrong for the last time voids it. */
export const MAX_CHECKPOINT_ATTEMPTS = 5;

/** Sealed values are bound to their owner, so a value moved to another user's row does not open. */
const sealContext = (userId: string) => `linkedin-account:${userId}`;

/** The users' network accounts; the network's account ids go in and out sealed. */
export class AccountStore {
  constructor(
    private readonly db: PostgresJsDatabase<typeof schema>,
    private readonly sealer: Sealer,
  ) {}

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  async findByUser(userId: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.userId, userId));
    return row;
  }

  /**
   * Deletes the user's account row and every publish attempt, first comment record and analytics
   * snapshot of theirs.
   */
  async deleteUser(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(analyticsLock(userId));
      await tx.delete(publishAttempts).where(eq(publishAttempts.userId, userId));
      await tx.delete(firstComments).where(eq(firstComments.userId, userId));
      await tx.delete(analyticsPostSnapshots).where(eq(analyticsPostSnapshots.userId, userId));
      await tx.delete(analyticsProfileSnapshots).where(eq(analyticsProfileSnapshots.userId, userId));
      await tx.delete(analyticsPosts).where(eq(analyticsPosts.userId, userId));
      await tx.delete(analyticsMemberDays).where(eq(analyticsMemberDays.userId, userId));
      await tx.delete(analyticsPageDays).where(eq(analyticsPageDays.userId, userId));
      await tx.delete(analyticsAccounts).where(eq(analyticsAccounts.userId, userId));
      await tx.delete(pageAllowances).where(eq(pageAllowances.userId, userId));
      await tx.delete(accounts).where(eq(accounts.userId, userId));
    });
  }

  /** Users with a working connection, in user id order after `after`: a page of them. */
  async connectedUserIds(after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.status, 'connected'), after ? gt(accounts.userId, after) : undefined))
      .orderBy(asc(accounts.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  /** The network's id of the working connection. */
  providerAccount(row: AccountRow): string | null {
    return row.providerAccount ? this.sealer.open(row.providerAccount, sealContext(row.userId)) : null;
  }

  /** The network's id of the sign-in in progress. */
  pendingProviderAccount(row: AccountRow): string | null {
    return row.pendingProviderAccount ? this.sealer.open(row.pendingProviderAccount, sealContext(row.userId)) : null;
  }

  /** Records a sign-in waiting at a checkpoint, replacing any earlier one of this user. */
  async startPending(
    userId: string,
    provider: string,
    providerAccountId: string,
    checkpoint: Checkpoint,
  ): Promise<AccountRow> {
    const pending = {
      pendingProvider: provider,
      pendingProviderAccount: this.sealer.seal(providerAccountId, sealContext(userId)),
      pendingCheckpoint: checkpoint,
      pendingExpiresAt: new Date(Date.now() + PENDING_TTL_MS),
      pendingAttempts: 0,
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(accounts)
      .values({ userId, status: 'pending', provider, ...pending })
      .onConflictDoUpdate({ target: accounts.userId, set: pending })
      .returning();
    if (!row) throw new Error('account upsert returned no row');
    return row;
  }

  async updateCheckpoint(row: AccountRow, checkpoint: Checkpoint): Promise<void> {
    await this.db
      .update(accounts)
      .set({ pendingCheckpoint: checkpoint, updatedAt: new Date() })
      .where(eq(accounts.id, row.id));
  }

  /**
   * Counts a code about to be tried at the pending checkpoint, before the network sees it, so
   * codes sent at once cannot slip past the cap. The attempt's number (1 to the cap), or null when
   * the checkpoint has taken all its codes or is no longer pending.
   */
  async takeAttempt(row: AccountRow): Promise<number | null> {
    const [taken] = await this.db
      .update(accounts)
      .set({ pendingAttempts: sql`${accounts.pendingAttempts} + 1` })
      .where(
        and(
          eq(accounts.id, row.id),
          isNotNull(accounts.pendingProviderAccount),
          lt(accounts.pendingAttempts, MAX_CHECKPOINT_ATTEMPTS),
        ),
      )
      .returning({ attempts: accounts.pendingAttempts });
    return taken?.attempts ?? null;
  }

  /** Gives back an attempt the network never judged (it was unavailable, say). */
  async returnAttempt(row: AccountRow): Promise<void> {
    await this.db
      .update(accounts)
      .set({ pendingAttempts: sql`greatest(${accounts.pendingAttempts} - 1, 0)` })
      .where(eq(accounts.id, row.id));
  }

  async clearPending(row: AccountRow): Promise<void> {
    await this.db
      .update(accounts)
      .set({
        pendingProvider: null,
        pendingProviderAccount: null,
        pendingCheckpoint: null,
        pendingExpiresAt: null,
        pendingAttempts: 0,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, row.id));
  }

  /** Records a working connection (first one or a reconnection) and ends any sign-in in progress. */
  async markConnected(
    userId: string,
    provider: string,
    providerAccountId: string,
    accessExpiresAt: Date | null = null,
    identity: string | null = null,
  ): Promise<AccountRow> {
    const now = new Date();
    const connected = {
      status: 'connected' as const,
      accessExpiresAt,
      identity,
      provider,
      providerAccount: this.sealer.seal(providerAccountId, sealContext(userId)),
      pendingProvider: null,
      pendingProviderAccount: null,
      pendingCheckpoint: null,
      pendingExpiresAt: null,
      pendingAttempts: 0,
      connectedAt: now,
      disconnectedAt: null,
      disconnectReason: null,
      updatedAt: now,
    };
    let row: AccountRow | undefined;
    try {
      [row] = await this.db
        .insert(accounts)
        .values({ userId, ...connected })
        .onConflictDoUpdate({ target: accounts.userId, set: connected })
        .returning();
    } catch (error) {
      // The member is connected in another Nashr account: this user's row stays as it was.
      if (isUniqueViolation(error, ACCOUNT_IDENTITY_INDEX)) throw refusal('CONFLICT', 'connectedElsewhere');
      throw error;
    }
    if (!row) throw new Error('account upsert returned no row');
    // The pages were the earlier member's to post as, not this one's.
    await this.db
      .delete(pages)
      .where(and(eq(pages.accountId, row.id), sql`${pages.memberIdentity} is distinct from ${identity}`));
    return row;
  }

  /** The company pages added to the account, by name. */
  async pagesOf(accountId: string): Promise<PageRow[]> {
    return this.db.select().from(pages).where(eq(pages.accountId, accountId)).orderBy(asc(pages.name));
  }

  /** The added page posts of `identity` go out as, if it is one of the account's. */
  async pageOf(accountId: string, identity: string): Promise<PageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pages)
      .where(and(eq(pages.accountId, accountId), eq(pages.identity, identity)));
    return row;
  }

  /** Keeps the pages the user's plan allows when the event is newer than the copy (a late or repeated one changes nothing). */
  async applyPageAllowance(event: EntitlementChanged): Promise<boolean> {
    const values = {
      userId: event.userId,
      plan: event.plan,
      pages: event.limits.pages,
      version: event.version,
      updatedAt: new Date(),
    };
    const rows = await this.db
      .insert(pageAllowances)
      .values(values)
      .onConflictDoUpdate({
        target: pageAllowances.userId,
        set: values,
        setWhere: sql`${pageAllowances.version} < excluded.version`,
      })
      .returning({ version: pageAllowances.version });
    return rows.length > 0;
  }

  /**
   * Adds a page to the account (again: nothing changes) and stamps the change. Refused when the
   * page is added in another Nashr account (one holds it at a time, as with a member), and when
   * the plan's pages are all added: the count and the insert take turns per account, so parallel
   * adds never pass the plan's number.
   */
  async addPage(
    account: AccountRow,
    page: { organization: string; name: string; identity: string },
  ): Promise<AccountRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pages:${account.id}`}))`);
      const [allowance] = await tx.select().from(pageAllowances).where(eq(pageAllowances.userId, account.userId));
      const [others] = await tx
        .select({ n: count() })
        .from(pages)
        .where(and(eq(pages.accountId, account.id), ne(pages.organization, page.organization)));
      if (allowance && (others?.n ?? 0) >= allowance.pages) {
        throw new AppError('FORBIDDEN', PLAN_LIMIT_MESSAGES.pages(allowance.plan, allowance.pages), {
          code: PLAN_LIMIT_ERROR_CODES.pages,
          params: { limit: allowance.pages, plan: allowance.plan },
        });
      }
      try {
        await tx
          .insert(pages)
          .values({ accountId: account.id, userId: account.userId, memberIdentity: account.identity, ...page })
          .onConflictDoUpdate({ target: [pages.accountId, pages.organization], set: { name: page.name } });
      } catch (error) {
        if (isUniqueViolation(error, PAGE_IDENTITY_INDEX)) throw refusal('CONFLICT', 'connectedElsewhere');
        throw error;
      }
      return this.stampPages(tx, account);
    });
  }

  /** Removes a page from the account and stamps the change (a page not added changes nothing but the stamp). */
  async removePage(account: AccountRow, organization: string): Promise<AccountRow> {
    return this.db.transaction(async (tx) => {
      await tx.delete(pages).where(and(eq(pages.accountId, account.id), eq(pages.organization, organization)));
      return this.stampPages(tx, account);
    });
  }

  private async stampPages(tx: Pick<PostgresJsDatabase<typeof schema>, 'update'>, account: AccountRow) {
    const [row] = await tx
      .update(accounts)
      .set({ pagesChangedAt: new Date() })
      .where(eq(accounts.id, account.id))
      .returning();
    if (!row) throw new Error('the account is gone');
    return row;
  }

  /** Working connections whose token expires after `from` and by `until` (the reminders' window). */
  async expiringBetween(from: Date, until: Date): Promise<Array<{ userId: string; accessExpiresAt: Date }>> {
    const rows = await this.db
      .select({ userId: accounts.userId, accessExpiresAt: accounts.accessExpiresAt })
      .from(accounts)
      .where(
        and(eq(accounts.status, 'connected'), gt(accounts.accessExpiresAt, from), lte(accounts.accessExpiresAt, until)),
      )
      .limit(10_000);
    return rows.flatMap((r) => (r.accessExpiresAt ? [{ userId: r.userId, accessExpiresAt: r.accessExpiresAt }] : []));
  }

  /** True when this call turned a working connection into a dropped one (so it is reported once). */
  async markDisconnected(row: AccountRow, reason: string): Promise<boolean> {
    const changed = await this.db
      .update(accounts)
      .set({ status: 'disconnected', disconnectedAt: new Date(), disconnectReason: reason, updatedAt: new Date() })
      .where(and(eq(accounts.id, row.id), eq(accounts.status, 'connected')))
      .returning({ id: accounts.id });
    return changed.length > 0;
  }
}

/** The account as the browser sees it (never the network's own id). */
export function accountInfo(row: AccountRow): LinkedinAccountInfo {
  return {
    accountID: row.id,
    id: row.id,
    status: row.status,
    provider: row.provider,
    connectedAt: row.connectedAt?.toISOString() ?? null,
    disconnectReason: row.disconnectReason,
    accessExpiresAt: row.accessExpiresAt?.toISOString() ?? null,
  };
}
