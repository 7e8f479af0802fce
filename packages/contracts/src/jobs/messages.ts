import { z } from 'zod';
import { voiceTraitsSchema } from '../ai/voice.js';
import { personalizationSchema } from '../auth/personalization.js';
import { ENTITLEMENT_STATUSES, PLAN_IDS, planLimitsSchema } from '../billing/index.js';
import { AUTOPILOT_STOP_CODES } from '../engage/autopilot.js';
import {
  COMMENT_ORIGINS,
  ENGAGE_ERROR_CODES,
  ENGAGE_LANGUAGES,
  ENGAGE_LIMITS,
  SUGGESTION_SOURCES,
  suggestionSchema,
} from '../engage/index.js';
import { LINKEDIN_ERROR_CODES } from '../linkedin/errors.js';
import { MAX_DOCUMENT_TITLE_LENGTH, MAX_POST_IMAGES, MEDIA_TYPES, mediaMixProblem } from '../posts/media.js';
import { defineEvent, defineJob, defineRequest, QUEUES } from './define.js';

const requestId = z.string().max(64).optional();
const userId = z.string().uuid();
/** A network member as an opaque key (the linkedin service's `memberIdentity`). */
const networkIdentity = z.string().min(1).max(64);
/** When the owner stored a connection change (ms since the epoch): its stamp for read-your-writes. */
const changeStamp = z.number().int().nonnegative().optional();

/** auth → auth-worker: send a sign-in link. The worker mints the token, so no secret waits in Redis. */
export const sendMagicLinkJob = defineJob(
  QUEUES.authMail,
  'send-magic-link',
  z.object({ email: z.string().email(), lang: z.enum(['ar', 'en']), requestId }),
);

/**
 * auth → ai, engage: the user's personalization changed (the ai service keeps its own copy for
 * prompts; engage keeps the language and tone its comment suggestions follow).
 */
export const personalizationUpdatedEvent = defineEvent(
  'personalization-updated',
  z.object({
    userId,
    personalization: personalizationSchema,
    /** The owner's version of this change: copies keep the highest, and readers wait for theirs. */
    version: z.number().int().nonnegative().optional(),
    requestId,
  }),
  [QUEUES.aiInbox, QUEUES.engageInbox],
);

/**
 * ai → engage: the writer's voice was measured or corrected. Carries the traits in effect
 * (corrections win; null while too few posts were read), so comment suggestions follow the
 * writer's emoji and hashtag habits, length and paragraphing. `changedAt` (ms since the epoch)
 * orders the changes: copies keep the newest.
 */
export const voiceChangedEvent = defineEvent(
  'voice-changed',
  z.object({ userId, traits: voiceTraitsSchema.nullable(), changedAt: z.number().int().nonnegative(), requestId }),
  [QUEUES.engageInbox],
);

/**
 * linkedin → ai: the text of the user's published posts (newest first, at most 50), fetched from
 * the network, so the ai service can measure the writer's voice.
 */
export const publishedPostsFetchedEvent = defineEvent(
  'published-posts-fetched',
  z.object({ userId, posts: z.array(z.string().max(10_000)).max(50), requestId }),
  [QUEUES.aiInbox],
);

/**
 * ai → linkedin: enough new posts were published since the writer's voice was last measured
 * (`VOICE_REMEASURE_POSTS`): read the newest posts again and send them (`published-posts-fetched`).
 * Published with the id `voice-{userId}-{last measure ms}`, so one measure asks once.
 */
export const voiceMeasureRequestedEvent = defineEvent('voice-measure-requested', z.object({ userId, requestId }), [
  QUEUES.linkedinInbox,
]);

/**
 * linkedin → auth, posts, engage, linkedin: a network account was connected (auth sets
 * linkedinConnected; posts learns until when the connection works, to tell which scheduled posts
 * come after it; engage keeps which network holds the account, and the hosted API's account id,
 * sealed, to read and comment as the user; the linkedin worker starts taking the account's
 * analytics snapshots).
 */
