import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Checkpoint,
  type CheckpointType,
  type FullProfile,
  MEDIA_DOCUMENT_TYPE,
  type OwnProfile,
} from '@nashr/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  type SandboxPending,
  type SandboxPostRow,
  sandboxAccounts,
  sandboxComments,
  sandboxImages,
  sandboxPosts,
  type schema,
} from '../../db/schema.js';
import {
  type AnalyticsCapabilities,
  type CommentResult,
  type ConnectOutcome,
  type Credentials,
  DEFAULT_ANALYTICS_CAPABILITIES,
  type MemberDay,
  type NetworkPages,
  type NetworkPost,
  type NetworkProvider,
  type PageDay,
  type PageFigures,
  type PostMetrics,
  type PostPage,
  type PostToPublish,
  type PublishResult,
} from '../network-provider.js';
import { ProviderError } from '../provider-error.js';
import { SANDBOX_CAPTCHA_PUBLIC_KEY, sandboxCaptchaScriptUrl, sandboxCaptchaToken } from './captcha-widget.js';
import {
  historyCounters,
  liveCounters,
  sandboxPage,
  sandboxPageBaseFollowers,
  sandboxPageDay,
  sandboxPostDays,
  sandboxProfile,
  sandboxSeedPosts,
  shortAge,
} from './sandbox-data.js';

type Db = PostgresJsDatabase<typeof schema>;

/** The documented sandbox scenarios (../shared/design/network-provider.md). */
export const SANDBOX_WRONG_PASSWORD = 'wrong-password';
export const SANDBOX_CODE = '123456';
export const SANDBOX_SCENARIOS: Readonly<Record<string, CheckpointType[]>> = {
  '2fa@sandbox.test': ['2FA'],
  'otp@sandbox.test': ['OTP'],
  'inapp@sandbox.test': ['IN_APP_VALIDATION'],
  'captcha@sandbox.test': ['CAPTCHA'],
  'chain@sandbox.test': ['CAPTCHA', '2FA'],
};
/** In-app validation succeeds from this status check on. */
export const SANDBOX_IN_APP_CHECKS = 2;
/** A post or comment whose text contains this is refused, to show how a refusal looks. */
export const SANDBOX_REFUSE_MARKER = '[refuse]';
/** The network's own limit on a comment. */
const COMMENT_LIMIT = 1250;
const CHECKPOINT_TTL_MS = 5 * 60 * 1000;
/** Where the simulated network's images are served (its stand-in for the network's image CDN). */
export const SANDBOX_IMAGES_PATH = '/api/v1/linkedin/sandbox/images';
/** The network's own limits on images. */
const MAX_IMAGES = 9;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export interface SandboxOptions {
  /** Delay before every call. */
  latencyMs?: number;
  /** Share of calls (0 to 1) that fail as "unavailable" before doing anything. */
  failureRate?: number;
  /** Share of publishes (0 to 1) that create the post and then lose the answer. */
  lostAnswerRate?: number;
  random?: () => number;
  now?: () => Date;
}

export const sandboxAccountId = (username: string) =>
  `sbx_${createHash('sha256').update(username).digest('hex').slice(0, 24)}`;

const normalizeUsername = (username: string) => username.trim().toLowerCase();

/** LinkedIn-like activity ids: 19 digits starting with 7. */
const activityId = () => `7${Array.from({ length: 18 }, () => randomInt(10)).join('')}`;

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new ProviderError('rejected', 'This page cursor is not valid.');
  }
}

/**
 * The simulated network: sign-in checkpoints, profiles, posts with counters and publishing,
 * all kept in PostgreSQL so the API and the worker see the same state.
 */
