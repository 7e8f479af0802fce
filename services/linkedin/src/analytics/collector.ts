import { postDeletedOnNetworkEvent } from '@nashr/contracts';
import {
  jobIdPart,
  type Logger,
  type NetworkAccountRate,
  NetworkRateBusy,
  networkAccountKey,
  type Queues,
} from '@nashr/platform';
import type { AccountStore } from '../accounts/account-store.js';
import { reportDisconnected } from '../accounts/provider-failure.js';
import type { AccountRow } from '../db/schema.js';
import { PAGE_STATISTICS_MAX_DAYS } from '../providers/linkedin/linkedin-requests.js';
import { analyticsCapabilitiesOf, type NetworkPost, type NetworkProvider } from '../providers/network-provider.js';
import { isProviderError } from '../providers/provider-error.js';
import type { AnalyticsSchedules } from './schedules.js';
import type { SnapshotStore } from './snapshot-store.js';

/** Posts younger than this get their counters read at every snapshot; older ones have settled. */
export const TRACKED_DAYS = 30;
/** The providers' largest page. */
const PAGE_SIZE = 100;
/** How far back the history import pages (10,000 posts): enough for any member's history. */
const IMPORT_MAX_PAGES = 100;
/** How far before the tracked posts' window the history import reads the member's days. */
export const MEMBER_HISTORY_DAYS = 365;
/** The member's days read per window: one page of each metric, one slot of the account's rate budget (as a post's figures). */
const MEMBER_WINDOW_DAYS = 100;
/** Longer waits for the account's next slot than this put the snapshot off rather than sleep in its job. */
const MAX_SLEEP_MS = 30_000;
/** How long to leave an account alone after a 429 that named no wait. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** Days read again at each snapshot of a page: the network settles a day's figures over the next ones. */
const PAGE_DAYS_REREAD = 2;

export type SnapshotOutcome =
  | { status: 'skipped'; reason: 'not_connected' | 'disconnected' }
  | {
      status: 'taken';
      imported: boolean;
      pages: number;
      posts: number;
      newPosts: number;
      /** Posts this snapshot found deleted on the network (each is found once). */
      deletedPosts: number;
      /** The member's days from before the tracked posts kept by the history import. */
      memberDays: number;
      /** The added company pages whose figures this snapshot read. */
      companyPages: number;
    };

export interface CollectorDeps {
  accounts: AccountStore;
  provider: NetworkProvider;
  snapshots: SnapshotStore;
  schedules: AnalyticsSchedules;
  /** The account's budget of network calls, shared with Engage. */
  rate: NetworkAccountRate;
  queues: Queues;
  logger: Logger;
  clock: () => Date;
}

/** One event per deleted post: told again, it is the same job. */
const deletedPostEventId = (userId: string, postId: string) => `${userId}-${jobIdPart(postId)}`;

/** The network dropped the account's session mid-snapshot: it was reported, the snapshot ends. */
class SessionLost extends Error {}

/** The account a snapshot calls the network as: its row, its id at the network, its rate budget's key. */
interface CallingAccount {
  row: AccountRow;
  networkId: string;
  budget: string;
}

/**
 * Takes one account's snapshot: its profile's figures and the counters of its recent posts (all
 * of its posts the first time: the history import), every network call through the account's
 * rate budget. A 429 rests the account for the wait the network asked and puts the snapshot off
 * (NetworkRateBusy); a lost session marks the account disconnected and stops its schedule.
 */
export class SnapshotCollector {
  constructor(private readonly deps: CollectorDeps) {}