export const accountConnectedEvent = defineEvent(
  'account-connected',
  z.object({
    userId,
    changedAt: changeStamp,
    /** When the connection's access ends (null: not known to end). */
    accessExpiresAt: z.string().datetime().nullable().optional(),
    /**
     * Which network provider holds the account, and for the hosted API (`unipile`) its account id:
     * an id, not a credential (calls also need the server's API key, which never leaves it).
     */
    network: z
      .object({
        provider: z.enum(['sandbox', 'unipile', 'linkedin']),
        accountId: z.string().min(1).max(200).nullable(),
      })
      .optional(),
    /**
     * Which network member the account signs in as (`memberIdentity`: an opaque key, not the
     * member's id): posts belong to one and never go out as another. Null when not known.
     */
    identity: networkIdentity.nullable().optional(),
    /**
     * The company pages added to the account, each an identity posts may be written as besides
     * the member's own. Announced again (a newer stamp) whenever one is added or removed.
     */
    pages: z
      .array(z.object({ identity: networkIdentity, name: z.string().max(200) }))
      .max(100)
      .optional(),
    requestId,
  }),
  [QUEUES.authInbox, QUEUES.postsInbox, QUEUES.engageInbox, QUEUES.linkedinInbox],
);

/**
 * linkedin → auth, posts, engage, linkedin: the network refused the stored credentials; the user
 * must reconnect (the linkedin worker stops the account's analytics snapshots until then).
 */
export const accountDisconnectedEvent = defineEvent(
  'account-disconnected',
  z.object({ userId, reason: z.string().max(500), changedAt: changeStamp, requestId }),
  [QUEUES.authInbox, QUEUES.postsInbox, QUEUES.engageInbox, QUEUES.linkedinInbox],
);

/** The reminders before a network connection expires: a week before, and the day before. */
export const CONNECTION_EXPIRY_REMINDERS = { '7d': 7 * 86_400_000, '1d': 86_400_000 } as const;
export type ConnectionExpiryReminder = keyof typeof CONNECTION_EXPIRY_REMINDERS;

/**
 * linkedin → auth: the user's network connection expires soon; they must reconnect before
 * `expiresAt`. Published with the id `{userId}-{expiresAt ms}-{reminder}`, so each reminder is
 * told once per expiry, and a new token (a later expiry) starts them again.
 */
export const connectionExpiringEvent = defineEvent(
  'connection-expiring',
  z.object({
    userId,
    expiresAt: z.string().datetime(),
    reminder: z.enum(['7d', '1d']),
    requestId,
  }),
  [QUEUES.authInbox],
);

/** Hourly on the linkedin worker: find the connections whose expiry comes within a reminder. */
export const connectionExpiryTickJob = defineJob(QUEUES.linkedinInbox, 'connection-expiry-tick', z.object({}));

/**
 * linkedin-worker, repeatable per connected account (scheduler id `analytics-snapshot-{userId}`,
 * every ANALYTICS_SNAPSHOT_HOURS, its start spread by the user id), and once at once when the
 * account connects (id `analytics-first-{userId}-{connected ms}`): read the recent posts' counters
 * and the profile's figures and keep them. The first snapshot of an account imports its history.
 */
export const analyticsSnapshotJob = defineJob(
  QUEUES.linkedinAnalytics,
  'analytics-snapshot',
  z.object({ userId, requestId }),
);

/** linkedin-worker, daily (scheduler `analytics-retention`): fold snapshots older than FINE_SNAPSHOT_DAYS into one a day. */
export const analyticsRetentionJob = defineJob(QUEUES.linkedinAnalytics, 'analytics-retention', z.object({}));

