import { z } from 'zod';
import { personalizationSchema } from '../auth/personalization.js';
import { defineEvent, defineJob, QUEUES } from './define.js';

const requestId = z.string().max(64).optional();
const userId = z.string().uuid();

/** auth → auth-worker: send a sign-in link. The worker mints the token, so no secret waits in Redis. */
export const sendMagicLinkJob = defineJob(
  QUEUES.authMail,
  'send-magic-link',
  z.object({ email: z.string().email(), lang: z.enum(['ar', 'en']), requestId }),
);

/** auth → ai: the user's personalization changed (the ai service keeps its own copy for prompts). */
export const personalizationUpdatedEvent = defineEvent(
  'personalization-updated',
  z.object({ userId, personalization: personalizationSchema, requestId }),
  [QUEUES.aiInbox],
);

/** linkedin → auth: a network account was connected (auth sets linkedinConnected). */
export const accountConnectedEvent = defineEvent('account-connected', z.object({ userId, requestId }), [
  QUEUES.authInbox,
]);

/** linkedin → auth, posts: the network refused the stored credentials; the user must reconnect. */
export const accountDisconnectedEvent = defineEvent(
  'account-disconnected',
  z.object({ userId, reason: z.string().max(500), requestId }),
  [QUEUES.authInbox, QUEUES.postsInbox],
);

/** posts-worker → linkedin-worker: publish this post now. The job id is `publish-{postId}`. */
export const publishPostJob = defineJob(
  QUEUES.linkedinPublish,
  'publish-post',
  z.object({
    postId: z.string().uuid(),
    userId,
    text: z.string().min(1).max(3000),
    /** Raised by every retry the user asks for, so a retried post gets a fresh job id. */
    attempt: z.number().int().min(1),
    requestId,
  }),
);

/** linkedin → posts: the network accepted the post. */
export const postPublishedEvent = defineEvent(
  'post-published',
  z.object({
    postId: z.string().uuid(),
    userId,
    networkPostId: z.string().max(200).nullable(),
    url: z.string().max(2000).nullable(),
    publishedAt: z.string().datetime(),
    requestId,
  }),
  [QUEUES.postsInbox],
);

/** linkedin → posts: the network refused the post; `permanent` failures are not retried. */
export const postPublishFailedEvent = defineEvent(
  'post-publish-failed',
  z.object({
    postId: z.string().uuid(),
    userId,
    reason: z.string().max(500),
    permanent: z.boolean(),
    requestId,
  }),
  [QUEUES.postsInbox],
);

/** posts → posts-worker: a scheduled post is due. Delayed job, id `due-{postId}-{version}`. */
export const postDueJob = defineJob(
  QUEUES.postsDue,
  'post-due',
  z.object({ postId: z.string().uuid(), version: z.number().int().min(1), requestId }),
);
