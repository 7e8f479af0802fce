import { CREDITS, CREDITS_LOW_SHARE, type GenerationKind, type ModifyAction, type Plan } from '@nashr/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { creditAccounts, generations, type schema } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

export interface CreditBalance {
  remaining: number;
  total: number;
  plan: Plan;
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

/** What a plan grants: the free starting balance once, or Premium's monthly allowance. */
export const planTotal = (plan: Plan): number => (plan === 'premium' ? CREDITS.premiumMonthly : CREDITS.starting);

/** The first instant of the UTC month `now` falls in: Premium allowances are granted per calendar month. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

const asPlan = (value: string): Plan => (value === 'premium' ? 'premium' : 'free');

/** The balance at or below which the plan's credits count as running low. */
const lowMark = (plan: Plan): number => Math.floor(planTotal(plan) * CREDITS_LOW_SHARE);

/** Whether a spend of `cost` that left `after` crossed the low mark (from above it to at or below it). */
function crossedLowMark(plan: Plan, after: number, cost: number): boolean {
  const mark = lowMark(plan);
  return after + cost > mark && after <= mark;
}

/**
 * The premium-credit ledger. Spending is one conditional UPDATE (`balance >= cost`), so any
 * number of concurrent generations can never spend more than the balance: each waits for the
 * row lock and re-checks the condition against the committed balance.
 */
export class CreditStore {
  constructor(private readonly db: Db) {}

  async balance(userId: string): Promise<CreditBalance> {
    const [row] = await this.db
      .select({ balance: creditAccounts.balance, plan: creditAccounts.plan })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId));
    if (!row) return { remaining: CREDITS.starting, total: CREDITS.starting, plan: 'free' };
    const plan = asPlan(row.plan);
    return { remaining: row.balance, total: planTotal(plan), plan };
  }

  /**
   * Pays for one generation with premium credits when the balance allows, and otherwise books
   * it on the standard model at no cost, instead of refusing.
   */
  async reserve(userId: string, input: ReserveInput): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      await tx.insert(creditAccounts).values({ userId, balance: CREDITS.starting }).onConflictDoNothing();
      const [spent] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} - ${CREDITS.costPerPost}::int`, updatedAt: new Date() })
        .where(and(eq(creditAccounts.userId, userId), gte(creditAccounts.balance, CREDITS.costPerPost)))
        .returning({
          balance: creditAccounts.balance,
          plan: creditAccounts.plan,
          periodStart: creditAccounts.periodStart,
        });
      let remaining = spent?.balance;
      if (remaining === undefined) {
        const [row] = await tx
          .select({ balance: creditAccounts.balance })
          .from(creditAccounts)
          .where(eq(creditAccounts.userId, userId));
        remaining = row?.balance ?? 0;
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
      const plan = asPlan(spent?.plan ?? 'free');
      const low =
        spent && crossedLowMark(plan, spent.balance, CREDITS.costPerPost)
          ? { remaining: spent.balance, total: planTotal(plan), grant: `${plan}-${spent.periodStart.getTime()}` }
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
      // Never above the plan's allowance: a monthly reset may have happened meanwhile.
      const [row] = await tx
        .update(creditAccounts)
        .set({
          balance: sql`least(${creditAccounts.balance} + ${failed.cost}::int, case when ${creditAccounts.plan} = 'premium' then ${CREDITS.premiumMonthly}::int else ${CREDITS.starting}::int end)`,
          updatedAt: new Date(),
        })
        .where(eq(creditAccounts.userId, failed.userId))
        .returning({ balance: creditAccounts.balance });
      return row?.balance ?? null;
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
   * Moving to Premium grants this month's 5,000 at once (setting it again changes nothing);
   * leaving it keeps what is left, up to the free allowance.
   */
  async setPlan(userId: string, plan: Plan, now: Date): Promise<CreditBalance> {
    const periodStart = monthStart(now);
    const wasPremium = sql`${creditAccounts.plan} = 'premium'`;
    const set =
      plan === 'premium'
        ? {
            balance: sql<number>`case when ${wasPremium} then ${creditAccounts.balance} else ${CREDITS.premiumMonthly}::int end`,
            periodStart: sql<Date>`case when ${wasPremium} then ${creditAccounts.periodStart} else ${periodStart.toISOString()}::timestamptz end`,
          }
        : { balance: sql<number>`least(${creditAccounts.balance}, ${CREDITS.starting}::int)` };
    const [row] = await this.db
      .insert(creditAccounts)
      .values({ userId, plan, balance: planTotal(plan), periodStart })
      .onConflictDoUpdate({ target: creditAccounts.userId, set: { ...set, plan, updatedAt: now } })
      .returning({ balance: creditAccounts.balance, plan: creditAccounts.plan });
    if (!row) throw new Error('the credit account was not saved');
    return { remaining: row.balance, total: planTotal(asPlan(row.plan)), plan: asPlan(row.plan) };
  }

  /**
   * Grants the monthly allowance to every Premium account not yet granted for the month `now`
   * is in. Safe to run as often as wanted: a second run in the same month changes nothing.
   */
  async resetPremium(now: Date): Promise<number> {
    const periodStart = monthStart(now);
    const rows = await this.db
      .update(creditAccounts)
      .set({ balance: CREDITS.premiumMonthly, periodStart, updatedAt: now })
      .where(and(eq(creditAccounts.plan, 'premium'), lt(creditAccounts.periodStart, periodStart)))
      .returning({ userId: creditAccounts.userId });
    return rows.length;
  }
}
