import type { Checkpoint, FullProfile, OwnProfile, PageRole } from '@nashr/contracts';

export interface Credentials {
  username: string;
  /** Passed through to the network; never stored, queued or logged. */
  password: string;
}

/** Where a sign-in stands: done, or waiting for one more verification step. */
export type ConnectOutcome =
  | { status: 'connected'; accountId: string }
  | { status: 'checkpoint'; accountId: string; checkpoint: Checkpoint };

/** A post as the network lists it (the author's headline comes from the profile). */
export interface NetworkPost {
  id: string;
  social_id: string | null;
  share_url: string | null;
  text: string;
  date: string | null;
  parsed_datetime: string;
  /** The counters; null where the network lists posts without them (read with postAnalytics). */
  reaction_counter: number | null;
  comment_counter: number | null;
  repost_counter: number | null;
  impressions_counter: number | null;
  /** Times the post was saved; absent where the provider does not give it. */
  save_counter?: number | null;
  /** Times the post was sent in a message; absent where the provider does not give it. */
  send_counter?: number | null;
  author: { name: string; public_identifier: string | null };
  /** The post's images, in order, where the browser can load them. */
  images?: { url: string }[];
  /** The post's document (a PDF the feed shows as a carousel), where the browser can load it. */
  document?: { url: string; title: string };
}

export interface PostPage {
  items: NetworkPost[];
  /** Pass back to get the next page; null when there is none. */
  cursor: string | null;
}

export interface Attachment {
  filename: string;
  contentType: string;
  data: Uint8Array;
  /** A document's title (a PDF the feed shows as a carousel under this title). */
  title?: string;
}

/** What to publish, and as whom: the member, or a company page they administer (`author`, its URN). */
export interface PostToPublish {
  text: string;
  attachments?: Attachment[];
  /** A company page's URN to post as; the member when left out. */
  author?: string;
}

/** A company page the member holds a role on that may publish. */
export interface NetworkPage {
  /** `urn:li:organization:{id}`. */
  organization: string;
  name: string;
  role: PageRole;
}

/** The member's pages, or `granted: false` when they did not let this app see them. */
export interface NetworkPages {
  granted: boolean;
  pages: NetworkPage[];
}

export interface PublishResult {
  /** Null when the network did not say (the post exists all the same). */
  postId: string | null;
  url: string | null;
}

export interface CommentResult {
  /** Null when the network did not say (the comment exists all the same). */
  commentId: string | null;
}

/** A comment under a post, as the network lists it. */
export interface NetworkComment {
  /** The comment's URN (`urn:li:comment:(…)`), or its bare id when the network gives no URN. */
  id: string;
  /** Who wrote it (`urn:li:person:…`). */
  actor: string;
  text: string;
  /** When it was written (ms since the epoch); null when the network did not say. */
  createdAt: number | null;
}

export interface CommentPage {
  items: NetworkComment[];
  /** Pass back to get the next page; null when there is none. */
  cursor: string | null;
}

/** Which of the figures analytics keep a provider gives for an account; the others are shown as sample data. */
export interface AnalyticsCapabilities {
  /** Reactions, comments, reposts and impressions of the account's posts. */
  postCounters: boolean;
  followers: boolean;
  connections: boolean;
  profileViews: boolean;
  /** The post list carries no counters: each post's are read with `postAnalytics`. */
  perPostAnalytics?: boolean;
  /** The member's daily totals are read with `memberDailyAnalytics`. */
  memberDaily?: boolean;
  /** Each post's figures by day are read with `postDailyAnalytics` (the history import spreads them). */
  postDaily?: boolean;
}

/** What the password sign-in providers give: every counter and the audience, but no profile views. */
export const DEFAULT_ANALYTICS_CAPABILITIES: AnalyticsCapabilities = {
  postCounters: true,
  followers: true,
  connections: true,
  profileViews: false,
};

/** The figures `provider` gives for the account, the defaults when it does not say. */
export async function analyticsCapabilitiesOf(
  provider: NetworkProvider,
  accountId: string,
): Promise<AnalyticsCapabilities> {
  return (await provider.analyticsCapabilities?.(accountId)) ?? DEFAULT_ANALYTICS_CAPABILITIES;
}