  async take(userId: string, requestId?: string): Promise<SnapshotOutcome> {
    const { accounts, provider, snapshots, schedules, clock } = this.deps;
    const row = await accounts.findByUser(userId);
    const networkId = row?.status === 'connected' ? accounts.providerAccount(row) : null;
    if (!row || !networkId) {
      await schedules.stop(userId);
      return { status: 'skipped', reason: 'not_connected' };
    }
    const state = await snapshots.state(userId);
    const importing = !state?.importedAt;
    const now = clock();
    const since = now.getTime() - TRACKED_DAYS * DAY_MS;
    const capabilities = await analyticsCapabilitiesOf(provider, networkId);
    const account: CallingAccount = {
      row,
      networkId,
      budget: networkAccountKey(
        row.provider === 'unipile'
          ? { provider: 'unipile', accountId: networkId }
          : { provider: row.provider, userId: row.userId },
      ),
    };
    await this.tellUntoldDeletions(userId, requestId);
    try {
      const profile = await this.call(account, requestId, () => provider.getFullProfile(networkId));
      const posts: NetworkPost[] = [];
      let cursor: string | null = null;
      let pages = 0;
      for (;;) {
        const page = await this.call(account, requestId, () =>
          provider.listPosts(networkId, { limit: PAGE_SIZE, cursor }),
        );
        pages++;
        const recent = page.items.filter((post) => Date.parse(post.parsed_datetime) >= since);
        posts.push(...(importing ? page.items : recent));
        cursor = page.cursor;
        // Posts come newest first: once a page reaches past the tracked days, the rest are older.
        if (!cursor || pages >= IMPORT_MAX_PAGES || (!importing && recent.length < page.items.length)) break;
      }
      const { read, deleted } = capabilities.perPostAnalytics
        ? await this.readPostAnalytics(account, posts, since, requestId)
        : { read: posts, deleted: 0 };
      // The history import spreads each post's counters over its days where the provider gives them.
      const readDays = provider.postDailyAnalytics?.bind(provider);
      const days =
        importing && capabilities.postDaily && readDays && read.length > 0
          ? await this.call(account, requestId, () =>
              readDays(
                networkId,
                read.map((post) => post.id),
              ),
            )
          : undefined;
      // The member's days before the tracked posts' window, which no post snapshot covers (the
      // import reads only the tracked posts' figures), once, at the history import: before the
      // import is recorded as done, so a snapshot put off midway reads them again.
      const memberDays =
        importing && capabilities.memberDaily && capabilities.perPostAnalytics
          ? await this.importMemberDays(account, since, requestId)
          : 0;
      const recorded = await snapshots.record({
        days,
        userId,
        takenAt: now,
        posts: read,
        profile: {
          followers: capabilities.followers ? profile.follower_count : null,
          connections: capabilities.connections ? profile.connections_count : null,
          // No provider gives profile views yet; the summary shows them as sample data.
          profileViews: null,
        },
        historyImported: importing,
      });
      const companyPages = await this.readCompanyPages(account, requestId);
      return {
        status: 'taken',
        imported: importing,
        pages,
        ...recorded,
        deletedPosts: deleted,
        memberDays,
        companyPages,
      };
    } catch (error) {
      if (error instanceof SessionLost) return { status: 'skipped', reason: 'disconnected' };
      throw error;
    }
  }

  /**
   * Tells the posts service of the account's posts found deleted on the network before it was
   * told of any (a deletion found now is told as it is found, in readPostAnalytics), each by the
   * same event and job id, so a post told twice changes once.
   */
  private async tellUntoldDeletions(userId: string, requestId: string | undefined): Promise<void> {
    const { snapshots, queues, logger, clock } = this.deps;
    const untold = await snapshots.untoldDeletions(userId);
    for (const { postId, deletedAt } of untold) {
      await queues.publish(
        postDeletedOnNetworkEvent,
        { userId, networkPostId: postId, deletedAt: deletedAt.toISOString(), requestId },
        { id: deletedPostEventId(userId, postId) },
      );
    }
    await snapshots.deletionsTold(
      userId,
      untold.map((post) => post.postId),
      clock(),
    );
    if (untold.length > 0) logger.info({ userId, told: untold.length }, 'earlier deletions on the network told');
  }

  /**
   * For a provider whose post list carries no counters: each tracked post's figures read from the
   * network's post analytics, one post after another through the account's rate budget. Posts older
   * than the tracked days are left out (their figures would be read as zeros). A post whose
   * analytics answer "not found" is deleted on the network: it is marked so once, keeps the figures
   * and snapshots stored before, and is not asked about again; the posts service is told, so the
   * post it published says so.
   */
  private async readPostAnalytics(
    account: CallingAccount,
    posts: readonly NetworkPost[],
    since: number,
    requestId: string | undefined,
  ): Promise<{ read: NetworkPost[]; deleted: number }> {
    const { provider, snapshots, clock } = this.deps;
    const { row, networkId } = account;
    const read = provider.postAnalytics?.bind(provider);
    if (!read) return { read: [], deleted: 0 };
    const tracked = posts.filter((post) => Date.parse(post.parsed_datetime) >= since);
    const gone = await snapshots.deletedPosts(
      row.userId,
      tracked.map((post) => post.id),
    );
    const out: NetworkPost[] = [];
    let deleted = 0;
    for (const post of tracked) {
      if (gone.has(post.id)) continue;
      try {
        const figures = await this.call(account, requestId, () => read(networkId, post.id));
        out.push({
          ...post,
          reaction_counter: figures.reactions,
          comment_counter: figures.comments,
          repost_counter: figures.reposts,
          impressions_counter: figures.impressions,
          save_counter: figures.saves,
          send_counter: figures.sends,
        });
      } catch (error) {
        if (isProviderError(error) && error.kind === 'not_found') {
          const at = clock();
          // Told before it is marked: a snapshot that fails in between asks again and tells again.
          await this.deps.queues.publish(
            postDeletedOnNetworkEvent,
            { userId: row.userId, networkPostId: post.id, deletedAt: at.toISOString(), requestId },
            { id: deletedPostEventId(row.userId, post.id) },
          );
          if (await snapshots.markDeleted(row.userId, post, at)) deleted++;
          this.deps.logger.info({ userId: row.userId, postId: post.id }, 'post deleted on the network: figures kept');
          continue;
        }
        throw error;
      }
    }
    return { read: out, deleted };
  }

