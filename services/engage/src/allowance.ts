import { ENGAGE_ERROR_CODES as E, type EntitlementChanged, planName } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { comments, plans, type schema, suggestionUsage } from './db/schema.js';

type Db =
  | PostgresJsDatabase<typeof schema>
  | Parameters<Parameters<PostgresJsDatabase<typeof schema>['transaction']>[0]>[0];

/** Comments that spent a credit: sent, or possibly sent (a failed one is given back). */
const SPENDING = ['sending', 'sent', 'unconfirmed'];

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/**
 * Commenting credits, by the plan billing announced (one per comment sent in the plan's period),
 * and the free suggestions of each day.
 */
export class Allowance {
  constructor(
    private readonly db: PostgresJsDatabase<typeof schema>,
    private readonly dailySuggestions: number,
    private readonly clock: () => Date,
  ) {}

  /** Keeps the event when it is newer than the copy: a late or repeated one changes nothing. */
  async applyPlan(event: EntitlementChanged): Promise<boolean> {
    const values = {
      userId: event.userId,
      plan: event.plan,
      status: event.status,
      active: event.active,
      engage: event.limits.engage,
      commentingCredits: event.limits.commentingCredits,
      periodStart: event.periodStart ? new Date(event.periodStart) : null,
      periodEnd: event.periodEnd ? new Date(event.periodEnd) : null,
      version: event.version,
      updatedAt: new Date(),
    };
    const rows = await this.db
      .insert(plans)
      .values(values)
      .onConflictDoUpdate({ target: plans.userId, set: values, setWhere: sql`${plans.version} < excluded.version` })
      .returning({ version: plans.version });
    return rows.length > 0;
  }

  private async credits(db: Db, userId: string, lock: boolean) {
    const query = db.select().from(plans).where(eq(plans.userId, userId));
    const [plan] = lock ? await query.for('update') : await query;
    const now = this.clock();
    const included = !!plan && plan.active && plan.engage && plan.commentingCredits > 0;
    // A period that has not started (or is unknown) counts from the month's first day.
    const since = plan?.periodStart && plan.periodStart <= now ? plan.periodStart : monthStart(now);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.userId, userId), inArray(comments.status, SPENDING), gte(comments.createdAt, since)));
    const total = included ? (plan?.commentingCredits ?? 0) : 0;
    return { plan, included, total, used: n, remaining: Math.max(0, total - n) };
  }

  async view(userId: string) {
    const { plan, included, total, used, remaining } = await this.credits(this.db, userId, false);
    const [usage] = await this.db
      .select()
      .from(suggestionUsage)
      .where(and(eq(suggestionUsage.userId, userId), eq(suggestionUsage.day, utcDay(this.clock()))));
    return {
      included,
      plan: plan?.plan ?? null,
      credits: { total, used, remaining },
      suggestions: { today: usage?.count ?? 0, dailyLimit: this.dailySuggestions },
    };
  }

  /**
   * Refuses a comment the plan does not cover, inside the transaction that records it (the plan's
   * row is locked, so two sends at once cannot both take the last credit).
   */
  async requireCredit(tx: Db, userId: string): Promise<void> {
    const { plan, included, total, remaining } = await this.credits(tx, userId, true);
    const planId = plan?.plan ?? 'trial';
    const name = planName(planId);
    if (!included) {
      throw new AppError(
        'FORBIDDEN',
        `Engage is not included in your ${name} plan. Choose Starter (100 comments a month) or Pro (1,500) on the Billing page.`,
        { code: E.notIncluded, params: { plan: planId } },
      );
    }
    if (remaining <= 0) {
      throw new AppError(
        'FORBIDDEN',
        `You have used this period's ${total} commenting credits of your ${name} plan. Choose a larger plan on the Billing page, or wait for your next period.`,
        { code: E.creditsExhausted, params: { limit: total, plan: planId } },
      );
    }
  }

  /** Counts one suggestion set against today's free ones; false (nothing counted) when the day's are used. */
  async takeSuggestion(userId: string): Promise<boolean> {
    const rows = await this.db
      .insert(suggestionUsage)
      .values({ userId, day: utcDay(this.clock()), count: 1 })
      .onConflictDoUpdate({
        target: [suggestionUsage.userId, suggestionUsage.day],
        set: { count: sql`${suggestionUsage.count} + 1` },
        setWhere: sql`${suggestionUsage.count} < ${this.dailySuggestions}`,
      })
      .returning({ count: suggestionUsage.count });
    return rows.length > 0;
  }

  suggestionLimitError(): AppError {
    return new AppError(
      'RATE_LIMITED',
      `You have had today's ${this.dailySuggestions} free suggestion sets. Edit the ones shown, or ask again tomorrow.`,
      { code: E.suggestionsLimit, params: { limit: this.dailySuggestions } },
    );
  }
}