export class SandboxProvider implements NetworkProvider {
  readonly name = 'sandbox' as const;
  private readonly random: () => number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: SandboxOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => new Date());
  }

  private async simulate(): Promise<void> {
    const latency = this.options.latencyMs ?? 0;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if ((this.options.failureRate ?? 0) > 0 && this.random() < (this.options.failureRate ?? 0)) {
      throw new ProviderError('unavailable', 'LinkedIn (sandbox) is temporarily unavailable. Please try again.');
    }
  }

  private checkpointFor(type: CheckpointType): Checkpoint {
    switch (type) {
      case '2FA':
        return { type, source: 'SMS' };
      case 'CAPTCHA':
        return {
          type,
          public_key: SANDBOX_CAPTCHA_PUBLIC_KEY,
          data: randomBytes(18).toString('base64url'),
          script_url: sandboxCaptchaScriptUrl(SANDBOX_CAPTCHA_PUBLIC_KEY),
        };
      default:
        return { type };
    }
  }

  private pendingFor(steps: CheckpointType[]): SandboxPending {
    const [first] = steps;
    if (!first) throw new Error('no checkpoint step');
    return {
      steps,
      checkpoint: this.checkpointFor(first),
      statusChecks: 0,
      expiresAt: new Date(this.now().getTime() + CHECKPOINT_TTL_MS).toISOString(),
    };
  }

  async connect(credentials: Credentials): Promise<ConnectOutcome> {
    await this.simulate();
    if (credentials.password === SANDBOX_WRONG_PASSWORD) throw new ProviderError('invalid_credentials');
    const username = normalizeUsername(credentials.username);
    const id = sandboxAccountId(username);
    // Own keys only: a username such as 'constructor' must not find Object.prototype's members.
    const steps = Object.hasOwn(SANDBOX_SCENARIOS, username) ? (SANDBOX_SCENARIOS[username] ?? []) : [];
    if (steps.length === 0) {
      await this.db.transaction(async (tx) => {
        await tx
          .insert(sandboxAccounts)
          .values({ id, username, connected: true })
          .onConflictDoUpdate({
            target: sandboxAccounts.id,
            set: { connected: true, expired: false, pending: null, updatedAt: new Date() },
          });
        await this.seedPosts(tx, id, username);
      });
      return { status: 'connected', accountId: id };
    }
    const pending = this.pendingFor(steps);
    await this.db
      .insert(sandboxAccounts)
      .values({ id, username, connected: false, pending })
      .onConflictDoUpdate({ target: sandboxAccounts.id, set: { pending, updatedAt: new Date() } });
    return { status: 'checkpoint', accountId: id, checkpoint: pending.checkpoint };
  }

  /** Gives a newly connected account its history, once, even when two processes race. */
  private async seedPosts(tx: Db, accountId: string, username: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-seed:${accountId}`}))`);
    const [existing] = await tx
      .select({ id: sandboxPosts.id })
      .from(sandboxPosts)
      .where(eq(sandboxPosts.accountId, accountId))
      .limit(1);
    if (existing) return;
    const now = this.now();
    const seeds = sandboxSeedPosts(username, now);
    await tx
      .insert(sandboxPosts)
      .values(seeds.map((seed) => ({ id: activityId(), accountId, ...seed, countedAt: now })));
  }

  /**
   * Runs one step of a pending sign-in under a row lock. `decide` says whether the step is
   * passed; the result is applied after the lock, so an expired step is cleared, not rolled back.
   */
  private async step(accountId: string, decide: (pending: SandboxPending) => 'pass' | 'wait'): Promise<ConnectOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId)).for('update');
      if (!row?.pending) return { error: 'none' as const };
      const pending = row.pending;
      if (new Date(pending.expiresAt) < this.now()) {
        await tx
          .update(sandboxAccounts)
          .set({ pending: null, updatedAt: new Date() })
          .where(eq(sandboxAccounts.id, accountId));
        return { error: 'expired' as const };
      }
      const decision = decide(pending);
      if (decision === 'wait') {
        const next = { ...pending, statusChecks: pending.statusChecks + 1 };
        await tx
          .update(sandboxAccounts)
          .set({ pending: next, updatedAt: new Date() })
          .where(eq(sandboxAccounts.id, accountId));
        return { result: { status: 'checkpoint', accountId, checkpoint: pending.checkpoint } as ConnectOutcome };
      }
      const rest = pending.steps.slice(1);
      if (rest.length > 0) {
        const next = this.pendingFor(rest);
        await tx
          .update(sandboxAccounts)
          .set({ pending: next, updatedAt: new Date() })
          .where(eq(sandboxAccounts.id, accountId));
        return { result: { status: 'checkpoint', accountId, checkpoint: next.checkpoint } as ConnectOutcome };
      }
      await tx
        .update(sandboxAccounts)
        .set({ pending: null, connected: true, expired: false, updatedAt: new Date() })
        .where(eq(sandboxAccounts.id, accountId));
      await this.seedPosts(tx, accountId, row.username);
      return { result: { status: 'connected', accountId } as ConnectOutcome };
    });
    if ('error' in outcome) {
      throw new ProviderError(
        'checkpoint_expired',
        outcome.error === 'expired'
          ? 'This verification step has expired. Please sign in again.'
          : 'No sign-in is waiting for verification. Please sign in again.',
      );
    }
    return outcome.result;
  }

  async solveCheckpoint(accountId: string, code: string): Promise<ConnectOutcome> {
    await this.simulate();
    return this.step(accountId, (pending) => {
      const { checkpoint } = pending;
      if (checkpoint.type === 'IN_APP_VALIDATION') {
        throw new ProviderError(
          'invalid_checkpoint_solution',
          'Approve the sign-in in the LinkedIn app, then check the status.',
        );
      }
      if (checkpoint.type === 'CAPTCHA') {
        if (code !== sandboxCaptchaToken(checkpoint.data ?? '')) {
          throw new ProviderError(
            'invalid_checkpoint_solution',
            'The security check was not completed. Please try again.',
          );
        }
        return 'pass';
      }
      if (code.trim() !== SANDBOX_CODE) {
        throw new ProviderError('invalid_checkpoint_solution', 'That code is not right. Check it and try again.');
      }
      return 'pass';
    });
  }

  async resendCheckpoint(accountId: string): Promise<void> {
    await this.simulate();
    const [row] = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    const type = row?.pending?.checkpoint.type;
    if (type !== '2FA' && type !== 'OTP') {
      throw new ProviderError('checkpoint_expired', 'No code is waiting to be sent again. Please sign in again.');
    }
  }

  async checkInAppValidation(accountId: string): Promise<ConnectOutcome> {
    await this.simulate();
    return this.step(accountId, (pending) => {
      if (pending.checkpoint.type !== 'IN_APP_VALIDATION') {
        throw new ProviderError('invalid_checkpoint_solution', 'This step needs a code, not an approval in the app.');
      }
      // This check is number statusChecks + 1.
      return pending.statusChecks + 1 >= SANDBOX_IN_APP_CHECKS ? 'pass' : 'wait';
    });
  }

  private async connectedAccount(accountId: string) {
    const [row] = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    if (!row) throw new ProviderError('account_disconnected');
    if (row.expired || !row.connected) throw new ProviderError('credentials_expired');
    return row;
  }

  async getOwnProfile(accountId: string): Promise<OwnProfile> {
    await this.simulate();
    const row = await this.connectedAccount(accountId);
    const { summary, background_picture_url, websites, education, skills, follower_count, connections_count, ...own } =
      sandboxProfile(row.username, row.id);
    return own;
  }

  async getFullProfile(accountId: string): Promise<FullProfile> {
    await this.simulate();
    const row = await this.connectedAccount(accountId);
    return sandboxProfile(row.username, row.id, { connectedSince: row.createdAt, now: this.now() });
  }

  private toNetworkPost(
    row: SandboxPostRow,
    author: { name: string; public_identifier: string | null },
    imageCount = 0,
    document?: { title: string },
  ): NetworkPost {
    const now = this.now();
    // History posts keep growing from their stored counters with their age.
    const counters = row.live ? liveCounters(row.createdAt, now) : historyCounters(row, row, now);
    const socialId = `urn:li:activity:${row.id}`;
    return {
      id: row.id,
      social_id: socialId,
      share_url: `https://www.linkedin.com/feed/update/${socialId}/`,
      text: row.text,
      date: shortAge(row.createdAt, now),
      parsed_datetime: row.createdAt.toISOString(),
      reaction_counter: counters.reactions,
      comment_counter: counters.comments,
      repost_counter: counters.reposts,
      impressions_counter: counters.impressions,
      author,
      ...(imageCount
        ? { images: Array.from({ length: imageCount }, (_, i) => ({ url: `${SANDBOX_IMAGES_PATH}/${row.id}/${i}` })) }
        : {}),
      ...(document ? { document: { url: `${SANDBOX_IMAGES_PATH}/${row.id}/0`, title: document.title } } : {}),
    };
  }

  async listPosts(
    accountId: string,
    page: { limit?: number; cursor?: string | null; author?: string } = {},
  ): Promise<PostPage> {
    await this.simulate();
    const account = await this.connectedAccount(accountId);
    const asPage = page.author ? this.pageOf(accountId, page.author) : null;
    const limit = Math.min(Math.max(page.limit ?? 10, 1), 100);
    const after = page.cursor ? decodeCursor(page.cursor) : null;
    const rows = await this.db
      .select()
      .from(sandboxPosts)
      .where(
        and(
          eq(sandboxPosts.accountId, accountId),
          asPage ? eq(sandboxPosts.author, asPage.organization) : isNull(sandboxPosts.author),
          after
            ? sql`(${sandboxPosts.createdAt}, ${sandboxPosts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(sandboxPosts.createdAt), desc(sandboxPosts.id))
      .limit(limit + 1);
    const profile = sandboxProfile(account.username, account.id);
    const author = asPage
      ? { name: asPage.name, public_identifier: null }
      : { name: `${profile.first_name} ${profile.last_name}`, public_identifier: profile.public_identifier };
    const shown = rows.slice(0, limit);
    const counts = shown.length
      ? await this.db
          .select({
            postId: sandboxImages.postId,
            n: sql<number>`count(*)::int`,
            title: sql<
              string | null
            >`max(${sandboxImages.title}) filter (where ${sandboxImages.contentType} = ${MEDIA_DOCUMENT_TYPE})`,
          })
          .from(sandboxImages)
          .where(
            inArray(
              sandboxImages.postId,
              shown.map((row) => row.id),
            ),
          )
          .groupBy(sandboxImages.postId)
      : [];
    const filesOf = new Map(counts.map((c) => [c.postId, c]));
    const items = shown.map((row) => {
      const files = filesOf.get(row.id);
      // A document comes alone: its post has no images.
      if (files?.title != null) return this.toNetworkPost(row, author, 0, { title: files.title });
      return this.toNetworkPost(row, author, files?.n ?? 0);
    });
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return { items, cursor: last ? encodeCursor(last) : null };
  }

  async publish(accountId: string, post: PostToPublish): Promise<PublishResult> {
    await this.simulate();
    await this.connectedAccount(accountId);
    const asPage = post.author ? this.pageOf(accountId, post.author) : null;
    if (post.text.includes(SANDBOX_REFUSE_MARKER)) {
      throw new ProviderError('rejected', 'LinkedIn refused this post because it goes against its content rules.');
    }
    if (post.text.length > 3000) {
      throw new ProviderError('rejected', 'LinkedIn refuses posts longer than 3,000 characters.');
    }
    const images = post.attachments ?? [];
    const documents = images.filter((file) => file.contentType === MEDIA_DOCUMENT_TYPE);
    if (documents.length) {
      if (images.length > 1) {
        throw new ProviderError('rejected', 'LinkedIn takes one document per post, without images.');
      }
      if (!documents[0]?.title) throw new ProviderError('rejected', 'LinkedIn needs a title for a document.');
    } else if (images.length > MAX_IMAGES || images.some((image) => !IMAGE_TYPES.has(image.contentType))) {
      throw new ProviderError('rejected', 'LinkedIn takes at most 9 images per post, as JPEG, PNG, GIF or WebP.');
    }
    const id = activityId();
    // The post and its images arrive together, or not at all.
    await this.db.transaction(async (tx) => {
      await tx.insert(sandboxPosts).values({
        id,
        accountId,
        text: post.text,
        author: asPage?.organization ?? null,
        reactions: 0,
        comments: 0,
        reposts: 0,
        impressions: 0,
        live: true,
        createdAt: this.now(),
      });
      if (images.length) {
        await tx.insert(sandboxImages).values(
          images.map((image, position) => ({
            postId: id,
            position,
            contentType: image.contentType,
            data: Buffer.from(image.data),
            title: image.title ?? null,
          })),
        );
      }
    });
    if ((this.options.lostAnswerRate ?? 0) > 0 && this.random() < (this.options.lostAnswerRate ?? 0)) {
      throw new ProviderError('outcome_unknown');
    }
    const socialId = `urn:li:activity:${id}`;
    return { postId: id, url: `https://www.linkedin.com/feed/update/${socialId}/` };
  }

  async comment(accountId: string, postId: string, text: string, author?: string): Promise<CommentResult> {
    await this.simulate();
    await this.connectedAccount(accountId);
    if (author) this.pageOf(accountId, author);
    const id = postId.replace(/^urn:li:activity:/, '');
    const [post] = await this.db
      .select({ id: sandboxPosts.id })
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.id, id), eq(sandboxPosts.accountId, accountId)));
    if (!post) throw new ProviderError('not_found', 'LinkedIn could not find the post to comment on.');
    if (text.includes(SANDBOX_REFUSE_MARKER)) {
      throw new ProviderError('rejected', 'LinkedIn refused this comment because it goes against its content rules.');
    }
    if (text.length > COMMENT_LIMIT) {
      throw new ProviderError('rejected', 'LinkedIn refuses comments longer than 1,250 characters.');
    }
    const commentId = activityId();
    await this.db.insert(sandboxComments).values({ id: commentId, postId: id, accountId, text, createdAt: this.now() });
    await this.db
      .update(sandboxPosts)
      .set({ comments: sql`${sandboxPosts.comments} + 1` })
      .where(eq(sandboxPosts.id, id));
    return { commentId };
  }

  /**
   * Besides the counters of its post list, the sandbox answers the post analytics calls: each
   * post's figures by day (sandboxPostDay), drawn from its id and the day, so the dashboard has a
   * daily series in development. All of it is invented, and the screens badge it as such.
   */
  analyticsCapabilities(): AnalyticsCapabilities {
    return { ...DEFAULT_ANALYTICS_CAPABILITIES, memberDaily: true, postDaily: true };
  }

  private async postsOf(accountId: string, postIds?: readonly string[]) {
    await this.simulate();
    await this.connectedAccount(accountId);
    const ids = postIds?.map((id) => id.replace(/^urn:li:activity:/, ''));
    if (ids && ids.length === 0) return [];
    return this.db
      .select({ id: sandboxPosts.id, createdAt: sandboxPosts.createdAt })
      .from(sandboxPosts)
      .where(
        and(
          eq(sandboxPosts.accountId, accountId),
          isNull(sandboxPosts.author),
          ids ? inArray(sandboxPosts.id, ids) : undefined,
        ),
      );
  }

  /** The company page the member administers, if `organization` is it; the network refuses any other. */
  private pageOf(accountId: string, organization: string): { organization: string; name: string } {
    const page = sandboxPage(accountId);
    if (page.organization !== organization) {
      throw new ProviderError('insufficient_privileges', 'This LinkedIn account is not an administrator of that page.');
    }
    return page;
  }

  /** Every sandbox member administers one company page of their own. */
  async listPages(accountId: string): Promise<NetworkPages> {
    await this.simulate();
    await this.connectedAccount(accountId);
    const page = sandboxPage(accountId);
    return { granted: true, pages: [{ ...page, role: 'ADMINISTRATOR' }] };
  }

  /**
   * The page's figures by day: its posts' (as a member's post's, by day) beside what the page
   * gathers on its own, and its followers. All of it invented, and badged as such on the screens.
   */
  async pageAnalytics(
    accountId: string,
    organization: string,
    range: { start: Date; end: Date },
  ): Promise<PageFigures> {
    await this.simulate();
    await this.connectedAccount(accountId);
    this.pageOf(accountId, organization);
    const now = this.now();
    const first = range.start.toISOString().slice(0, 10);
    const last = range.end.toISOString().slice(0, 10);
    const posts = await this.db
      .select({ id: sandboxPosts.id, createdAt: sandboxPosts.createdAt })
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.accountId, accountId), eq(sandboxPosts.author, organization)));
    const ofPosts = new Map<string, MemberDay[]>();
    for (const post of posts) {
      for (const day of sandboxPostDays(post.id, post.createdAt, now)) {
        ofPosts.set(day.date, [...(ofPosts.get(day.date) ?? []), day]);
      }
    }
    const days: PageDay[] = [];
    let gained = 0;
    const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (
      let at = Date.parse(`${yearAgo}T00:00:00Z`);
      new Date(at).toISOString().slice(0, 10) <= last;
      at += 86_400_000
    ) {
      const date = new Date(at).toISOString().slice(0, 10);
      const own = sandboxPageDay(organization, date);
      const fromPosts = sumDays(ofPosts.get(date) ?? []);
      gained += own.followersGained;
      if (date < first) continue;
      days.push({
        date,
        impressions: own.impressions + fromPosts.impressions,
        clicks: own.clicks + Math.round(fromPosts.impressions * 0.03),
        reactions: own.reactions + fromPosts.reactions,
        comments: own.comments + fromPosts.comments,
        shares: own.shares + fromPosts.reposts,
        followersGained: own.followersGained,
      });
    }
    return { days, followers: sandboxPageBaseFollowers(organization) + gained };
  }

  async postDailyAnalytics(accountId: string, postIds: readonly string[]): Promise<Map<string, MemberDay[]>> {
    const now = this.now();
    const rows = await this.postsOf(accountId, postIds);
    return new Map(rows.map((row) => [row.id, sandboxPostDays(row.id, row.createdAt, now)]));
  }

  async postAnalytics(accountId: string, postId: string): Promise<PostMetrics> {
    const days = (await this.postDailyAnalytics(accountId, [postId])).values().next().value;
    if (!days) throw new ProviderError('not_found', 'LinkedIn could not find this post.');
    return sumDays(days);
  }

  async memberDailyAnalytics(accountId: string, range: { start: Date; end: Date }): Promise<MemberDay[]> {
    const now = this.now();
    const first = range.start.toISOString().slice(0, 10);
    const last = range.end.toISOString().slice(0, 10);
    const byDay = new Map<string, MemberDay[]>();
    for (const row of await this.postsOf(accountId)) {
      for (const day of sandboxPostDays(row.id, row.createdAt, now)) {
        if (day.date < first || day.date > last) continue;
        byDay.set(day.date, [...(byDay.get(day.date) ?? []), day]);
      }
    }
    const out: MemberDay[] = [];
    for (let at = Date.parse(`${first}T00:00:00Z`); new Date(at).toISOString().slice(0, 10) <= last; at += 86_400_000) {
      const date = new Date(at).toISOString().slice(0, 10);
      out.push({ date, ...sumDays(byDay.get(date) ?? []) });
    }
    return out;
  }

  /** The images the simulated network holds for a post, in order (for tests and its image route). */
  async imagesOf(postId: string): Promise<{ position: number; contentType: string; data: Buffer }[]> {
    return this.db
      .select({ position: sandboxImages.position, contentType: sandboxImages.contentType, data: sandboxImages.data })
      .from(sandboxImages)
      .where(eq(sandboxImages.postId, postId.replace(/^urn:li:activity:/, '')))
      .orderBy(asc(sandboxImages.position));
  }

  /** Comments the simulated network holds under a post, oldest first (for tests and support). */
  async commentsOn(postId: string): Promise<{ id: string; text: string }[]> {
    return this.db
      .select({ id: sandboxComments.id, text: sandboxComments.text })
      .from(sandboxComments)
      .where(eq(sandboxComments.postId, postId.replace(/^urn:li:activity:/, '')))
      .orderBy(sandboxComments.createdAt);
  }

  /** The simulated network forgets the session; the member's own network account and posts stay. */
  async disconnect(accountId: string): Promise<void> {
    await this.db
      .update(sandboxAccounts)
      .set({ connected: false, pending: null, updatedAt: new Date() })
      .where(eq(sandboxAccounts.id, accountId));
  }

  /** Simulates the network dropping the session, as when the user changes their password. */
  async expireSession(accountId: string): Promise<void> {
    await this.db
      .update(sandboxAccounts)
      .set({ expired: true, updatedAt: new Date() })
      .where(eq(sandboxAccounts.id, accountId));
  }
}

/** Figures summed over days. */
function sumDays(days: readonly PostMetrics[]): PostMetrics {
  const total: PostMetrics = {
    impressions: 0,
    membersReached: 0,
    reactions: 0,
    comments: 0,
    reposts: 0,
    saves: 0,
    sends: 0,
  };
  for (const day of days) {
    for (const key of Object.keys(total) as (keyof PostMetrics)[]) total[key] += day[key];
  }
  return total;
}
