import type { PageAnalyticsDay, PageAnalyticsResponse } from '@nashr/contracts';
import { and, asc, between, eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type AnalyticsPageDayRow, analyticsPageDays, pages, type schema } from '../db/schema.js';
import { metric } from './summary.js';

type Db = PostgresJsDatabase<typeof schema>;

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface PageSummaryInput {
  userId: string;
  organization: string;
  days: number;
  now: Date;
}

/**
 * An added company page's figures over the `days` UTC days ending today, each against the days
 * before: what the snapshots read from the network, days none read counted as nothing happened.
 * The followers of each day are those of the last read less the gains after it. Null when the user
 * has not added the page.
 */
export async function readPageSummary(db: Db, input: PageSummaryInput): Promise<PageAnalyticsResponse | null> {
  const { userId, organization, days, now } = input;
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.userId, userId), eq(pages.organization, organization)));
  if (!page) return null;
  const to = now.toISOString().slice(0, 10);
  const from = dayAfter(to, -(days - 1));
  const previousFrom = dayAfter(from, -days);
  const rows = await db
    .select()
    .from(analyticsPageDays)
    .where(
      and(
        eq(analyticsPageDays.userId, userId),
        eq(analyticsPageDays.organization, organization),
        between(analyticsPageDays.day, previousFrom, to),
      ),
    )
    .orderBy(asc(analyticsPageDays.day));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const engagementOf = (row: AnalyticsPageDayRow) => row.reactions + row.comments + row.shares;

  // The followers at each day's end up to the latest count read: that count, less the gains after
  // the day (one pass back from it). Days after it, or before any count, are unknown.
  const lastCount = rows.findLast((row) => row.followers !== null);
  const followersAtEnd = new Map<string, number>();
  if (lastCount?.followers != null) {
    let followers = lastCount.followers;
    for (let day = lastCount.day; day >= previousFrom; day = dayAfter(day, -1)) {
      followersAtEnd.set(day, Math.max(0, followers));
      followers -= byDay.get(day)?.followersGained ?? 0;
    }
  }
  const followersAt = (day: string) => followersAtEnd.get(day) ?? null;

  const series: PageAnalyticsDay[] = [];
  for (let day = from; day <= to; day = dayAfter(day, 1)) {
    const row = byDay.get(day);
    series.push({
      date: day,
      impressions: row?.impressions ?? 0,
      clicks: row?.clicks ?? 0,
      engagement: row ? engagementOf(row) : 0,
      followersGained: row?.followersGained ?? 0,
      followers: followersAt(day),
    });
  }

  const periodRows = rows.filter((row) => row.day >= from);
  const previousRows = rows.filter((row) => row.day < from);
  const total = (list: AnalyticsPageDayRow[], pick: (row: AnalyticsPageDayRow) => number) =>
    list.reduce((sum, row) => sum + pick(row), 0);
  const against = (pick: (row: AnalyticsPageDayRow) => number) =>
    metric(total(periodRows, pick), previousRows.length > 0 ? total(previousRows, pick) : null);
  const followersNow = lastCount?.followers ?? 0;
  const state = page.figuresRefusedAt ? 'refused' : page.figuresReadAt ? 'read' : 'waiting';

  return {
    page: { organization: page.organization, name: page.name, identity: page.identity },
    period: { days, from, to },
    state,
    readAt: page.figuresReadAt?.toISOString() ?? null,
    cards: {
      impressions: against((row) => row.impressions),
      clicks: against((row) => row.clicks),
      engagement: against(engagementOf),
      followers: metric(followersNow, previousRows.length > 0 ? followersAt(dayAfter(from, -1)) : null),
      followerGrowth: against((row) => row.followersGained),
    },
    days: series,
  };
}