/** posts-worker → linkedin-worker: publish this post now. The job id is `publish-{postId}`. */
export const publishPostJob = defineJob(
  QUEUES.linkedinPublish,
  'publish-post',
  z.object({
    postId: z.string().uuid(),
    userId,
    text: z.string().min(1).max(3000),
    /** Posted as a comment on the post right after it is published, at most once. */
    firstComment: z.string().min(1).max(1250).optional(),
    /**
     * Images the post carries, in order, or its one document (a PDF, with its title): object-store
     * keys the network worker reads the files from.
     */
    attachments: z
      .array(
        z.object({
          key: z.string().min(1).max(300),
          contentType: z.enum(MEDIA_TYPES),
          title: z.string().min(1).max(MAX_DOCUMENT_TITLE_LENGTH).optional(),
        }),
      )
      .max(MAX_POST_IMAGES)
      .refine((items) => mediaMixProblem(items) === null, 'images or one document, never both')
      .optional(),
    /** Raised by every retry the user asks for, so a retried post gets a fresh job id. */
    attempt: z.number().int().min(1),
    /** The network member the post belongs to: the worker refuses to publish it as another. */
    identity: networkIdentity.optional(),
    requestId,
  }),
);

/** linkedin → posts, auth, ai: the network accepted the post (auth tells the user, ai counts it for the voice). */
export const postPublishedEvent = defineEvent(
  'post-published',
  z.object({
    postId: z.string().uuid(),
    userId,
    networkPostId: z.string().max(200).nullable(),
    url: z.string().max(2000).nullable(),
    publishedAt: z.string().datetime(),
    /** What became of the post's first comment, when it had one; a refused one leaves the post published. */
    firstComment: z
      .object({
        status: z.enum(['posted', 'failed']),
        reason: z.string().max(500).nullable().optional(),
        /** The declared code of the reason, for the web to translate. */
        code: z.string().max(100).optional(),
      })
      .optional(),
    requestId,
  }),
  // The ai service counts new posts to measure the writer's voice again once enough exist; the
  // auth service's webhooks tell the user's endpoints.
  [QUEUES.postsInbox, QUEUES.authInbox, QUEUES.aiInbox, QUEUES.authWebhooks],
);

/**
 * linkedin → posts, auth: the network refused the post; `permanent` failures are not retried
 * (auth tells the user, and the user's webhooks). posts → auth: its workspace held it at its time.
 */
export const postPublishFailedEvent = defineEvent(
  'post-publish-failed',
  z.object({
    postId: z.string().uuid(),
    userId,
    reason: z.string().max(500),
    /** The declared error code of the reason (`linkedin.rejected`), for the web to translate. */
    code: z.string().max(100).optional(),
    permanent: z.boolean(),
    /**
     * The post's workspace. A post held because its publisher may no longer publish there
     * (`workspace.publisher_left`) is told to that workspace's owners and admins too: only a
     * member who may publish can put it out.
     */
    workspaceId: z.string().uuid().optional(),
    requestId,
  }),
  [QUEUES.postsInbox, QUEUES.authInbox, QUEUES.authWebhooks],
);

/**
 * linkedin → posts: the network asked to wait (a 429, a member's daily limit): the post stays
 * handed over and goes out at `retryAt`, without using up a try. Published with the id
 * `{postId}-{attempt}-{retryAt ms}`; the posts service keeps the latest time of the current attempt.
 */
export const postPublishDelayedEvent = defineEvent(
  'post-publish-delayed',
  z.object({
    postId: z.string().uuid(),
    userId,
    attempt: z.number().int().min(1),
    retryAt: z.string().datetime(),
    /** The declared code of why (`linkedin.rate_limited`). */
    code: z.string().max(100).optional(),
    requestId,
  }),
  [QUEUES.postsInbox],
);

/**
 * linkedin → posts: an analytics snapshot found a published post deleted on the network (its
 * analytics answered 404), at `deletedAt`. Published with the id `{userId}-{networkPostId}`; the
 * posts service keeps the first time on the post it published there (telling it again changes
 * nothing).
 */
export const postDeletedOnNetworkEvent = defineEvent(
  'post-deleted-on-network',
  z.object({
    userId,
    networkPostId: z.string().min(1).max(200),
    deletedAt: z.string().datetime(),
    requestId,
  }),
  [QUEUES.postsInbox],
);

/**
 * Why a scheduled post cannot go out as it stands, each with the one action that fixes it: a lost
 * connection, a connection that will have expired by the post's time, and a connection that now
 * signs in as another network member than the post's;
 * later capabilities add theirs here (the plan's monthly limit reached, a media file missing), and the auth service's
 * `ATTENTION_CAUSES` says how each is told.
 */