  /**
   * The member's figures by UTC day over MEMBER_HISTORY_DAYS before the day `since` falls on (the
   * network's member analytics, `q=me`, paged by the provider), a window of days at a time, each
   * through the account's rate budget. The tracked posts (published from `since` on) are
   * counted by their own snapshots and none of them falls in these days: nothing counts twice. A
   * snapshot put off mid-import reads them again later, replacing the days it kept.
   */
  private async importMemberDays(
    account: CallingAccount,
    since: number,
    requestId: string | undefined,
  ): Promise<number> {
    const { provider, snapshots, clock } = this.deps;
    const { row, networkId } = account;
    const read = provider.memberDailyAnalytics?.bind(provider);
    if (!read) return 0;
    const firstTracked = Date.parse(`${new Date(since).toISOString().slice(0, 10)}T00:00:00Z`);
    const end = firstTracked - DAY_MS;
    let kept = 0;
    for (let start = firstTracked - MEMBER_HISTORY_DAYS * DAY_MS; start <= end; start += MEMBER_WINDOW_DAYS * DAY_MS) {
      const range = { start: new Date(start), end: new Date(Math.min(end, start + (MEMBER_WINDOW_DAYS - 1) * DAY_MS)) };
      const days = await this.call(account, requestId, () => read(networkId, range));
      const last = range.end.toISOString().slice(0, 10);
      kept += await snapshots.recordMemberDays(
        row.userId,
        days.filter((day) => day.date <= last),
        clock(),
      );
    }
    return kept;
  }

  /**
   * Each added company page's figures by day, where the provider reads them: the 12 months the
   * network keeps at a page's first read, then from a little before the last day kept. Each page's
   * read is kept as it comes (after the member's snapshot, so a page put off loses none of it). A
   * page whose figures the network refuses (the member lost their role there) says so and the
   * others are read all the same.
   */
  private async readCompanyPages(account: CallingAccount, requestId: string | undefined): Promise<number> {
    const { provider, accounts, snapshots, clock, logger } = this.deps;
    const read = provider.pageAnalytics?.bind(provider);
    if (!read) return 0;
    const { row, networkId } = account;
    let kept = 0;
    for (const page of await accounts.pagesOf(row.id)) {
      const now = clock();
      const last = await snapshots.lastPageDay(row.userId, page.organization);
      const earliest = now.getTime() - (PAGE_STATISTICS_MAX_DAYS - 1) * DAY_MS;
      const start = new Date(
        last ? Math.max(earliest, Date.parse(`${last}T00:00:00Z`) - PAGE_DAYS_REREAD * DAY_MS) : earliest,
      );
      try {
        const figures = await this.call(account, requestId, () =>
          read(networkId, page.organization, { start, end: now }),
        );
        await snapshots.recordPageFigures(row.userId, page.organization, figures, now);
        kept++;
      } catch (error) {
        // What may pass (a network down) puts the snapshot off; what will not is this page's alone.
        if (!isProviderError(error) || error.transient) throw error;
        const refused = error.kind === 'insufficient_privileges' || error.kind === 'not_found';
        if (refused) await snapshots.pageFiguresRefused(row.userId, page.organization, now);
        logger.info(
          { userId: row.userId, organization: page.organization, kind: error.kind },
          'page figures not read: the network refused them',
        );
      }
    }
    return kept;
  }

  private async call<T>(account: CallingAccount, requestId: string | undefined, fn: () => Promise<T>): Promise<T> {
    const { rate } = this.deps;
    const { row, budget } = account;
    await rate.take(budget, MAX_SLEEP_MS);
    try {
      return await fn();
    } catch (error) {
      if (!isProviderError(error)) throw error;
      if (error.kind === 'rate_limited') {
        const wait = error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS;
        await rate.holdOff(budget, wait);
        throw new NetworkRateBusy(wait);
      }
      if (error.credentialsLost) {
        await reportDisconnected(this.deps, row, error, requestId);
        await this.deps.schedules.stop(row.userId);
        throw new SessionLost();
      }
      throw error;
    }
  }
}
