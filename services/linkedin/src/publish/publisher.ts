import {
  isDocumentType,
  type JobPayload,
  LINKEDIN_ERROR_CODES,
  LINKEDIN_MESSAGES,
  MEDIA_ERROR_CODES,
  MEDIA_MESSAGES,
  NETWORK_FAILURE_CODES,
  postPublishDelayedEvent,
  postPublishedEvent,
  postPublishFailedEvent,
  type publishPostJob,
} from '@nashr/contracts';
import { type Logger, ObjectNotFoundError, type ObjectStore, type Queues } from '@nashr/platform';
import type { AccountStore } from '../accounts/account-store.js';
import { RECONNECT_MESSAGE, reportDisconnected } from '../accounts/provider-failure.js';
import type { AccountRow } from '../db/schema.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import type { Attachment, NetworkPost, NetworkProvider, PublishResult } from '../providers/network-provider.js';
import { isProviderError } from '../providers/provider-error.js';
import type { PublishStore } from './publish-store.js';

type PublishJob = JobPayload<typeof publishPostJob>;

/** What became of a post's first comment, as the published event carries it. */
export type FirstCommentOutcome = { status: 'posted' } | { status: 'failed'; reason: string; code?: string };

/** Said of a first comment whose sending was interrupted: it is not sent again, so it may be missing. */
const FIRST_COMMENT_UNCONFIRMED = LINKEDIN_MESSAGES.firstCommentUnconfirmed;
const UNCONFIRMED_CODE = LINKEDIN_ERROR_CODES.firstCommentUnconfirmed;

/** Where the job stands in BullMQ's retries; the last try reports a failure instead of throwing. */
export interface JobAttempt {
  attemptsMade: number;
  attempts: number;
}

export interface PublisherDeps {
  accounts: AccountStore;
  store: PublishStore;
  provider: NetworkProvider;
  queues: Queues;
  cache: ProfileCache;
  logger: Logger;
  /** The posts service's uploaded files, which the job names by key. */
  storage?: ObjectStore;
  /**
   * A network that answered too slowly may still create the post after we gave up on the call:
   * until the uncertain call is this old, "not found among recent posts" means "look again later",
   * not "publish again". 0 trusts the first look.
   */
  settleMs?: number;
}

/** How many of the account's newest posts are searched for a post whose answer was lost. */
const RECENT_POSTS = 50;
/** Clock difference tolerated between this service and the network when matching by time. */
const CLOCK_SKEW_MS = 10 * 60 * 1000;

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The network may shorten or re-encode a text: the first 200 normalized characters must match. */
export function sameText(a: string, b: string): boolean {
  const x = normalize(a);
  const y = normalize(b);
  return x === y || (x.length >= 40 && y.length >= 40 && x.slice(0, 200) === y.slice(0, 200));
}

/**
 * Publishes a post exactly once. Each job run first reads what earlier runs recorded: a post
 * already published is only reported again; a run that may have reached the network (crash or
 * lost answer) is settled by looking for the post among the account's recent posts before any
 * new publish. Transient failures throw so BullMQ retries with backoff; permanent ones are
 * reported and the job ends.
 */
export class Publisher {
  constructor(private readonly deps: PublisherDeps) {}

