import {
  AI_LIMIT_ERROR_CODES,
  CREDITS,
  CREDITS_LOW_SHARE,
  type EntitlementChanged,
  type GenerationKind,
  type ModifyAction,
  PLAN_CATALOGUE,
  PLAN_IDS,
  type PlanId,
} from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, eq, gte, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { creditAccounts, generations, type schema } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

export interface CreditBalance {
  remaining: number;
  /** The plan's allowance for a period. */
  total: number;
  plan: PlanId;
  /** When the period ends and the credits renew; null when billing has not said, or the plan does not renew. */
  renewsAt: Date | null;
  /** Standard-model generations left today, and the day's limit. */
  freeToday: { remaining: number; limit: number };
}

export interface Reservation {
  generationId: string;
  /** True when the premium model was paid for; false means the standard model, free of charge. */
  premium: boolean;
  model: string;
  /** Premium credits left after this spend. */
  remaining: number;
  /** Set when this spend took the balance down to the plan's low mark: tell the user, once per grant. */
  low: LowCredits | null;
}

export interface LowCredits {
  remaining: number;
  total: number;
  /** Names the grant that is running out (plan and period), so each grant is told once. */
  grant: string;
}

export interface ReserveInput {
  /** What was paid for: a draft, or a profile review (Optimize Profile). */
  kind: GenerationKind | 'profile-review';
  action: ModifyAction | null;
  promptVersion: string;
  models: { premium: string; standard: string };
}

/** A renewal the hourly sweep found due: the period that starts where the last one ended. */
export interface DueRenewal {
  userId: string;
  periodStart: Date;
}

/** The allowance of a user billing has not announced yet: the trial's, from the plans' catalogue. */
export const TRIAL_ALLOWANCE = PLAN_CATALOGUE.trial.limits.aiCredits;