export const POST_ATTENTION_CAUSES = ['account_disconnected', 'connection_expires', 'identity_changed'] as const;
export type PostAttentionCause = (typeof POST_ATTENTION_CAUSES)[number];

/** The declared code of each cause: the words the app and the e-mail show, and the action they offer. */
export const POST_ATTENTION_CODES = {
  account_disconnected: LINKEDIN_ERROR_CODES.reconnect,
  connection_expires: LINKEDIN_ERROR_CODES.expiresBeforePost,
  identity_changed: LINKEDIN_ERROR_CODES.identityChanged,
} as const satisfies Record<PostAttentionCause, string>;

/**
 * posts → auth: a scheduled post needs the user before its time. Published with the id
 * `{postId}-{cause}` (and, for an expiring connection, `-{expiry ms}`), so a post is told once
 * per cause (and expiry).
 */
export const postNeedsAttentionEvent = defineEvent(
  'post-needs-attention',
  z.object({
    postId: z.string().uuid(),
    userId,
    cause: z.enum(POST_ATTENTION_CAUSES),
    scheduledAt: z.string().datetime(),
    requestId,
  }),
  [QUEUES.authInbox, QUEUES.authWebhooks],
);

/**
 * ai → auth: a spend took the user's premium credits down to the low mark of their plan's grant
 * (`CREDITS_LOW_SHARE`). Published with the id `{userId}-{plan}-{grant start}`, so one grant
 * tells once however many drafts follow, and a refund that lifts the balance back changes nothing.
 */
export const creditsLowEvent = defineEvent(
  'credits-low',
  z.object({
    userId,
    remaining: z.number().int().nonnegative(),
    total: z.number().int().positive(),
    requestId,
  }),
  [QUEUES.authInbox],
);

/**
 * posts → auth: a new post was scheduled (for later, or "post now"); the user's webhooks are told.
 * Published with the id `{postId}-{version}`, so one scheduling tells once.
 */
export const postScheduledEvent = defineEvent(
  'post-scheduled',
  z.object({ postId: z.string().uuid(), userId, scheduledAt: z.string().datetime(), requestId }),
  [QUEUES.authWebhooks],
);

/** posts → posts-worker: a scheduled post is due. Delayed job, id `due-{postId}-{version}`. */
export const postDueJob = defineJob(
  QUEUES.postsDue,
  'post-due',
  z.object({ postId: z.string().uuid(), version: z.number().int().min(1), requestId }),
);

/**
 * auth → every service: the user deleted their account. The auth service has already removed the
 * user, their sessions and sign-in links; each subscriber removes its own data about the user
 * (rows, Redis keys, queued jobs) and must be idempotent, as a retried job runs again.
 */
export const userDeletedEvent = defineEvent(
  'user-deleted',
  z.object({ userId, email: z.string().email(), requestId }),
  [
    QUEUES.authInbox,
    QUEUES.linkedinInbox,
    QUEUES.postsInbox,
    QUEUES.aiInbox,
    QUEUES.billingInbox,
    QUEUES.contentInbox,
    QUEUES.engageInbox,
  ],
);

/**
 * auth → billing, waited for: 'Delete my account' ends the user's paid subscription at the
 * provider before anything is deleted. Billing cancels it at once (one attempt: the user
 * retries) and marks the plan ended, so the `user-deleted` handler does not cancel it again.
 * Answers the plan the user had and the subscription cancelled now (null: none was running).
 * Billing leaves alone a request older than `SUBSCRIPTION_END_WAIT_MS`: auth has refused by then.
 */
export const endSubscriptionForDeletionJob = defineRequest(
  QUEUES.billingInbox,
  'end-subscription-for-deletion',
  z.object({ userId, requestId }),
  z.object({ plan: z.enum(PLAN_IDS).nullable(), cancelled: z.string().nullable() }),
);
export type SubscriptionEndedForDeletion = z.infer<typeof endSubscriptionForDeletionJob.answer>;

/** How long 'Delete my account' waits for billing to end the subscription before refusing. */
export const SUBSCRIPTION_END_WAIT_MS = 15_000;