  async handle(job: PublishJob, attempt: JobAttempt, log: Logger = this.deps.logger): Promise<string> {
    const { store } = this.deps;
    const plan = await store.plan(job);
    if (plan.kind === 'done') {
      // A run that published may have stopped before the first comment: settle it (once) now.
      const firstComment = await this.firstCommentOf(job, plan.published.networkPostId, log);
      await this.reportPublished(
        job,
        plan.published.attempt,
        {
          networkPostId: plan.published.networkPostId,
          url: plan.published.url,
          publishedAt: plan.published.publishedAt ?? new Date(),
        },
        firstComment,
      );
      log.info({ postId: job.postId }, 'post already published: nothing to do');
      return 'already-published';
    }
    if (plan.kind === 'failed') {
      // Report again: the first report may have been lost with Redis, and the posts service
      // applies a repeated result once.
      await this.reportFailed(job, plan.row.reason ?? 'Publishing failed', true);
      return 'already-failed';
    }

    const account = await this.deps.accounts.findByUser(job.userId);
    const providerAccountId = account?.status === 'connected' ? this.deps.accounts.providerAccount(account) : null;
    if (!account || !providerAccountId) {
      const disconnected = account?.status === 'disconnected';
      const reason = disconnected ? RECONNECT_MESSAGE : 'Connect your LinkedIn account to publish posts.';
      await store.mark(plan.row, 'failed', reason);
      await this.reportFailed(
        job,
        reason,
        true,
        disconnected ? LINKEDIN_ERROR_CODES.reconnect : LINKEDIN_ERROR_CODES.notConnected,
      );
      return 'failed';
    }
    // A post never goes out as another identity than its own: a reconnection with another login,
    // or a page removed (or lost with the member who added it).
    const author = await this.authorOf(job, account);
    if (author === null) {
      log.warn({ postId: job.postId }, 'the post belongs to another identity than the connected account or its pages');
      await store.mark(plan.row, 'failed', LINKEDIN_MESSAGES.identityChanged);
      await this.reportFailed(job, LINKEDIN_MESSAGES.identityChanged, true, LINKEDIN_ERROR_CODES.identityChanged);
      return 'failed';
    }

    if (plan.kind === 'check-first') {
      let found: NetworkPost | null;
      try {
        found = await this.findPublished(providerAccountId, job.text, plan.since, author);
      } catch (error) {
        return this.failWhileUncertain(job, account, error, attempt, log);
      }
      if (found) {
        const result = {
          networkPostId: found.id,
          url: found.share_url ?? (found.social_id ? `https://www.linkedin.com/feed/update/${found.social_id}/` : null),
          publishedAt: new Date(found.parsed_datetime),
        };
        await store.markPublished(plan.row, result);
        await this.deps.cache.invalidate(account.id);
        const firstComment = await this.firstCommentOf(job, result.networkPostId, log, {
          accountId: providerAccountId,
          author,
        });
        await this.reportPublished(job, job.attempt, result, firstComment);
        log.info({ postId: job.postId }, 'an earlier run had published the post: recorded it');
        return 'recovered';
      }
      const lastTry = attempt.attemptsMade + 1 >= attempt.attempts;
      if (!lastTry && Date.now() - plan.since.getTime() < (this.deps.settleMs ?? 0)) {
        log.info({ postId: job.postId }, 'an earlier run may still reach the network: looking again later');
        // A plain error: BullMQ retries with backoff and the attempt stays uncertain.
        throw new Error('waiting for an earlier publish to settle before publishing again');
      }
      await store.settleUncertain(job.postId);
    }

    // Read before the attempt is marked: a missing file fails the post before anything is sent.
    let attachments: Attachment[] | undefined;
    try {
      attachments = await this.attachmentsOf(job);
    } catch (error) {
      if (!(error instanceof ObjectNotFoundError)) throw error;
      log.warn({ postId: job.postId, key: error.key }, 'an image of the post is missing');
      await store.mark(plan.row, 'failed', MEDIA_MESSAGES.notFound);
      await this.reportFailed(job, MEDIA_MESSAGES.notFound, true, MEDIA_ERROR_CODES.notFound);
      return 'failed';
    }

    await store.markPublishing(plan.row);
    let published: PublishResult;
    try {
      published = await this.deps.provider.publish(providerAccountId, {
        text: job.text,
        ...(attachments ? { attachments } : {}),
        ...(author ? { author } : {}),
      });
    } catch (error) {
      return this.fail(job, plan.row, account, error, attempt, log);
    }
    const result = { networkPostId: published.postId, url: published.url, publishedAt: new Date() };
    await store.markPublished(plan.row, result);
    await this.deps.cache.invalidate(account.id);
    const firstComment = await this.firstCommentOf(job, result.networkPostId, log, {
      accountId: providerAccountId,
      author,
    });
    await this.reportPublished(job, job.attempt, result, firstComment);
    log.info({ postId: job.postId, networkPostId: published.postId }, 'post published');
    return 'published';
  }

