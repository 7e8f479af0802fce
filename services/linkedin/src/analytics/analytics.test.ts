import {
  analyticsPostResponseSchema,
  analyticsSummaryResponseSchema,
  bestTimesResponseSchema,
  QUEUES,
  userDeletedEvent,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPostSnapshots, analyticsPosts, analyticsProfileSnapshots } from '../db/schema.js';
import { fineSnapshotCutoff } from '../jobs/linkedin-analytics.js';
import type { NetworkPost } from '../providers/network-provider.js';
import { sandboxAccountId } from '../providers/sandbox/sandbox-provider.js';
import { connectAndImport, giveSandboxHistory, runAnalyticsJob, startAnalyticsWorkers } from '../testing/analytics.js';
import { createHarness, type Harness } from '../testing/harness.js';
import { snapshotSchedulerId } from './schedules.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: Harness;
let workers: { close: () => Promise<unknown> };
/** The clock of the sandbox network and of the analytics: tests move it instead of waiting. */
let now = new Date();
const clock = () => now;

beforeAll(async () => {
  h = await createHarness({ sandbox: { now: clock }, analytics: { clock } });
  workers = startAnalyticsWorkers(h, clock);
});
afterAll(async () => {
  await workers?.close();
  await h?.close();
});

const summaryOf = async (user: ReturnType<typeof testIdentity>, query = 'days=90&timeZone=Asia/Riyadh') => {
  const res = await h.call(user, 'GET', `/api/v1/analytics/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return analyticsSummaryResponseSchema.parse(res.json());
};

const postsOf = async (user: ReturnType<typeof testIdentity>) =>
  (await h.call(user, 'POST', '/linkedln/getPosts', { data: { limit: 100 } })).json().data.items as NetworkPost[];

const rowsOf = (userId: string) =>
  h.database.db.select().from(analyticsPostSnapshots).where(eq(analyticsPostSnapshots.userId, userId));

describe('collecting snapshots', () => {
  it('schedules a connected account spread over the period and imports its history at once', async () => {
    const user = testIdentity();
    await connectAndImport(h, user, 'history@example.com', { keepSchedule: true });
    const scheduler = await h.queues.get(QUEUES.linkedinAnalytics).getJobScheduler(snapshotSchedulerId(user.userId));
    expect(scheduler?.every).toBe(6 * HOUR);
    expect(scheduler?.offset).toBe(h.services.analyticsSchedules.offsetOf(user.userId));
    // Another user's snapshots fall elsewhere in the period.
    expect(h.services.analyticsSchedules.offsetOf(testIdentity().userId)).not.toBe(scheduler?.offset);

    // Every post the network gives is kept with its publishing time and counters as its first point.
    const network = await postsOf(user);
    const kept = await h.database.db.select().from(analyticsPosts).where(eq(analyticsPosts.userId, user.userId));
    expect(kept.map((p) => p.postId).sort()).toEqual(network.map((p) => p.id).sort());
    for (const post of network) {
      const row = kept.find((p) => p.postId === post.id);
      expect(row?.publishedAt.toISOString()).toBe(post.parsed_datetime);
      expect(row?.impressions).toBe(post.impressions_counter);
    }

    // The dashboard is not empty at once: the imported posts count on the days they were published.
    const summary = await summaryOf(user, 'days=365&timeZone=Asia/Riyadh');
    expect(summary.history.importing).toBe(false);
    expect(summary.history.firstSnapshotAt).toBe(now.toISOString());
    const since = Date.parse(summary.period.from);
    const inPeriod = network.filter((p) => Date.parse(p.parsed_datetime) >= since);
    const engagement = inPeriod.reduce(
      (t, p) => t + (p.reaction_counter ?? 0) + (p.comment_counter ?? 0) + (p.repost_counter ?? 0),
      0,
    );
    expect(summary.cards.postEngagement).toMatchObject({ value: engagement, sample: false });
    expect(summary.days.reduce((t, d) => t + d.engagement, 0)).toBe(engagement);
    expect(summary.days.reduce((t, d) => t + d.posts, 0)).toBe(inPeriod.length);
    expect(summary.days).toHaveLength(365);
    expect(summary.topPosts.length).toBe(Math.min(5, inPeriod.length));
    expect(summary.cards.profileViews.sample).toBe(true);
    expect(summary.cards.networkSize.sample).toBe(false);
    expect(summary.days.at(-1)?.followers).toBeGreaterThan(0);
  });

  it("spreads the imported posts' counters over their days from the network's daily figures, counting each once", async () => {
    const user = testIdentity();
    await connectAndImport(h, user, 'daily-series@example.com');
    const network = await postsOf(user);
    const summary = await summaryOf(user, 'days=365&timeZone=UTC');
    const publishingDays = new Set(network.map((p) => p.parsed_datetime.slice(0, 10)));
    // A daily series, not a spike on each publishing day.
    const withImpressions = summary.days.filter((d) => d.impressions > 0);
    expect(withImpressions.length).toBeGreaterThan(publishingDays.size * 5);
    expect(withImpressions.filter((d) => !publishingDays.has(d.date)).length).toBeGreaterThan(publishingDays.size);
    // Every post counted once: the days add up to the counters the network shows now.
    const since = Date.parse(summary.period.from);
    const inPeriod = network.filter((p) => Date.parse(p.parsed_datetime) >= since);
    expect(summary.days.reduce((t, d) => t + d.impressions, 0)).toBe(
      inPeriod.reduce((t, p) => t + (p.impressions_counter ?? 0), 0),
    );
    // A post's page shows its days too, its last point its counters now.
    const [post] = network;
    const series = analyticsPostResponseSchema.parse(
      (await h.call(user, 'GET', `/api/v1/analytics/posts/${post?.id}`)).json(),
    );
    expect(series.points.length).toBeGreaterThan(1);
    expect(series.points.at(-1)?.impressions).toBe(post?.impressions_counter);
    const impressions = series.points.map((p) => p.impressions);
    expect(impressions).toEqual([...impressions].sort((a, b) => a - b));
  });

  it("counts the period's weeks and the weeks with a post, in the zone's work week", async () => {
    const user = testIdentity();
    await connectAndImport(h, user, 'consistent-weeks@example.com');
    const network = await postsOf(user);
    for (const [zone, weekStarts] of [
      ['UTC', 1],
      ['Asia/Riyadh', 0],
    ] as const) {
      const summary = await summaryOf(user, `days=90&timeZone=${zone}`);
      // Each day's week as its first day's date, the week starting on Monday, or on Sunday in the Gulf.
      const weekOf = (day: string) => {
        const ms = Date.parse(`${day}T00:00:00Z`);
        return new Date(ms - ((new Date(ms).getUTCDay() - weekStarts + 7) % 7) * DAY).toISOString().slice(0, 10);
      };
      const dayIn = (instant: string) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
          new Date(instant),
        );
      const periodDays = summary.days.map((day) => day.date);
      const posted = network.map((post) => dayIn(post.parsed_datetime)).filter((day) => periodDays.includes(day));
      expect(posted.length).toBeGreaterThan(2);
      expect(summary.consistency.weeks).toBe(new Set(periodDays.map(weekOf)).size);
      expect(summary.consistency.weeksWithPosts).toBe(new Set(posted.map(weekOf)).size);
      expect(summary.consistency.postsPerWeek).toBe(Math.round((posted.length / (90 / 7)) * 10) / 10);
    }
  });

  it('sees the counters and the followers grow at a later snapshot, and the summary change with them', async () => {
    const user = testIdentity();
    const username = 'growing@example.com';
    await connectAndImport(h, user, username);
    const first = await summaryOf(user, 'days=7&timeZone=UTC');
    // A post published through the product an hour ago, seen by a snapshot, then again six hours later.
    const published = await h.sandbox.publish(sandboxAccountId(username), { text: 'Growing in public' });
    now = new Date(now.getTime() + HOUR);
    await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId });
    now = new Date(now.getTime() + 6 * HOUR);
    await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId });

    const series = await h.call(user, 'GET', `/api/v1/analytics/posts/${published.postId}`);
    expect(series.statusCode, series.body).toBe(200);
    const { points, post } = analyticsPostResponseSchema.parse(series.json());
    expect(points.map((p) => p.hoursSincePublished)).toEqual([1, 7]);
    expect(points[1]!.impressions).toBeGreaterThan(points[0]!.impressions);
    expect(points[1]!.reactions).toBeGreaterThan(points[0]!.reactions);
    expect(post.impressions).toBe(points[1]!.impressions);

    // Two days on, the audience has grown too.
    now = new Date(now.getTime() + 2 * DAY);
    await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId });
    const later = await summaryOf(user, 'days=7&timeZone=UTC');
    expect(later.cards.impressions.value).toBeGreaterThan(first.cards.impressions.value);
    expect(later.cards.postEngagement.value).toBeGreaterThan(first.cards.postEngagement.value);
    expect(later.cards.followerGrowth.value).toBeGreaterThan(0);
    expect(later.cards.followerGrowth.sample).toBe(false);
    expect(later.cards.networkSize.value).toBeGreaterThan(first.cards.networkSize.value);
    expect(later.topPosts.map((p) => p.id)).toContain(published.postId);
    const today = later.days.at(-1);
    expect(today?.date).toBe(now.toISOString().slice(0, 10));
    expect(today?.impressions).toBeGreaterThan(0);
    expect(later.history.lastSnapshotAt).toBe(now.toISOString());
  });

  it('skips an account whose connection dropped, and stops its schedule', async () => {
    const user = testIdentity();
    const username = 'dropped@example.com';
    await connectAndImport(h, user, username, { keepSchedule: true });
    const before = (await rowsOf(user.userId)).length;
    await h.sandbox.expireSession(sandboxAccountId(username));
    now = new Date(now.getTime() + HOUR);
    expect(await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId })).toEqual({
      status: 'skipped',
      reason: 'disconnected',
    });
    expect((await h.services.accounts.findByUser(user.userId))?.status).toBe('disconnected');
    const queue = h.queues.get(QUEUES.linkedinAnalytics);
    expect(await queue.getJobScheduler(snapshotSchedulerId(user.userId))).toBeFalsy();
    // A snapshot that was already queued finds the account disconnected and reads nothing.
    expect(await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId })).toEqual({
      status: 'skipped',
      reason: 'not_connected',
    });
    expect((await rowsOf(user.userId)).length).toBe(before);
    // The history kept so far is still shown.
    expect((await summaryOf(user)).history.firstSnapshotAt).not.toBeNull();
  });

  it('folds snapshots older than 90 days into one a day, keeping the totals', async () => {
    const user = testIdentity();
    await connectAndImport(h, user, 'folding@example.com');
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 2 * HOUR);
      await runAnalyticsJob(h, { name: 'snapshot', userId: user.userId });
    }
    const totals = async () => {
      const [row] = await h.database.db
        .select({
          rows: sql<number>`count(*)::int`,
          engagement: sql<number>`sum(${analyticsPostSnapshots.engagementGained})::int`,
          impressions: sql<number>`sum(${analyticsPostSnapshots.impressionsGained})::int`,
        })
        .from(analyticsPostSnapshots)
        .where(eq(analyticsPostSnapshots.userId, user.userId));
      return row!;
    };
    const before = await totals();
    const dump = (await rowsOf(user.userId)).map(
      (r) => `${r.postId} ${r.takenAt.toISOString()} ${r.gainedAt.toISOString()}`,
    );
    const [posts] = await h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsPosts)
      .where(eq(analyticsPosts.userId, user.userId));
    // The recent posts were read again at each later snapshot (the older ones have settled).
    expect(before.rows).toBeGreaterThanOrEqual(posts!.n + 3);
    const latest = await h.database.db.select().from(analyticsPosts).where(eq(analyticsPosts.userId, user.userId));

    now = new Date(now.getTime() + 100 * DAY);
    await runAnalyticsJob(h, { name: 'retention' });
    const after = await totals();
    expect(after.rows, dump.join('\n')).toBeLessThan(before.rows);
    expect(after.engagement).toBe(before.engagement);
    expect(after.impressions).toBe(before.impressions);
    const rows = await rowsOf(user.userId);
    const cutoff = fineSnapshotCutoff(now);
    expect(rows.filter((r) => r.takenAt < cutoff).every((r) => r.folded)).toBe(true);
    // One row a day per post (its first snapshot, counted on its publishing day, stays apart).
    const perDay = new Map<string, number>();
    for (const r of rows.filter((row) => row.gainedAt.getTime() === row.takenAt.getTime() || row.folded)) {
      const key = `${r.postId} ${r.takenAt.toISOString().slice(0, 10)} ${r.gainedAt.toISOString().slice(0, 10)}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBe(1);
    // Each post's latest counters are those of its folded day.
    for (const post of latest) {
      const last = rows.filter((r) => r.postId === post.postId).sort((a, b) => +b.takenAt - +a.takenAt)[0];
      expect(last?.impressions).toBe(post.impressions);
    }
    const profiles = await h.database.db
      .select()
      .from(analyticsProfileSnapshots)
      .where(eq(analyticsProfileSnapshots.userId, user.userId));
    expect(profiles.every((p) => p.folded)).toBe(true);
    expect(new Set(profiles.map((p) => p.takenAt.toISOString().slice(0, 10))).size).toBe(profiles.length);
  });
});

