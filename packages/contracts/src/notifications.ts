import { z } from 'zod';
import { localeSchema } from './http.js';
import { defineJob, QUEUES } from './jobs/define.js';

/**
 * What the product tells a user about: a post published (link) or failed (reason and the action
 * that fixes it), a scheduled post that needs the user before its time, the network connection
 * lost or about to expire, the AI credits running low, Engage's autopilot stopping by itself, a refused payment refunded,
 * a draft's review in a shared workspace (a draft waiting for the user's review, changes asked of
 * the user's draft, the draft approved, a comment on it, the user mentioned), and a scheduled post
 * of a workspace the user manages that failed because the member who scheduled it may no longer
 * publish there (only a member who may publish can put it out again). Each kind can be shown
 * in the app, sent by e-mail and pushed to the user's devices, as the user prefers.
 */
export const NOTIFICATION_KINDS = [
  'post_published',
  'post_failed',
  'post_needs_attention',
  'account_disconnected',
  'credits_low',
  'connection_expiring',
  'autopilot_stopped',
  'checkout_refunded',
  'review_requested',
  'changes_requested',
  'draft_approved',
  'draft_commented',
  'mentioned',
  'team_post_failed',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Kinds e-mailed at once (within the hourly cap); the others wait for the daily digest. Of a draft's
 * review, what someone waits on is urgent (a draft to review, changes to make, a mention); an
 * approval or a comment can wait for the digest.
 */
export const URGENT_NOTIFICATION_KINDS: ReadonlySet<NotificationKind> = new Set([
  'post_failed',
  'post_needs_attention',
  'account_disconnected',
  'credits_low',
  'connection_expiring',
  'autopilot_stopped',
  'checkout_refunded',
  'review_requested',
  'changes_requested',
  'mentioned',
  'team_post_failed',
]);
/** At most this many e-mails at once per user and hour; the rest wait for the digest. */
export const URGENT_MAILS_PER_HOUR = 3;

export const notificationSchema = z.object({
  id: z.string().uuid(),
  kind: notificationKindSchema,
  /** The post concerned, when there is one. */
  postId: z.string().uuid().nullable(),
  /** The published post on the network. */
  url: z.string().nullable(),
  /** Why it failed, as the network or the product said it. */
  reason: z.string().nullable(),
  /** The declared code of that reason, when it has one: the app shows the words for it. */
  reasonCode: z.string().nullable(),
  /**
   * A draft's review: the workspace and the draft (its review page is `reviewPagePath(workspaceId, draftId)`);
   * a team's failed post: its workspace (the post is at `postPagePath(postId, workspaceId)`).
   */
  workspaceId: z.string().uuid().nullable(),
  draftId: z.string().uuid().nullable(),
  /**
   * Who did it (the member who asked for the review, commented, mentioned; who scheduled a team's
   * failed post), when it is still an account.
   */
  actorEmail: z.string().nullable(),
  /** The draft's first words, or the comment's. */
  excerpt: z.string().nullable(),
  createdAt: z.string().datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE = 30;

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ notifications: z.array(notificationSchema), unread: z.number().int().min(0) }),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const markReadRequestSchema = z.union([
  z
    .object({
      ids: z
        .array(z.string().uuid())
        .min(1)
        .max(NOTIFICATIONS_PAGE * 4),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;

/** Where one kind is told: the bell in the app, e-mail, and push to the devices the user turned push on for. */
const channelsSchema = z.object({ app: z.boolean(), email: z.boolean(), push: z.boolean() });

const channelsUpdateSchema = channelsSchema.partial().strict();

/** An IANA zone name the runtime knows (`Asia/Riyadh`). */
const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'is not a known time zone');

export const notificationPreferencesSchema = z.object({
  kinds: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsSchema])) as Record<
      NotificationKind,
      typeof channelsSchema
    >,
  ),
  /** The hour of the daily digest, in `timeZone`. */
  digestHour: z.number().int().min(0).max(23),
  timeZone: timeZoneSchema,
  /** The language of the e-mails: the interface language the user last chose. */
  locale: localeSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Saving preferences: any part of them (the web sends the language on its own when it changes). */
export const notificationPreferencesUpdateSchema = z
  .object({
    // Any channel of any kind: a client that knows only some channels leaves the others as they are.
    kinds: z
      .object(
        Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsUpdateSchema])) as Record<
          NotificationKind,
          typeof channelsUpdateSchema
        >,
      )
      .partial()
      .strict(),
    digestHour: notificationPreferencesSchema.shape.digestHour,
    timeZone: timeZoneSchema,
    locale: localeSchema,
  })
  .partial()
  .strict();
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** Push is on by default for the urgent kinds only: a phone buzzing for every published post would be noise. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  kinds: Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { app: true, email: true, push: URGENT_NOTIFICATION_KINDS.has(kind) }]),
  ) as NotificationPreferences['kinds'],
  digestHour: 8,
  timeZone: 'UTC',
  locale: 'ar',
};

export const notificationPreferencesResponseSchema = z.object({
  success: z.literal(true),
  data: notificationPreferencesSchema,
});

/** One-click unsubscribe from one kind of e-mail (the link in every notification e-mail). */
export const unsubscribeRequestSchema = z.object({
  token: z.string().min(20).max(200),
  kind: notificationKindSchema,
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

const requestId = z.string().max(64).optional();

/** auth → auth-worker: e-mail this notification now (urgent kinds). Job id `mail-{notificationId}`. */
export const sendNotificationMailJob = defineJob(
  QUEUES.authMail,
  'send-notification-mail',
  z.object({ notificationId: z.string().uuid(), requestId }),
);

/** Hourly: find the users whose digest hour it is and queue their digest. */
export const digestTickJob = defineJob(QUEUES.authMail, 'notification-digest-tick', z.object({}));

/** One user's daily digest. Job id `digest-{userId}-{local date}`, so a day sends one. */
export const sendDigestJob = defineJob(
  QUEUES.authMail,
  'send-notification-digest',
  z.object({ userId: z.string().uuid(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
);
