import { type Database, type Logger, type Queues, WorkspaceMemberStore } from '@nashr/platform';
import { type schema, workspaceMembers, workspaceVersions } from './db/schema.js';
import { DraftService } from './drafts/draft-service.js';
import { DraftStore } from './drafts/draft-store.js';
import { PostQueues } from './jobs/post-queues.js';
import { PlanLimitStore } from './plan-limits/plan-limit-store.js';
import { PostService } from './post-service.js';
import { PostStore } from './post-store.js';
import { QueueLock } from './queue/queue-lock.js';
import { QueueService } from './queue/queue-service.js';
import { QueueStore } from './queue/queue-store.js';
import { ReviewNotices } from './review/review-notices.js';
import { ReviewService } from './review/review-service.js';
import { ReviewStore } from './review/review-store.js';

export interface PostsServicesDeps {
  database: Database<typeof schema>;
  /** Producer queues: a request connection in the API, a worker one in the worker. */
  queues: Queues;
  logger: Logger;
  /** Only posts due within it hold a delayed job (default: DEFAULT_SCHEDULE_HORIZON_MS). */
  scheduleHorizonMs?: number;
}

/** The service's parts, wired once and shared by the API and the worker. */
export function createServices({ database, queues, logger, scheduleHorizonMs }: PostsServicesDeps) {
  const store = new PostStore(database.db);
  const postQueues = new PostQueues(queues, logger, scheduleHorizonMs);
  const draftStore = new DraftStore(database.db);
  const planLimits = new PlanLimitStore(database.db);
  const posts = new PostService(store, postQueues, planLimits, new QueueLock(database.db, logger));
  const reviewStore = new ReviewStore(database.db);
  const members = new WorkspaceMemberStore(database.db, { workspaceMembers, workspaceVersions });
  const review = new ReviewService(reviewStore, draftStore, store, members, new ReviewNotices(queues, logger));
  return {
    store,
    queues: postQueues,
    planLimits,
    posts,
    /** Wired to `posts`: a queued post leaving the queue moves the later ones up, in the user's queue turn. */
    postingQueue: new QueueService(new QueueStore(database.db), posts, logger),
    draftStore,
    /** Wired to `review`: an approved draft saved with a change asks its reviewers again. */
    drafts: new DraftService(draftStore, reviewStore, review, (userId, identity) => store.writesAs(userId, identity)),
    /** Who belongs to which shared workspace, with what role (auth's copy). */
    members,
    reviewStore,
    /** The review of drafts, and the approval a workspace may require before anything goes out. */
    review,
  };
}
export type PostsServices = ReturnType<typeof createServices>;