describe('the best times to post', () => {
  it('offers the defaults of a Gulf work week (Sunday to Thursday) with too little history', async () => {
    const user = testIdentity();
    await giveSandboxHistory(h, 'few@example.com', [
      { text: 'One', createdAt: new Date(now.getTime() - 80 * DAY), impressions: 100, reactions: 3 },
      { text: 'Two', createdAt: new Date(now.getTime() - 90 * DAY), impressions: 100, reactions: 3 },
    ]);
    await connectAndImport(h, user, 'few@example.com');
    const gulf = bestTimesResponseSchema.parse(
      (await h.call(user, 'GET', '/api/v1/analytics/best-times?timeZone=Asia/Riyadh')).json(),
    );
    expect(gulf).toMatchObject({ basis: 'defaults', workWeek: 'sunday-thursday', postsConsidered: 2 });
    expect(gulf.best.length).toBeGreaterThan(0);
    for (const slot of gulf.best) expect([0, 1, 2, 3, 4]).toContain(slot.weekday);
    expect(gulf.cells).toHaveLength(7 * 24);
    const berlin = bestTimesResponseSchema.parse(
      (await h.call(user, 'GET', '/api/v1/analytics/best-times?timeZone=Europe/Berlin')).json(),
    );
    expect(berlin).toMatchObject({ basis: 'defaults', workWeek: 'monday-friday' });
    for (const slot of berlin.best) expect([1, 2, 3, 4, 5]).toContain(slot.weekday);
  });

  it("names the user's own best slots once there is history, in the user's zone", async () => {
    const user = testIdentity();
    // Tuesdays at 09:00 in Riyadh (06:00 UTC) do far better than Thursdays at 18:00 (15:00 UTC).
    const tuesday = (weeksAgo: number) => {
      const day = new Date(now.getTime() - (70 + weeksAgo * 7) * DAY);
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() - 2 + 7) % 7));
      day.setUTCHours(6, 0, 0, 0);
      return day;
    };
    const posts = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? { text: `Tuesday ${i}`, createdAt: tuesday(i), impressions: 5000, reactions: 300, comments: 40 }
        : {
            text: `Thursday ${i}`,
            createdAt: new Date(tuesday(i).getTime() + 2 * DAY + 9 * HOUR),
            impressions: 500,
            reactions: 5,
          },
    );
    await giveSandboxHistory(h, 'rhythm@example.com', posts);
    await connectAndImport(h, user, 'rhythm@example.com');
    const riyadh = bestTimesResponseSchema.parse(
      (await h.call(user, 'GET', '/api/v1/analytics/best-times?timeZone=Asia/Riyadh')).json(),
    );
    expect(riyadh).toMatchObject({ basis: 'history', postsConsidered: 12 });
    expect(riyadh.best[0]).toEqual({ weekday: 2, hour: 9 });
    expect(riyadh.best[1]).toEqual({ weekday: 4, hour: 18 });
    expect(riyadh.cells.find((c) => c.weekday === 2 && c.hour === 9)).toMatchObject({ posts: 6, engagement: 340 });
    const utc = bestTimesResponseSchema.parse((await h.call(user, 'GET', '/api/v1/analytics/best-times')).json());
    expect(utc.timeZone).toBe('UTC');
    expect(utc.best[0]).toEqual({ weekday: 2, hour: 6 });
  });
});