/** auth → billing: an account was created (billing starts its trial). Published with the id `{userId}`. */
export const userCreatedEvent = defineEvent(
  'user-created',
  // The address lets billing grant the trial once per person (it keeps only a keyed hash of it);
  // optional so events queued before it was added are still read.
  z.object({ userId, createdAt: z.string().datetime(), email: z.string().email().optional(), requestId }),
  [QUEUES.billingInbox],
);

/**
 * billing → posts, content, ai, engage, auth: what a user's plan allows changed (trial started, subscribed, renewed,
 * cancelled, expired). `version` rises with every change: copies keep the highest and ignore
 * older ones, so events arriving twice or out of order change nothing.
 */
export const entitlementChangedEvent = defineEvent(
  'entitlement-changed',
  z.object({
    userId,
    version: z.number().int().nonnegative(),
    plan: z.enum(PLAN_IDS),
    status: z.enum(ENTITLEMENT_STATUSES),
    /** Whether the plan's features are available (trialing, active, past due within grace). */
    active: z.boolean(),
    limits: planLimitsSchema,
    periodStart: z.string().datetime().nullable(),
    periodEnd: z.string().datetime().nullable(),
    requestId,
  }),
  [QUEUES.postsInbox, QUEUES.contentInbox, QUEUES.aiInbox, QUEUES.engageInbox, QUEUES.authInbox, QUEUES.linkedinInbox],
);
export type EntitlementChanged = z.infer<typeof entitlementChangedEvent.schema>;

/**
 * billing → billing-worker: a failed payment's grace period is over, the plan falls back as at the
 * end of a trial. Delayed job, id `grace-ended-{userId}-{version}`: it acts only when the
 * entitlement is still that version's past-due state.
 */
export const graceEndedJob = defineJob(
  QUEUES.billingInbox,
  'grace-ended',
  z.object({ userId, version: z.number().int().min(1) }),
);

/**
 * billing → billing-worker: a paid checkout was refused (stale, or a second subscription): cancel
 * the subscription it made at the provider and refund its payment. Id
 * `refused-subscription-{provider}-{subscriptionId}`; billing records each step, so a retried or
 * repeated job cancels and refunds once. No user id: deleting the account does not drop a refund owed.
 */
export const refusedSubscriptionJob = defineJob(
  QUEUES.billingInbox,
  'refused-subscription',
  z.object({ provider: z.string().min(1).max(100), subscriptionId: z.string().min(1).max(255) }),
);

/**
 * billing → auth: a paid checkout billing refused had its subscription cancelled and its payment
 * refunded; the user is told in the bell and by e-mail. `reason`: why it was refused (a checkout
 * replaced by a newer one, or a second subscription; null for a refusal recorded before reasons
 * were). Published with the id `{provider}-{subscriptionId}`, so one refund tells once.
 */
export const checkoutRefundedEvent = defineEvent(
  'checkout-refunded',
  z.object({
    userId,
    reason: z.enum(['stale', 'subscribed']).nullable(),
    refunds: z.number().int().positive(),
    requestId,
  }),
  [QUEUES.authInbox],
);

/**
 * billing-worker's sweep (every minute): entitlements changed and still unannounced half a minute
 * later (their announcement after the commit never went out) are announced.
 */
export const entitlementsAnnounceSweepJob = defineJob(
  QUEUES.billingInbox,
  'entitlements-announce-sweep',
  z.object({}).passthrough(),
);
export const ENTITLEMENTS_ANNOUNCE_SCHEDULE = { id: 'entitlements-announce-sweep', pattern: '* * * * *' } as const;

/**
 * billing-worker's sweep (every 15 minutes, and at start): refused subscriptions not settled yet
 * get their job again (one lost with Redis, or failed for good through a long provider outage).
 */
export const refusedSubscriptionsSweepJob = defineJob(
  QUEUES.billingInbox,
  'refused-subscriptions-sweep',
  z.object({}).passthrough(),
);