  /**
   * Posts the job's first comment under the published post, at most once ever: the claim is
   * written before the network is called, and a claim left by an earlier run is reported, never
   * sent again. A refusal leaves the post published; the user is told through the event.
   */
  private async firstCommentOf(
    job: PublishJob,
    networkPostId: string | null,
    log: Logger,
    known?: { accountId: string; author: string | undefined },
  ): Promise<FirstCommentOutcome | undefined> {
    if (!job.firstComment) return undefined;
    const { store } = this.deps;
    const earlier = await store.claimFirstComment(job.postId, job.userId);
    if (earlier) {
      if (earlier.state === 'posted') return { status: 'posted' };
      return {
        status: 'failed',
        ...(earlier.state === 'failed' && earlier.reason
          ? { reason: earlier.reason, ...(earlier.code ? { code: earlier.code } : {}) }
          : { reason: FIRST_COMMENT_UNCONFIRMED, code: UNCONFIRMED_CODE }),
      };
    }
    const fail = async (reason: string, code?: string): Promise<FirstCommentOutcome> => {
      await store.settleFirstComment(job.postId, { state: 'failed', reason, code });
      log.warn({ postId: job.postId, reason }, 'first comment not posted');
      return { status: 'failed', reason, ...(code ? { code } : {}) };
    };
    let accountId = known?.accountId ?? null;
    let author = known?.author;
    if (!accountId) {
      const account = await this.deps.accounts.findByUser(job.userId);
      accountId = account?.status === 'connected' ? this.deps.accounts.providerAccount(account) : null;
      const own = account && accountId ? await this.authorOf(job, account) : undefined;
      if (own === null) return fail(LINKEDIN_MESSAGES.identityChanged, LINKEDIN_ERROR_CODES.identityChanged);
      author = own;
    }
    if (!accountId) return fail(RECONNECT_MESSAGE, LINKEDIN_ERROR_CODES.reconnect);
    // Without the post's id there is nothing to comment under.
    if (!networkPostId) return fail(FIRST_COMMENT_UNCONFIRMED, UNCONFIRMED_CODE);
    try {
      const sent = await this.deps.provider.comment(accountId, networkPostId, job.firstComment, author);
      await store.settleFirstComment(job.postId, { state: 'posted', networkCommentId: sent.commentId });
      log.info({ postId: job.postId }, 'first comment posted');
      return { status: 'posted' };
    } catch (error) {
      if (!isProviderError(error)) {
        log.error({ err: error, postId: job.postId }, 'first comment interrupted');
        return fail(FIRST_COMMENT_UNCONFIRMED, UNCONFIRMED_CODE);
      }
      // A lost answer may mean the comment exists: it is not sent again either way.
      if (error.kind === 'outcome_unknown') return fail(FIRST_COMMENT_UNCONFIRMED, UNCONFIRMED_CODE);
      return fail(error.message, NETWORK_FAILURE_CODES[error.kind]);
    }
  }

  /**
   * The post's images, read whole (at most nine of at most 5 MB each), in the post's order, or its
   * one document (at most 20 MB), named by its title.
   */
  private async attachmentsOf(job: PublishJob): Promise<Attachment[] | undefined> {
    if (!job.attachments?.length) return undefined;
    const storage = this.deps.storage;
    if (!storage) throw new Error('this publisher has no object store to read the post images from');
    return Promise.all(
      job.attachments.map(async (item, index) => ({
        filename: isDocumentType(item.contentType)
          ? `${documentFileName(item.title)}.pdf`
          : `image-${index + 1}.${item.contentType.slice('image/'.length)}`,
        contentType: item.contentType,
        data: await storage.read(item.key),
        ...(item.title ? { title: item.title } : {}),
      })),
    );
  }

  /**
   * Whom the post goes out as: the member (undefined), a page added to the account (its URN), or
   * null when it belongs to neither (it never goes out as someone else). A post whose identity
   * is not known, or an account whose member is not, goes out as the member, as before identities.
   */
  private async authorOf(job: PublishJob, account: AccountRow): Promise<string | undefined | null> {
    if (!job.identity) return undefined;
    const page = await this.deps.accounts.pageOf(account.id, job.identity);
    if (page) return page.organization;
    return !account.identity || job.identity === account.identity ? undefined : null;
  }

  private async findPublished(
    providerAccountId: string,
    text: string,
    since: Date,
    author: string | undefined,
  ): Promise<NetworkPost | null> {
    const { items } = await this.deps.provider.listPosts(providerAccountId, {
      limit: RECENT_POSTS,
      ...(author ? { author } : {}),
    });
    const after = since.getTime() - CLOCK_SKEW_MS;
    return items.find((post) => sameText(post.text, text) && Date.parse(post.parsed_datetime) >= after) ?? null;
  }