/** One post's figures as the network's post analytics give them (all of them, in total). */
export interface PostMetrics {
  impressions: number;
  membersReached: number;
  reactions: number;
  comments: number;
  reposts: number;
  saves: number;
  sends: number;
}

/** The member's figures over all of their posts on one UTC day (`YYYY-MM-DD`). */
export interface MemberDay extends PostMetrics {
  date: string;
}

/** A company page's figures on one UTC day (`YYYY-MM-DD`). */
export interface PageDay {
  date: string;
  impressions: number;
  clicks: number;
  reactions: number;
  comments: number;
  /** Times the page's posts were shared (reposted). */
  shares: number;
  /** Followers gained that day (organic and paid), before any who left. */
  followersGained: number;
}

/** A company page's figures by day over a range, and its followers now. */
export interface PageFigures {
  days: PageDay[];
  followers: number;
}

/**
 * The professional network as this service uses it. Every method throws `ProviderError` for
 * what the network refuses or cannot do; account ids are the network's own.
 */
export interface NetworkProvider {
  readonly name: 'sandbox' | 'unipile' | 'linkedin';
  /** Signs in. With `reconnectAccountId`, revives that disconnected account instead of adding one. */
  connect(credentials: Credentials, options?: { reconnectAccountId?: string }): Promise<ConnectOutcome>;
  /** Answers the current checkpoint with a code (2FA, OTP) or a CAPTCHA token. */
  solveCheckpoint(accountId: string, code: string): Promise<ConnectOutcome>;
  /** Asks the network to send the 2FA/OTP code again. */
  resendCheckpoint(accountId: string): Promise<void>;
  /** Whether the user approved the sign-in in the mobile app yet. */
  checkInAppValidation(accountId: string): Promise<ConnectOutcome>;
  getOwnProfile(accountId: string): Promise<OwnProfile>;
  getFullProfile(accountId: string): Promise<FullProfile>;
  /** The account's own posts (or those of `author`, a page it administers), newest first. */
  listPosts(accountId: string, page?: { limit?: number; cursor?: string | null; author?: string }): Promise<PostPage>;
  /** Removes the account from the provider (the user deleted theirs here); an unknown account is no error. */
  disconnect(accountId: string): Promise<void>;
  /**
   * Not idempotent: a lost answer throws `outcome_unknown`. A provider without `listPages`
   * refuses a post with an `author`: it never goes out as the member instead.
   */
  publish(accountId: string, post: PostToPublish): Promise<PublishResult>;
  /**
   * Comments on a post as the account (the post's id as `publish` returned it). Not idempotent:
   * the caller records the attempt first and never repeats it.
   */
  comment(accountId: string, postId: string, text: string, author?: string): Promise<CommentResult>;
  /** The company pages the member may publish as. Only the official API's adapter offers it. */
  listPages?(accountId: string): Promise<NetworkPages>;
  /**
   * The comments under a post, newest first, to tell whether a comment whose answer was lost
   * arrived. Only the official API's adapter offers it (Engage sends through it).
   */
  listComments?(accountId: string, postId: string, page?: { cursor?: string | null }): Promise<CommentPage>;
  /** The figures it gives for the account (DEFAULT_ANALYTICS_CAPABILITIES when left out). */
  analyticsCapabilities?(accountId: string): AnalyticsCapabilities | Promise<AnalyticsCapabilities>;
  /**
   * One post's figures read from the network's post analytics, for a provider whose post list
   * carries no counters. Throws `not_found` for a post deleted on the network.
   */
  postAnalytics?(accountId: string, postId: string): Promise<PostMetrics>;
  /** The member's figures by day over `range` (their history, posts published before connecting included). */
  memberDailyAnalytics?(accountId: string, range: { start: Date; end: Date }): Promise<MemberDay[]>;
  /**
   * Each of `postIds`' figures by UTC day, from its publishing day to today, oldest first (posts
   * the network does not know are left out), in one call.
   */
  postDailyAnalytics?(accountId: string, postIds: readonly string[]): Promise<Map<string, MemberDay[]>>;
  /**
   * A company page's figures by UTC day over `range` and its followers now, read as the member
   * (who must hold a role on the page). Throws `insufficient_privileges` when the member no longer
   * may see them. Only the official API's adapter offers it.
   */
  pageAnalytics?(accountId: string, organization: string, range: { start: Date; end: Date }): Promise<PageFigures>;
}