/**
 * ai → ai-worker: grant a user's AI credits for one billing period (the balance becomes the
 * plan's allowance). Published with the id `credits-renew-{userId}-{period start in ms}`, and the
 * worker records each user and period it renewed, so a repeated job grants nothing.
 */
export const creditsRenewJob = defineJob(
  QUEUES.aiInbox,
  'credits-renew',
  z.object({ userId, periodStart: z.string().datetime(), requestId }),
);

/**
 * ai-worker's hourly sweep: every active plan whose period has ended without billing announcing
 * the next one gets its renewal job for the period that follows (the same id billing's
 * announcement would give it, so the two never grant twice).
 */
export const creditsRenewalSweepJob = defineJob(QUEUES.aiInbox, 'credits-renewal-sweep', z.object({}).passthrough());

/**
 * engage-worker, repeatable per user (scheduler id `engage-refresh-{userId}`, its start spread by
 * the user id), and once at once when the user's people or topics change: fetch the followed
 * people's and topics' recent posts.
 */
export const engageRefreshJob = defineJob(
  QUEUES.engageFeed,
  'engage-refresh',
  z.object({
    userId,
    requestId,
    /**
     * Where a refresh paused for its account's rate goes on from: when it started, and how many of
     * the user's followed people and topics it has read. Absent on a new refresh.
     */
    progress: z.object({ startedAt: z.string().datetime(), done: z.number().int().min(0) }).optional(),
  }),
);

/**
 * engage-worker: ask for the comment suggestions of a feed post ahead. Job id
 * `suggest-{userId}-{postId}` for a new post; `rewrite` (the personalization's version or the
 * voice's change time) when the way the user writes changed, in the id too, so one change asks once.
 */
export const engageSuggestJob = defineJob(
  QUEUES.engageFeed,
  'engage-suggest',
  z.object({ userId, postId: z.string().min(1).max(200), rewrite: z.string().max(40).optional(), requestId }),
);

const engageLanguage = z.enum(ENGAGE_LANGUAGES);

/**
 * engage → ai-worker: write three comments (a question, an experience, a respectful counterpoint)
 * on one post of the user's feed, in `language`, in the user's voice and tone (the ai service's own
 * copies). `generation` names the request: engage keeps only the answer to the newest one. The
 * ai worker waits (by retrying) until its personalization copy holds `personalizationVersion`.
 * Job id `comments-{userId}-{postId}-{generation}`. Written on the standard model: no AI credit is spent.
 */
export const writeCommentSuggestionsJob = defineJob(
  QUEUES.aiComments,
  'write-comment-suggestions',
  z.object({
    userId,
    postId: z.string().min(1).max(200),
    generation: z.number().int().nonnegative(),
    language: engageLanguage,
    post: z.object({
      text: z.string().max(10_000),
      language: engageLanguage,
      authorName: z.string().max(300),
      authorHeadline: z.string().max(500),
    }),
    personalizationVersion: z.number().int().nonnegative().optional(),
    requestId,
  }),
);

/**
 * ai → engage-worker: the answer to `write-comment-suggestions`. `source` says who wrote them: a
 * model (`ai`) or the offline writer (no AI endpoint configured, or the endpoint failed).
 * Job id `comments-written-{userId}-{postId}-{generation}`.
 */
export const commentSuggestionsWrittenJob = defineJob(
  QUEUES.engageFeed,
  'comment-suggestions-written',
  z.object({
    userId,
    postId: z.string().min(1).max(200),
    generation: z.number().int().nonnegative(),
    language: engageLanguage,
    source: z.enum(SUGGESTION_SOURCES),
    model: z.string().max(100),
    items: z
      .array(suggestionSchema.extend({ text: z.string().min(1).max(ENGAGE_LIMITS.commentLength) }))
      .length(ENGAGE_LIMITS.suggestionsPerPost),
    requestId,
  }),
);

/**
 * engage-worker: one tick of a user's autopilot, due at `at` (ms since the epoch): it sends at
 * most one comment, then queues the next tick for when the next may go (spacing, working hours,
 * tomorrow's cap) as a delayed job, id `autopilot-{userId}-{at}`, so two chains that meet at the
 * same time become one. Saving the setting, and the worker's start, queue one for now.
 */