/** Reads RFC 4180 CSV back: quoted fields, doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('the exports and the refusals', () => {
  it('exports posts and snapshots as CSV with Arabic text, commas, quotes and line breaks intact', async () => {
    const user = testIdentity();
    const tricky = 'قال: "النجاح، خطوة بخطوة"\nثم أضاف, بهدوء';
    const formula = '=HYPERLINK("https://example.com")';
    await giveSandboxHistory(h, 'csv@example.com', [
      { text: tricky, createdAt: new Date(now.getTime() - 70 * DAY), impressions: 1000, reactions: 40, comments: 5 },
      { text: formula, createdAt: new Date(now.getTime() - 75 * DAY), impressions: 10 },
    ]);
    await connectAndImport(h, user, 'csv@example.com');
    const deletedAt = new Date(now.getTime() - DAY);
    const formulaPost = (await postsOf(user)).find((post) => post.text === formula);
    expect(await h.services.snapshots.markDeleted(user.userId, formulaPost!, deletedAt)).toBe(true);

    const res = await h.call(user, 'GET', '/api/v1/analytics/export?kind=posts');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="nashr-posts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'post_id',
      'published_at',
      'text',
      'share_url',
      'reactions',
      'comments',
      'reposts',
      'impressions',
      'engagement_rate',
      'last_snapshot_at',
      'saves',
      'sends',
      'deleted_at',
    ]);
    // The sandbox gives no saves or sends: empty, not zero; a post still on the network has no deletion.
    expect(rows[0]?.slice(10)).toEqual(['', '', '']);
    expect(rows[1]?.[12]).toBe(deletedAt.toISOString());
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[2]).toBe(tricky);
    expect(rows[0]?.slice(4, 9)).toEqual(['40', '5', '0', '1000', '0.0450']);
    // A spreadsheet shows a formula-looking post as text instead of running it.
    expect(rows[1]?.[2]).toBe(`'${formula}`);

    const snapshots = await h.call(user, 'GET', '/api/v1/analytics/export?kind=snapshots');
    expect(snapshots.statusCode).toBe(200);
    const [snapshotHeader, ...snapshotRows] = parseCsv(snapshots.body.replace(/^\uFEFF/, ''));
    expect(snapshotHeader?.[0]).toBe('kind');
    // Each imported post has a point at the end of each of its past days (the sandbox's daily
    // figures spread its counters), then its snapshot's.
    const postPoints = snapshotRows.filter((r) => r[0] === 'post');
    expect(postPoints.length).toBeGreaterThanOrEqual(70 + 75);
    expect(snapshotRows.filter((r) => r[0] === 'profile')).toHaveLength(1);

    // 'Download my data' carries them too.
    const mine = (await h.call(user, 'GET', '/api/v1/linkedin/export')).json().data;
    expect(mine.analytics.posts).toHaveLength(2);
    expect(mine.analytics.postSnapshots).toHaveLength(postPoints.length);
  });

  it("answers another user's post, and a post never seen, as not found", async () => {
    const owner = testIdentity();
    await connectAndImport(h, owner, 'owner@example.com');
    const [post] = await postsOf(owner);
    expect((await h.call(owner, 'GET', `/api/v1/analytics/posts/${post!.id}`)).statusCode).toBe(200);
    const other = testIdentity();
    await connectAndImport(h, other, 'other@example.com');
    for (const id of [post!.id, 'no-such-post']) {
      const res = await h.call(other, 'GET', `/api/v1/analytics/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('analytics.unknown_post');
    }
  });

  it('refuses a period or zone it does not know, and a user without a network account', async () => {
    const user = testIdentity();
    await connectAndImport(h, user, 'refusals@example.com');
    const period = await h.call(user, 'GET', '/api/v1/analytics/summary?days=14');
    expect(period.statusCode).toBe(400);
    expect(period.json().code).toBe('analytics.bad_period');
    for (const path of [
      '/api/v1/analytics/summary?days=7&timeZone=Mars/Olympus',
      '/api/v1/analytics/best-times?timeZone=Mars/Olympus',
    ]) {
      const zone = await h.call(user, 'GET', path);
      expect(zone.statusCode).toBe(400);
      expect(zone.json()).toMatchObject({ code: 'analytics.bad_time_zone', params: { zone: 'Mars/Olympus' } });
    }
    const kind = await h.call(user, 'GET', '/api/v1/analytics/export?kind=everything');
    expect(kind.statusCode).toBe(400);

    const stranger = testIdentity();
    for (const path of [
      '/api/v1/analytics/summary',
      '/api/v1/analytics/posts/123',
      '/api/v1/analytics/best-times',
      '/api/v1/analytics/export?kind=posts',
    ]) {
      const res = await h.call(stranger, 'GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('linkedin.not_connected');
    }
  });

  it("deletes the user's snapshots and schedule with their account", async () => {
    const user = testIdentity();
    await connectAndImport(h, user, 'leaving@example.com');
    expect((await rowsOf(user.userId)).length).toBeGreaterThan(0);
    await h.queues.publish(userDeletedEvent, { userId: user.userId, email: 'leaving@example.com' });
    await expect
      .poll(
        async () =>
          (await h.database.db.select().from(analyticsPosts).where(eq(analyticsPosts.userId, user.userId))).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(0);
    expect(await rowsOf(user.userId)).toEqual([]);
    const profiles = await h.database.db
      .select()
      .from(analyticsProfileSnapshots)
      .where(and(eq(analyticsProfileSnapshots.userId, user.userId)));
    expect(profiles).toEqual([]);
    expect(await h.services.snapshots.state(user.userId)).toBeNull();
    expect(await h.queues.get(QUEUES.linkedinAnalytics).getJobScheduler(snapshotSchedulerId(user.userId))).toBeFalsy();
  });
});
