import {
  accountConnectedEvent,
  accountDisconnectedEvent,
  entitlementChangedEvent,
  postDeletedOnNetworkEvent,
  postPublishDelayedEvent,
  postPublishedEvent,
  postPublishFailedEvent,
  QUEUES,
  userDeletedEvent,
} from '@nashr/contracts';
import {
  copyWorkspaceMembers,
  forgetJobs,
  handleJob,
  jobOfUser,
  type Queues,
  type WorkspaceMemberStore,
} from '@nashr/platform';
import { ConnectionExpiry } from '../connection-expiry.js';
import type { UserMedia } from '../media/user-media.js';
import type { PlanLimitStore } from '../plan-limits/plan-limit-store.js';
import type { PostStore } from '../post-store.js';
import type { ReviewStore } from '../review/review-store.js';

/** The network's answers. Each may arrive twice (events are at-least-once); both are idempotent. */
export function postsInbox(
  store: PostStore,
  queues: Queues,
  planLimits: PlanLimitStore,
  userMedia: UserMedia,
  members: WorkspaceMemberStore,
  review: ReviewStore,
) {
  const expiry = new ConnectionExpiry(store, queues);
  /**
   * A workspace that is gone (a personal one with its account; a shared one with its last member):
   * its posts, drafts, histories and rule go, rows first (the reconciler cannot re-create a due job
   * for a post that is gone), then its posts' due jobs. Returns the ids of the posts deleted.
   */
  const forgetWorkspace = async (workspaceId: string): Promise<{ posts: Set<string>; forgotten: number }> => {
    const deleted = new Set(await store.deleteWorkspace(workspaceId));
    await review.deleteWorkspace(workspaceId);
    const forgotten = deleted.size
      ? await forgetJobs(queues.get(QUEUES.postsDue), (data) => deleted.has(data.postId as string), [...deleted])
      : 0;
    return { posts: deleted, forgotten };
  };
  return [
    // The connection's end, kept to judge posts scheduled later; the posts already scheduled
    // after it are marked (and told) now. A reconnection with a later end clears their mark and
    // keeps them as they are.
    // A reconnection as another member marks the posts of the member before (they never go out
    // as someone else); connecting that member again clears the mark.
    // A page removed marks its posts the same way; adding it again clears the mark.
    handleJob(
      accountConnectedEvent,
      async ({ userId, changedAt, accessExpiresAt, identity, pages, requestId }, job, log) => {
        const end = accessExpiresAt ? new Date(accessExpiresAt) : null;
        const stamp = new Date(changedAt ?? job.timestamp);
        const newest = await store.recordConnection(userId, end, stamp, identity, pages);
        const connection = newest ? await store.connection(userId) : null;
        const told = connection ? await expiry.connectionChanged(userId, connection, requestId) : 0;
        log.info({ userId, newest, told }, 'network connection end known');
        return { told };
      },
    ),
    handleJob(
      postPublishedEvent,
      async ({ postId, userId, networkPostId, url, publishedAt, firstComment }, _job, log) => {
        const post = await store.markPublished(postId, userId, {
          networkPostId,
          url,
          publishedAt: new Date(publishedAt),
          ...(firstComment ? { firstComment } : {}),
        });
        if (post) {
          // Once, by the product: only the first published event finds the post not yet published.
          await review.recordPublished(post.id);
          log.info({ postId, lateMs: post.publishedAt!.getTime() - post.scheduledAt.getTime() }, 'post published');
        } else {
          log.debug({ postId }, 'published event for a post already published (or unknown)');
        }
        return { updated: Boolean(post) };
      },
    ),
    handleJob(postPublishFailedEvent, async ({ postId, userId, reason, code, permanent }, _job, log) => {
      const post = await store.markFailed(postId, reason, { userId, code });
      log.info({ postId, permanent, updated: Boolean(post) }, 'post publish failed');
      return { updated: Boolean(post) };
    }),
    // Scheduled posts stay scheduled, marked as needing attention: the user may reconnect before
    // they are due (which clears the mark), and each one is told ahead of its time (once per post
    // and cause, by the event's id). If the user does not reconnect, the network worker refuses
    // them with a reason they can act on, and they can be retried. A late event changes nothing.
    handleJob(accountDisconnectedEvent, async ({ userId, changedAt, requestId }, job, log) => {
      const newest = await store.recordDisconnection(userId, new Date(changedAt ?? job.timestamp));
      const connection = newest ? await store.connection(userId) : null;
      const marked = connection ? await expiry.connectionChanged(userId, connection, requestId) : 0;
      log.info({ userId, newest, scheduledPosts: marked }, 'network account disconnected');
      return { scheduledPosts: marked };
    }),
    // The network asked to wait: the post stays handed over and shows when it is tried again.
    handleJob(postPublishDelayedEvent, async ({ postId, userId, attempt, retryAt }, _job, log) => {
      const post = await store.markDelayed(postId, userId, attempt, new Date(retryAt));
      log.info({ postId, retryAt, updated: Boolean(post) }, 'post publishing later');
      return { updated: Boolean(post) };
    }),
    // A published post found deleted on the network: the posts list says so, with the first time told.
    handleJob(postDeletedOnNetworkEvent, async ({ userId, networkPostId, deletedAt }, _job, log) => {
      const post = await store.markDeletedOnNetwork(userId, networkPostId, new Date(deletedAt));
      log.info({ postId: post?.id, updated: Boolean(post) }, 'post deleted on the network');
      return { updated: Boolean(post) };
    }),
    // Its personal workspace goes with it; what it wrote in shared ones stays with their teams
    // (a shared workspace it leaves empty is announced with no members, below).
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      await store.deleteUser(userId);
      const personal = await forgetWorkspace(userId);
      await planLimits.deleteUser(userId);
      // Auth announces each of its workspaces' new member lists too; this does not wait for them.
      await members.deleteUser(userId);
      // Their review comments go; what they did stays in the drafts' histories, by no one.
      await review.deleteUser(userId);
      const forgotten =
        personal.forgotten + (await forgetJobs(queues.get(QUEUES.postsInbox), jobOfUser(userId), [userId]));
      // Last: a failure retries the job, and the posts (and their due jobs) are already gone by then.
      const files = await userMedia.forget(userId);
      log.info({ userId, posts: personal.posts.size, forgotten, files }, 'deleted account: posts removed');
      if (files.failed > 0) throw new Error(`${files.failed} uploaded files of a deleted account not deleted yet`);
      return { posts: personal.posts.size, forgotten, files: files.deleted };
    }),
    // The user's plan changed: keep the newest copy of its limits (older or repeated events change nothing).
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const stored = await planLimits.apply(event);
      log.info({ userId: event.userId, version: event.version, plan: event.plan, stored }, 'plan limits copied');
      return { stored };
    }),
    // A shared workspace's members changed: keep the newest whole list; one that is gone takes
    // its posts, drafts and rule with it.
    copyWorkspaceMembers(members, async (workspaceId) => ({
      postsDeleted: (await forgetWorkspace(workspaceId)).posts.size,
    })),
  ];
}