const asPlan = (value: string): PlanId =>
  (PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : 'trial';

/** Whether a spend of `cost` that left `after` crossed the low mark of `allowance` (from above it to at or below it). */
function crossedLowMark(allowance: number, after: number, cost: number): boolean {
  const mark = Math.floor(allowance * CREDITS_LOW_SHARE);
  return after + cost > mark && after <= mark;
}

/** The renewal job of one user and period: the same id however many times it is asked for. */
export const renewalJobId = (userId: string, periodStart: Date): string =>
  `credits-renew-${userId}-${periodStart.getTime()}`;

type AccountRow = typeof creditAccounts.$inferSelect;

function present(row: AccountRow | undefined, freeToday: CreditBalance['freeToday']): CreditBalance {
  if (!row) return { remaining: TRIAL_ALLOWANCE, total: TRIAL_ALLOWANCE, plan: 'trial', renewsAt: null, freeToday };
  // Only a paid plan that goes on renews: a trial ends, a cancelled plan ends at its period's end.
  const renews = row.status === 'active' && row.periodEnd !== null && row.periodEnd > row.periodStart;
  return {
    remaining: row.balance,
    total: row.allowance,
    plan: asPlan(row.plan),
    renewsAt: renews ? row.periodEnd : null,
    freeToday,
  };
}

/** The start of the database's current UTC day: the free generations are counted from it. */
const utcDayStart = sql`(date_trunc('day', now() at time zone 'utc') at time zone 'utc')`;

/**
 * The premium-credit ledger. Spending is one conditional UPDATE (`balance >= cost`), so any
 * number of concurrent generations can never spend more than the balance: each waits for the
 * row lock and re-checks the condition against the committed balance. Once the credits are
 * spent, generations go to the standard model, free, up to `freeDaily` a UTC day: those are
 * counted with the account's row locked, so parallel ones cannot all slip under the limit.
 */
export class CreditStore {
  constructor(
    private readonly db: Db,
    private readonly freeDaily: number = CREDITS.freeDailyGenerations,
  ) {}

  async balance(userId: string): Promise<CreditBalance> {
    const [row] = await this.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    return present(row, await this.freeToday(userId));
  }

  private async freeToday(userId: string): Promise<CreditBalance['freeToday']> {
    const used = await this.freeUsedToday(this.db, userId);
    return { remaining: Math.max(0, this.freeDaily - used), limit: this.freeDaily };
  }

  /** Today's free generations that count: a failed one (refunded, nothing usable) does not. */
  private async freeUsedToday(db: Pick<Db, 'select'>, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(generations)
      .where(
        and(
          eq(generations.userId, userId),
          eq(generations.premium, false),
          ne(generations.status, 'failed'),
          gte(generations.createdAt, utcDayStart),
        ),
      );
    return row?.n ?? 0;
  }

  /** The refusal once today's free generations are used up. */
  freeLimitError(): AppError {
    return new AppError(
      'RATE_LIMITED',
      `Your premium credits are used up and you have had today's ${this.freeDaily} free drafts. Try again tomorrow, or choose a plan with more credits on the Billing page.`,
      { code: AI_LIMIT_ERROR_CODES.freeDailyLimit, params: { limit: this.freeDaily, count: this.freeDaily } },
    );
  }

  /**
   * Pays for one generation with premium credits when the balance allows, and otherwise books
   * it on the standard model at no cost, instead of refusing.
   */
  async reserve(userId: string, input: ReserveInput): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      await tx.insert(creditAccounts).values({ userId, balance: TRIAL_ALLOWANCE }).onConflictDoNothing();
      const [spent] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} - ${CREDITS.costPerPost}::int`, updatedAt: new Date() })
        .where(and(eq(creditAccounts.userId, userId), gte(creditAccounts.balance, CREDITS.costPerPost)))
        .returning({
          balance: creditAccounts.balance,
          plan: creditAccounts.plan,
          allowance: creditAccounts.allowance,
          periodStart: creditAccounts.periodStart,
        });
      let remaining = spent?.balance;
      if (remaining === undefined) {
        // Locks the account until this transaction ends, so the count below and the ledger row
        // inserted after it are one step: a parallel free generation waits here and then counts
        // this one (each statement reads what is committed by then).
        const [row] = await tx
          .select({ balance: creditAccounts.balance })
          .from(creditAccounts)
          .where(eq(creditAccounts.userId, userId))
          .for('update');
        remaining = row?.balance ?? 0;
        if ((await this.freeUsedToday(tx, userId)) >= this.freeDaily) throw this.freeLimitError();
      }
      const premium = spent !== undefined;
      const model = premium ? input.models.premium : input.models.standard;
      const [generation] = await tx
        .insert(generations)
        .values({
          userId,
          kind: input.kind,
          action: input.action,
          model,
          premium,
          cost: premium ? CREDITS.costPerPost : 0,
          promptVersion: input.promptVersion,
        })
        .returning({ id: generations.id });
      if (!generation) throw new Error('the generation ledger row was not created');
      const low =
        spent && crossedLowMark(spent.allowance, spent.balance, CREDITS.costPerPost)
          ? {
              remaining: spent.balance,
              total: spent.allowance,
              grant: `${asPlan(spent.plan)}-${spent.periodStart.getTime()}`,
            }
          : null;
      return { generationId: generation.id, premium, model, remaining, low };
    });
  }

  async complete(generationId: string): Promise<void> {
    await this.db
      .update(generations)
      .set({ status: 'completed', finishedAt: new Date() })
      .where(and(eq(generations.id, generationId), eq(generations.status, 'pending')));
  }

  /**
   * Marks a generation failed and gives its credits back. Only a pending row flips, so a
   * failure is refunded once however many times this runs. Returns the balance afterwards.
   */
  async refund(generationId: string, reason: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(generations)
        .set({ status: 'failed', error: reason.slice(0, 500), finishedAt: new Date() })
        .where(and(eq(generations.id, generationId), eq(generations.status, 'pending')))
        .returning({ userId: generations.userId, cost: generations.cost });
      if (!failed) return null;
      if (failed.cost === 0) return (await this.balanceIn(tx, failed.userId)) ?? null;
      // Only into the period it was spent in: a renewal since then has given a full balance already.
      const [row] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} + ${failed.cost}::int`, updatedAt: new Date() })
        .where(
          and(
            eq(creditAccounts.userId, failed.userId),
            // Compared in the database: a JavaScript date would drop the microseconds.
            sql`${creditAccounts.periodStart} <= (select ${generations.createdAt} from ${generations} where ${generations.id} = ${generationId})`,
          ),
        )
        .returning({ balance: creditAccounts.balance });
      return row?.balance ?? (await this.balanceIn(tx, failed.userId)) ?? null;
    });
  }

  private async balanceIn(tx: Pick<Db, 'select'>, userId: string): Promise<number | undefined> {
    const [row] = await tx
      .select({ balance: creditAccounts.balance })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId));
    return row?.balance;
  }

  /**
   * Follows the plan billing announced. Only a newer version than the one applied changes
   * anything, so a repeated or late event is ignored. A new account starts with the plan's
   * allowance for the period; a plan change within a period moves the balance by the difference
   * between the allowances (up on an upgrade, down but never below zero on a downgrade). A new
   * period is granted by the renewal job, which the caller queues. Returns whether it applied.
   */
  async applyEntitlement(event: EntitlementChanged, now: Date): Promise<boolean> {
    const allowance = event.limits.aiCredits;
    const periodStart = event.periodStart ? new Date(event.periodStart) : now;
    const periodEnd = event.periodEnd ? new Date(event.periodEnd) : null;
    const [row] = await this.db
      .insert(creditAccounts)
      .values({
        userId: event.userId,
        balance: allowance,
        plan: event.plan,
        allowance,
        periodStart,
        periodEnd,
        status: event.status,
        entitlementVersion: event.version,
      })
      .onConflictDoUpdate({
        target: creditAccounts.userId,
        set: {
          balance: sql`greatest(${creditAccounts.balance} + ${allowance}::int - ${creditAccounts.allowance}, 0)`,
          plan: event.plan,
          allowance,
          // The period as billing says it, when it is not older than the one granted.
          periodEnd: sql`case when ${creditAccounts.periodStart} <= ${periodStart.toISOString()}::timestamptz then ${periodEnd?.toISOString() ?? null}::timestamptz else ${creditAccounts.periodEnd} end`,
          status: event.status,
          entitlementVersion: event.version,
          updatedAt: now,
        },
        setWhere: lt(creditAccounts.entitlementVersion, event.version),
      })
      .returning({ userId: creditAccounts.userId });
    return Boolean(row);
  }

  /**
   * Grants the plan's allowance for the period starting at `periodStart`: the balance becomes the
   * allowance. The period start only moves forward, so the same period renewed again (a repeated
   * job) or an older one arriving late changes nothing. Returns whether credits were granted.
   */
  async renew(userId: string, periodStart: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.allowance}`, periodStart, updatedAt: now })
      .where(and(eq(creditAccounts.userId, userId), lt(creditAccounts.periodStart, periodStart)))
      .returning({ userId: creditAccounts.userId });
    return rows.length > 0;
  }

  /**
   * Paid plans whose period has ended without billing announcing the next: each renews for the
   * period that starts where the last one ended (a monthly plan goes on until billing says otherwise).
   */
  async dueRenewals(now: Date, limit = 500): Promise<DueRenewal[]> {
    const rows = await this.db
      .select({ userId: creditAccounts.userId, periodEnd: creditAccounts.periodEnd })
      .from(creditAccounts)
      .where(
        and(
          eq(creditAccounts.status, 'active'),
          isNotNull(creditAccounts.periodEnd),
          lte(creditAccounts.periodEnd, now),
          lt(creditAccounts.periodStart, creditAccounts.periodEnd),
        ),
      )
      .limit(limit);
    return rows.flatMap((row) => (row.periodEnd ? [{ userId: row.userId, periodStart: row.periodEnd }] : []));
  }

  /** An administrator's grant: added to the balance of the current period (the next renewal starts afresh). */
  async grant(userId: string, amount: number, now: Date): Promise<CreditBalance> {
    const [row] = await this.db
      .insert(creditAccounts)
      .values({ userId, balance: TRIAL_ALLOWANCE + amount, periodStart: now })
      .onConflictDoUpdate({
        target: creditAccounts.userId,
        set: { balance: sql`${creditAccounts.balance} + ${amount}::int`, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('the credit account was not saved');
    return present(row, await this.freeToday(userId));
  }
}