export const engageAutopilotJob = defineJob(
  QUEUES.engageAutopilot,
  'engage-autopilot-tick',
  z.object({ userId, at: z.number().int().nonnegative(), requestId }),
);

/**
 * engage → linkedin-worker: send one Engage comment as the member, through the official API (the
 * linkedin service holds the member's tokens). `commentId` is engage's row; the job id is
 * `engage-comment-{commentId}` and the job is removed once done, so a second request while one
 * is queued or running is dropped, and a later one (the answer never came) runs again. With
 * `check`, an earlier run may have reached the network: the post's comments are searched for this
 * one (the member's, these words, not before `since`, beyond `confirmedTwins` such comments
 * already known) before anything is sent.
 */
export const engageCommentJob = defineJob(
  QUEUES.linkedinPublish,
  'engage-comment',
  z.object({
    commentId: z.string().uuid(),
    userId,
    /** The post's URN on the network (`urn:li:activity:…`, `urn:li:share:…`, `urn:li:ugcPost:…`). */
    postId: z.string().min(1).max(200),
    text: z.string().min(1).max(ENGAGE_LIMITS.commentLength),
    since: z.string().datetime(),
    check: z.boolean(),
    confirmedTwins: z.number().int().nonnegative(),
    requestId,
  }),
);

/**
 * What the network answered to one Engage comment: `sent` (its id and link), `failed` (nothing was
 * posted: the engage error code says why, `seconds` when the network said how long to wait), or
 * `unconfirmed` (no answer: it is searched for before anything is sent again).
 */
export const ENGAGE_COMMENT_OUTCOMES = ['sent', 'failed', 'unconfirmed'] as const;

/**
 * linkedin → engage: the answer to `engage-comment`. Applying it is idempotent and a `sent` answer
 * wins over any other, so a repeated or late answer changes nothing (hence no job id of its own).
 */
export const engageCommentAnsweredEvent = defineEvent(
  'engage-comment-answered',
  z.object({
    commentId: z.string().uuid(),
    userId,
    outcome: z.enum(ENGAGE_COMMENT_OUTCOMES),
    networkCommentId: z.string().max(300).nullable().optional(),
    url: z.string().max(2000).nullable().optional(),
    reason: z.string().max(500).optional(),
    code: z.enum(Object.values(ENGAGE_ERROR_CODES) as [string, ...string[]]).optional(),
    seconds: z.number().int().nonnegative().optional(),
    requestId,
  }),
  [QUEUES.engageInbox],
);
export type EngageCommentAnswer = z.infer<typeof engageCommentAnsweredEvent.schema>;

/**
 * engage → auth: an Engage comment is on the network (sent by the user, or by the autopilot); the
 * user's webhooks are told. Published with the id `{commentId}`, so a comment is told once however
 * its answer arrives (directly, relayed, or found by a look-up after a lost answer).
 */
export const engageCommentSentEvent = defineEvent(
  'engage-comment-sent',
  z.object({
    commentId: z.string().uuid(),
    userId,
    /** The post's URN on the network, and its address. */
    postId: z.string().min(1).max(200),
    postUrl: z.string().max(2000),
    /** The comment's own address on the network, when it gave one. */
    url: z.string().max(2000).nullable(),
    text: z.string().min(1).max(ENGAGE_LIMITS.commentLength),
    origin: z.enum(COMMENT_ORIGINS),
    sentAt: z.string().datetime(),
    requestId,
  }),
  [QUEUES.authWebhooks],
);

/**
 * engage → auth: a user's autopilot stopped by itself (`reason`: the engage code of why, such as
 * its credits running out); the user is told in the bell. Published with the id
 * `{userId}-{stopped at ms}`, so one stop tells once.
 */
export const engageAutopilotStoppedEvent = defineEvent(
  'engage-autopilot-stopped',
  z.object({
    userId,
    reason: z.enum(AUTOPILOT_STOP_CODES),
    stoppedAt: z.string().datetime(),
    requestId,
  }),
  [QUEUES.authInbox],
);
