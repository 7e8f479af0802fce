import {
  type FullProfile,
  LINKEDIN_MESSAGES,
  type LinkedinPost,
  type OwnProfile,
  publishedPostsFetchedEvent,
} from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';
import type { AccountStore } from '../accounts/account-store.js';
import { callNetwork } from '../accounts/provider-failure.js';
import type { SnapshotStore } from '../analytics/snapshot-store.js';
import type { AccountRow, PageRow } from '../db/schema.js';
import type { NetworkProvider } from '../providers/network-provider.js';
import { refusal } from '../refusal.js';
import type { ProfileCache } from './profile-cache.js';

export const NOT_CONNECTED_MESSAGE = LINKEDIN_MESSAGES.notConnected;

export interface ProfileDeps {
  accounts: AccountStore;
  provider: NetworkProvider;
  cache: ProfileCache;
  queues: Queues;
  logger: Logger;
  /** Where the member's posts' figures are kept as the analytics snapshots read them. */
  snapshots: SnapshotStore;
}

/**
 * The account id a `/linkedln/*` body names, if any: `data` may be the stored account info, an
 * array of it, `{ userInfo, userProfile }` or the id itself.
 */
export function claimedAccountId(data: unknown, depth = 0): unknown {
  if (data === undefined || data === null) return undefined;
  // Real bodies nest two levels at most; a hostile one could overflow the stack.
  if (depth > 8) throw refusal('BAD_REQUEST', 'nestedTooDeeply');
  if (Array.isArray(data)) return claimedAccountId(data[0], depth + 1);
  if (typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  for (const key of ['accountID', 'accountId', 'account_id']) {
    if (record[key] !== undefined && record[key] !== null) return record[key];
  }
  if (record.userInfo !== undefined) return claimedAccountId(record.userInfo, depth + 1);
  return undefined;
}

/** The signed-in user's own profile and posts, read from the network through a short cache. */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /**
   * The caller's own account. A body naming any other account id is refused with 403, whether
   * that id is another user's or unknown, so ids cannot be probed.
   */
  async accountOf(userId: string, data: unknown, options: { connected: boolean }): Promise<AccountRow> {
    const claimed = claimedAccountId(data);
    const row = await this.deps.accounts.findByUser(userId);
    if (claimed !== undefined && claimed !== row?.id) throw refusal('FORBIDDEN', 'accountOfSomeoneElse');
    if (!row || row.status === 'pending') throw refusal('NOT_FOUND', 'notConnected');
    if (options.connected && row.status !== 'connected') throw refusal('CONFLICT', 'reconnect');
    return row;
  }

  async ownProfile(row: AccountRow, requestId?: string): Promise<OwnProfile> {
    return this.deps.cache.remember(row.id, 'own', () =>
      this.call(row, requestId, (id) => this.deps.provider.getOwnProfile(id)),
    );
  }

  async fullProfile(row: AccountRow, requestId?: string): Promise<FullProfile> {
    return this.deps.cache.remember(row.id, 'full', () =>
      this.call(row, requestId, (id) => this.deps.provider.getFullProfile(id)),
    );
  }

  /** A company page added to the account, by its identity; refused when it is not one of them. */
  async pageOf(row: AccountRow, identity: string): Promise<PageRow> {
    const page = await this.deps.accounts.pageOf(row.id, identity);
    if (!page) throw refusal('UNPROCESSABLE', 'pageNotAdministered');
    return page;
  }

  /** The account's posts on the network, or those of one of its company pages (`page`). */
  async posts(
    row: AccountRow,
    page: { limit: number; cursor?: string | null },
    requestId?: string,
    companyPage?: PageRow,
  ): Promise<{ items: LinkedinPost[]; cursor: string | null }> {
    const key = `posts:${page.limit}:${page.cursor ?? ''}:${companyPage?.identity ?? ''}`;
    const listed = await this.deps.cache.remember(row.id, key, async () => {
      const [list, author] = await Promise.all([
        this.call(row, requestId, (id) =>
          this.deps.provider.listPosts(id, { ...page, ...(companyPage ? { author: companyPage.organization } : {}) }),
        ),
        companyPage ? { name: companyPage.name, headline: null } : this.ownAuthor(row, requestId),
      ]);
      return {
        cursor: list.cursor,
        items: list.items.map(({ author: listed, ...post }) => ({
          ...post,
          // The network lists no headline with posts: the author is the account's owner (or its page).
          author: { name: listed.name || author.name, headline: author.headline },
        })),
      };
    });
    // Read on every call, not kept with the list: a snapshot taken meanwhile shows at once.
    return companyPage ? listed : { ...listed, items: await this.withReadCounters(row, listed.items) };
  }

  /**
   * Fills the counters a post list came without (LinkedIn's official API) from the analytics
   * snapshots, which read them from the network's post analytics when the member allowed it. For
   * a post they never read, the counters stay unknown (null).
   */
  private async withReadCounters(row: AccountRow, posts: LinkedinPost[]): Promise<LinkedinPost[]> {
    const unknown = posts.filter((post) => post.reaction_counter === null).map((post) => post.id);
    if (unknown.length === 0) return posts;
    const stored = await this.deps.snapshots.countersOf(row.userId, unknown);
    return posts.map((post) => {
      const read = post.reaction_counter === null ? stored.get(post.id) : undefined;
      return read && read.reactions !== null
        ? {
            ...post,
            reaction_counter: read.reactions,
            comment_counter: read.comments,
            repost_counter: read.reposts,
            impressions_counter: read.impressions,
          }
        : post;
    });
  }

  private async ownAuthor(row: AccountRow, requestId?: string) {
    const profile = await this.ownProfile(row, requestId);
    return { name: `${profile.first_name} ${profile.last_name}`.trim(), headline: profile.headline };
  }

  /**
   * Reads the newest published posts (at most 50) and hands their text to the ai service, which
   * measures the writer's voice from them. Answers how many posts were sent.
   */
  async sendPostsForVoice(row: AccountRow, requestId?: string): Promise<number> {
    const page = await this.posts(row, { limit: 50, cursor: null }, requestId);
    const posts = page.items.map((p) => p.text.slice(0, 10_000)).filter((t) => t.trim());
    await this.deps.queues.publish(publishedPostsFetchedEvent, { userId: row.userId, posts, requestId });
    return posts.length;
  }

  private call<T>(row: AccountRow, requestId: string | undefined, fn: (providerAccountId: string) => Promise<T>) {
    return callNetwork(this.deps, row, requestId, fn);
  }
}
