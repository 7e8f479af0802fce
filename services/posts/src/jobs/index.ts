import { QUEUES } from '@nashr/contracts';
import { postsDue } from './posts-due.js';
import { postsInbox } from './posts-inbox.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = { [QUEUES.postsDue]: postsDue, [QUEUES.postsInbox]: postsInbox };

export { type PostsWorker, type PostsWorkerSettings, startPostsWorker } from './posts-worker.js';
