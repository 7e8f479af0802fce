import { type EntitlementChanged, PLAN_LIMIT_ERROR_CODES, planName } from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { inAdvisoryLock, type LockedTx } from '../db/advisory-lock.js';
import { type PostRow, planLimits, posts, type schema } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;
const DAY_MS = 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week `at` falls in: the week a plan's weekly posts count in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** Posts that take no place in their week: cancelled ones and ones that did not go out. */
const UNCOUNTED: PostRow['status'][] = ['cancelled', 'failed'];

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

  /**
   * Runs `write`, which adds a post due at `dueAt` (or, with `moving`, gives that post this time),
   * only if the plan allows it: refused when the plan has ended (a new post) or the week is full.
   * The count and the write happen in one transaction under the user's lock, so parallel
   * requests take turns and the last places of a week go to exactly as many posts as are left.
   * `write` must use only the transaction it is given (see inAdvisoryLock).
   */
  within<T>(
    userId: string,
    dueAt: Date,
    write: (tx: LockedTx) => Promise<T>,
    moving?: Pick<PostRow, 'id' | 'status' | 'scheduledAt'>,
    now = new Date(),
  ): Promise<T> {
    return inAdvisoryLock(this.db, `weekly-posts:${userId}`, async (tx) => {
      await this.check(tx, userId, dueAt, now, moving);
      return write(tx);
    });
  }

  private async check(
    tx: LockedTx,
    userId: string,
    dueAt: Date,
    now: Date,
    moving: Pick<PostRow, 'id' | 'status' | 'scheduledAt'> | undefined,
  ): Promise<void> {
    const [limits] = await tx.select().from(planLimits).where(eq(planLimits.userId, userId));
    if (!limits) return;
    // The English message names the plan; `params.plan` is its id, which the web translates.
    const plan = planName(limits.plan);
    // A trial, or a cancelled plan, ends at its period's end; a paid plan ends when billing says so.
    const ended =
      !limits.active ||
      ((limits.status === 'trialing' || limits.status === 'canceled') &&
        limits.periodEnd !== null &&
        now.getTime() >= limits.periodEnd.getTime());
    // Existing posts are kept when a plan ends, and may still be moved: only new ones are refused.
    if (ended && !moving) {
      throw new AppError(
        'FORBIDDEN',
        `Your ${plan} plan has ended. Choose a plan on the Billing page to schedule posts again; your posts and data are kept.`,
        { code: PLAN_LIMIT_ERROR_CODES.inactive, params: { plan: limits.plan } },
      );
    }
    if (limits.weeklyPosts === null) return;
    const start = weekStart(dueAt);
    // A counted post moved within its own week takes no new place there (even in a week that a
    // smaller plan has since made over-full).
    if (moving && !UNCOUNTED.includes(moving.status) && weekStart(moving.scheduledAt).getTime() === start.getTime()) {
      return;
    }
    const [row] = await tx
      .select({ n: count() })
      .from(posts)
      .where(
        and(
          eq(posts.userId, userId),
          notInArray(posts.status, UNCOUNTED),
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