  private async fail(
    job: PublishJob,
    row: Parameters<PublishStore['mark']>[0],
    account: AccountRow,
    error: unknown,
    attempt: JobAttempt,
    log: Logger,
  ): Promise<never | string> {
    const lastTry = attempt.attemptsMade + 1 >= attempt.attempts;
    if (!isProviderError(error)) {
      // Anything else (a crash of this process's own work) leaves the row uncertain: the next
      // run looks for the post before publishing.
      log.error({ err: error, postId: job.postId }, 'publish interrupted');
      throw error;
    }
    log.warn({ postId: job.postId, kind: error.kind, detail: error.detail, lastTry }, 'publish failed');

    if (error.transient) {
      // A lost answer stays uncertain; any other transient failure certainly created nothing.
      if (error.kind === 'outcome_unknown') await this.deps.store.mark(row, 'unknown', error.message);
      else await this.deps.store.mark(row, 'retrying', error.message);
      // A wait the network asked for does not use up a try: the job is put back for that long.
      const waitAsked = error.kind === 'rate_limited' && error.retryAfterMs !== undefined;
      if (lastTry && !waitAsked) await this.reportFailed(job, error.message, false, NETWORK_FAILURE_CODES[error.kind]);
      throw error;
    }

    const reason = error.credentialsLost ? RECONNECT_MESSAGE : error.message;
    await this.deps.store.mark(row, 'failed', reason);
    if (error.credentialsLost) await reportDisconnected(this.deps, account, error, job.requestId);
    await this.reportFailed(job, reason, true, NETWORK_FAILURE_CODES[error.kind]);
    return 'failed';
  }

  /**
   * The search for an earlier run's post failed. The attempt stays uncertain whatever happens,
   * so a later run (or the user's retry) searches again before publishing.
   */
  private async failWhileUncertain(
    job: PublishJob,
    account: AccountRow,
    error: unknown,
    attempt: JobAttempt,
    log: Logger,
  ): Promise<string> {
    if (!isProviderError(error)) throw error;
    log.warn({ postId: job.postId, kind: error.kind, detail: error.detail }, 'could not check for an earlier publish');
    if (error.credentialsLost) {
      await reportDisconnected(this.deps, account, error, job.requestId);
      await this.reportFailed(job, RECONNECT_MESSAGE, true, LINKEDIN_ERROR_CODES.reconnect);
      return 'failed';
    }
    if (attempt.attemptsMade + 1 >= attempt.attempts) {
      await this.reportFailed(job, error.message, false, NETWORK_FAILURE_CODES[error.kind]);
    }
    throw error;
  }

  private async reportPublished(
    job: PublishJob,
    attemptNumber: number,
    result: { networkPostId: string | null; url: string | null; publishedAt: Date },
    firstComment?: FirstCommentOutcome,
  ): Promise<void> {
    await this.deps.queues.publish(
      postPublishedEvent,
      {
        postId: job.postId,
        userId: job.userId,
        networkPostId: result.networkPostId,
        url: result.url,
        publishedAt: result.publishedAt.toISOString(),
        ...(firstComment ? { firstComment } : {}),
        requestId: job.requestId,
      },
      // Keyed by the attempt that published, so reporting it again is dropped as a duplicate.
      { id: `${job.postId}-${attemptNumber}` },
    );
  }

  /**
   * The network asked to wait: the job goes out again at `retryAt`, and the post shows it ('will
   * retry at …') rather than failed. Told once per attempt and time.
   */
  async reportDelayed(job: PublishJob, retryAt: Date): Promise<void> {
    await this.deps.queues.publish(
      postPublishDelayedEvent,
      {
        postId: job.postId,
        userId: job.userId,
        attempt: job.attempt,
        retryAt: retryAt.toISOString(),
        code: NETWORK_FAILURE_CODES.rate_limited,
        requestId: job.requestId,
      },
      { id: `${job.postId}-${job.attempt}-${retryAt.getTime()}` },
    );
  }

  /** `code` is the declared code of the reason, which the web translates; the reason stays for API users. */
  private async reportFailed(job: PublishJob, reason: string, permanent: boolean, code?: string): Promise<void> {
    await this.deps.queues.publish(
      postPublishFailedEvent,
      {
        postId: job.postId,
        userId: job.userId,
        reason: reason.slice(0, 500),
        code,
        permanent,
        requestId: job.requestId,
      },
      { id: `${job.postId}-${job.attempt}` },
    );
  }
}

/** A document's title as a file name: characters file systems refuse replaced, never empty. */
function documentFileName(title: string | undefined): string {
  const name = (title ?? '').replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').trim();
  return name || 'document';
}
