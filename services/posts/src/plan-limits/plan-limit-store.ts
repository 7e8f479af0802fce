import { type EntitlementChanged, PLAN_LIMIT_ERROR_CODES } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { planLimits, posts, type schema } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;
const DAY_MS = 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week `at` falls in: the week a plan's weekly posts count in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

const PLAN_NAMES: Record<string, string> = { trial: 'Trial', basic: 'Basic', starter: 'Starter', pro: 'Pro' };

/**
 * The posts service's copy of each user's plan limits, and the check before a post is added.
 * Every refusal names the limit and how to raise it (a plan on the Billing page).
 */
export class PlanLimitStore {
  constructor(private readonly db: Db) {}

  /** Keeps the event when it is newer than the copy: a late or repeated one changes nothing. */
  async apply(event: EntitlementChanged): Promise<boolean> {
    const values = {
      userId: event.userId,
      plan: event.plan,
      status: event.status,
      active: event.active,
      weeklyPosts: event.limits.weeklyPosts,
      periodEnd: event.periodEnd ? new Date(event.periodEnd) : null,
      version: event.version,
      updatedAt: new Date(),
    };
    const rows = await this.db
      .insert(planLimits)
      .values(values)
      .onConflictDoUpdate({
        target: planLimits.userId,
        set: values,
        setWhere: sql`${planLimits.version} < excluded.version`,
      })
      .returning({ version: planLimits.version });
    return rows.length > 0;
  }

  /** Refuses a new post due at `dueAt` when the user's plan has ended or its week is full. */
  async check(userId: string, dueAt: Date, now = new Date()): Promise<void> {
    const [limits] = await this.db.select().from(planLimits).where(eq(planLimits.userId, userId));
    if (!limits) return;
    // The English message names the plan; `params.plan` is its id, which the web translates.
    const plan = PLAN_NAMES[limits.plan] ?? limits.plan;
    // A trial, or a cancelled plan, ends at its period's end; a paid plan ends when billing says so.
    const ended =
      !limits.active ||
      ((limits.status === 'trialing' || limits.status === 'canceled') &&
        limits.periodEnd !== null &&
        now.getTime() >= limits.periodEnd.getTime());
    if (ended) {
      throw new AppError(
        'FORBIDDEN',
        `Your ${plan} plan has ended. Choose a plan on the Billing page to schedule posts again; your posts and data are kept.`,
        { code: PLAN_LIMIT_ERROR_CODES.inactive, params: { plan: limits.plan } },
      );
    }
    if (limits.weeklyPosts === null) return;
    const start = weekStart(dueAt);
    const [row] = await this.db
      .select({ n: count() })
      .from(posts)
      .where(
        and(
          eq(posts.userId, userId),
          notInArray(posts.status, ['cancelled', 'failed']),
          gte(posts.scheduledAt, start),
          lt(posts.scheduledAt, new Date(start.getTime() + 7 * DAY_MS)),
        ),
      );
    if ((row?.n ?? 0) >= limits.weeklyPosts) {
      throw new AppError(
        'FORBIDDEN',
        `Your ${plan} plan allows ${limits.weeklyPosts} posts a week, and that week is full. Choose Starter or Pro on the Billing page for unlimited posts, or pick another week.`,
        {
          code: PLAN_LIMIT_ERROR_CODES.weeklyPosts,
          params: { limit: limits.weeklyPosts, plan: limits.plan, weekStart: start.toISOString().slice(0, 10) },
        },
      );
    }
  }

  async deleteUser(userId: string): Promise<void> {
    await this.db.delete(planLimits).where(eq(planLimits.userId, userId));
  }
}
