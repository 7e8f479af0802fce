import {
  ENGAGE_ERROR_CODES as E,
  type EngageCommentAnswer,
  engageCommentAnsweredEvent,
  type engageCommentJob,
  type JobPayload,
} from '@nashr/contracts';
import type { Logger, Queues } from '@nashr/platform';
import type { AccountStore } from '../accounts/account-store.js';
import { reportDisconnected } from '../accounts/provider-failure.js';
import type { AccountRow } from '../db/schema.js';
import type { NetworkComment, NetworkProvider } from '../providers/network-provider.js';
import { isProviderError, type ProviderError } from '../providers/provider-error.js';
import { sameText } from './publisher.js';

type CommentJob = JobPayload<typeof engageCommentJob>;
type Answer = Omit<EngageCommentAnswer, 'commentId' | 'userId' | 'requestId'>;

export interface EngageCommenterDeps {
  accounts: AccountStore;
  provider: NetworkProvider;
  queues: Queues;
  logger: Logger;
  /**
   * A network that answered too slowly may still store the comment after we gave up: until the
   * first attempt is this old, "not found" means "look again later", not "send again" (as for posts).
   */
  settleMs?: number;
}

/** How many pages of a post's comments are searched for one whose answer was lost. */
const COMMENT_PAGES = 5;
/** Clock difference tolerated between this service and the network when matching by time. */
const CLOCK_SKEW_MS = 10 * 60 * 1000;

const postUrlOf = (postUrn: string) => `https://www.linkedin.com/feed/update/${postUrn}/`;

/** The network's link to one comment: its post, opened at the comment. */
export const commentUrlOf = (postUrn: string, commentUrn: string | null) =>
  commentUrn ? `${postUrlOf(postUrn)}?commentUrn=${encodeURIComponent(commentUrn)}` : postUrlOf(postUrn);

const RECONNECT = 'Your LinkedIn connection has ended. Reconnect your account, then send the comment again.';

/**
 * Engage's comments sent as the member through the official API (the tokens never leave this
 * service). Exactly once, under the publisher's rule: a run that may follow one that reached the
 * network (engage asks with `check`, or BullMQ runs the job again after a crash or an error)
 * searches the post's comments for this one before sending anything. Every run ends with one
 * answer to engage (`engage-comment-answered`); only a failure of this service's own work throws,
 * and the retry that follows searches first.
 */
export class EngageCommenter {
  constructor(private readonly deps: EngageCommenterDeps) {}

  async handle(job: CommentJob, repeated: boolean, log: Logger = this.deps.logger): Promise<Answer['outcome']> {
    const answer = await this.answer(job, repeated, log);
    await this.deps.queues.publish(engageCommentAnsweredEvent, {
      commentId: job.commentId,
      userId: job.userId,
      ...answer,
      requestId: job.requestId,
    });
    log.info({ commentId: job.commentId, outcome: answer.outcome, code: answer.code }, 'engage comment answered');
    return answer.outcome;
  }

  private async answer(job: CommentJob, repeated: boolean, log: Logger): Promise<Answer> {
    const { accounts, provider } = this.deps;
    const account = await accounts.findByUser(job.userId);
    const accountId = account?.status === 'connected' ? accounts.providerAccount(account) : null;
    if (!account || !accountId) {
      return { outcome: 'failed', code: E.notConnected, reason: RECONNECT };
    }
    if (job.check || repeated) {
      let found: NetworkComment | null;
      try {
        found = await this.find(accountId, job);
      } catch (error) {
        if (!isProviderError(error)) throw error;
        // A deleted post took any comment of ours with it: nothing to find, nothing to send.
        if (error.kind === 'not_found') {
          return {
            outcome: 'failed',
            code: E.postNotFound,
            reason: 'The post was deleted before the comment went out.',
          };
        }
        // It may have arrived: never sent again without a look that can tell.
        log.warn({ commentId: job.commentId, kind: error.kind, detail: error.detail }, 'could not look the comment up');
        if (error.credentialsLost) await reportDisconnected(this.deps, account, error, job.requestId);
        return { outcome: 'unconfirmed', reason: 'LinkedIn could not tell whether the comment arrived.' };
      }
      if (found) {
        log.info({ commentId: job.commentId }, 'an earlier run had sent the comment: not sent again');
        return { outcome: 'sent', networkCommentId: found.id || null, url: commentUrlOf(job.postId, found.id || null) };
      }
      if (Date.now() - Date.parse(job.since) < (this.deps.settleMs ?? 0)) {
        return { outcome: 'unconfirmed', reason: 'An earlier attempt may still reach LinkedIn.' };
      }
    }
    try {
      const sent = await provider.comment(accountId, job.postId, job.text);
      return { outcome: 'sent', networkCommentId: sent.commentId, url: commentUrlOf(job.postId, sent.commentId) };
    } catch (error) {
      if (!isProviderError(error)) throw error;
      log.warn({ commentId: job.commentId, kind: error.kind, detail: error.detail }, 'engage comment not sent');
      return this.refusal(account, error, job);
    }
  }

  /**
   * The member's comment with these words, not older than the first attempt, beyond the
   * `confirmedTwins` such comments engage already holds under other keys.
   */
  private async find(accountId: string, job: CommentJob): Promise<NetworkComment | null> {
    const list = this.deps.provider.listComments?.bind(this.deps.provider);
    if (!list) throw new Error('this network cannot list the comments of a post');
    const after = Date.parse(job.since) - CLOCK_SKEW_MS;
    const matches: NetworkComment[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < COMMENT_PAGES; page++) {
      const found = await list(accountId, job.postId, { cursor });
      for (const comment of found.items) {
        if (comment.actor !== accountId || !sameText(comment.text, job.text)) continue;
        if (comment.createdAt !== null && comment.createdAt < after) continue;
        matches.push(comment);
      }
      cursor = found.cursor;
      if (!cursor) break;
    }
    if (matches.length <= job.confirmedTwins) return null;
    return matches.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0] ?? null;
  }

  /** What the network refused, in Engage's codes: nothing was posted. */
  private async refusal(account: AccountRow, error: ProviderError, job: CommentJob): Promise<Answer> {
    if (error.credentialsLost) {
      await reportDisconnected(this.deps, account, error, job.requestId);
      return { outcome: 'failed', code: E.notConnected, reason: RECONNECT };
    }
    switch (error.kind) {
      case 'outcome_unknown':
        return { outcome: 'unconfirmed', reason: 'LinkedIn did not answer.' };
      case 'not_found':
        return { outcome: 'failed', code: E.postNotFound, reason: 'The post was deleted before the comment went out.' };
      case 'rate_limited': {
        const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
        return {
          outcome: 'failed',
          code: E.networkBusy,
          reason: `LinkedIn asked us to slow down for your account. Try again in ${seconds} seconds.`,
          seconds,
        };
      }
      case 'unavailable':
      case 'misconfigured':
        return { outcome: 'failed', code: E.networkUnavailable, reason: 'LinkedIn did not answer.' };
      case 'rejected':
        // *Unconfirmed*: the words LinkedIn uses for a comment over its limit; a length refusal is told as one.
        if (/too long|length|exceed/i.test(error.detail ?? error.message)) {
          return { outcome: 'failed', code: E.commentTooLong, reason: 'LinkedIn refused the comment as too long.' };
        }
        return { outcome: 'failed', code: E.sendFailed, reason: error.message.slice(0, 500) };
      default:
        return { outcome: 'failed', code: E.sendFailed, reason: error.message.slice(0, 500) };
    }
  }
}
