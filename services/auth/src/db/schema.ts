import { adminAuditTable } from '@nashr/platform';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always lower-cased, so one person never ends up with two accounts. */
    email: text('email').notNull().unique(),
    /** Recomputed from ADMIN_EMAILS at every sign-in. */
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    /** Stored in the read-back shape of the contracts (lists under `details`); null until saved. */
    personalization: jsonb('personalization'),
    /** Raised by every save; part of the event id so each change is delivered once. */
    personalizationVersion: integer('personalization_version').notNull().default(0),
    /** How the interface shows numbers and dates (contracts' `DisplayPreferences`); null until saved. */
    displayPreferences: jsonb('display_preferences'),
    /** Set only from the linkedin service's account events, never by the client. */
    linkedinConnected: boolean('linkedin_connected').notNull().default(false),
    /** When the event that set `linkedinConnected` was published: an older event never wins. */
    linkedinChangedAt: timestamp('linkedin_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/** Sign-in links. Only the SHA-256 of the token is kept, so a database leak opens no account. */
export const magicLinks = authSchema.table(
  'magic_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('magic_links_expires_at_idx').on(t.expiresAt)],
);

/**
 * What the user is told. `dedupeKey` is the event that caused it, so an event delivered twice
 * makes one notification. `email` follows it through the mail path: none (not mailed), urgent
 * (queued to send at once), digest (waits for the daily digest), sent, skipped (unsubscribed).
 */
export const notifications = authSchema.table(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    postId: uuid('post_id'),
    url: text('url'),
    reason: text('reason'),
    /** The declared code of the reason (`linkedin.rejected`), so the app can say it in the user's language. */
    reasonCode: text('reason_code'),
    /** A draft's review: the workspace, the draft, who acted (told by e-mail while the account lives) and the words shown. */
    workspaceId: uuid('workspace_id'),
    draftId: uuid('draft_id'),
    actorId: uuid('actor_id'),
    excerpt: text('excerpt'),
    email: text('email').notNull().default('none'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_digest_idx').on(t.userId).where(sql`${t.email} = 'digest'`),
    // A deleted account is forgotten as the actor of others' notifications too.
    index('notifications_actor_idx').on(t.actorId).where(sql`${t.actorId} is not null`),
    check('notifications_email_state', sql`${t.email} in ('none', 'urgent', 'digest', 'sent', 'skipped')`),
  ],
);

/** A user's notification choices; a user without a row has the defaults. */
export const notificationPreferences = authSchema.table('notification_preferences', {
  userId: uuid('user_id').primaryKey(),
  data: jsonb('data').notNull(),
  /** Random and unguessable: the unsubscribe links carry it, so they work without signing in. */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The devices a user receives push notifications on: one row per push service endpoint (the
 * endpoint is the device, so it is unique across users), with the keys its messages are
 * encrypted to. A push service that answers 404 or 410 has dropped it, and so is it here.
 */
export const pushSubscriptions = authSchema.table(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser and system it was registered from (`Chrome on Android`), for the user to tell devices apart. */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A user's webhook endpoints: an https address told of the chosen post events, each delivery
 * signed with the endpoint's secret. The secret is kept as it is (it signs every delivery) and
 * shown to the user once, at creation; the API never gives it again.
 */
export const webhookEndpoints = authSchema.table(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * Each delivery of an event to an endpoint: the body as signed (the same event id and body in
 * every attempt), and how its last attempt went. `trigger` says what made it: an event (one per
 * endpoint and event, however often the event arrives), a test, or a redelivery. An endpoint's
 * log keeps its newest WEBHOOK_DELIVERIES_KEPT; removing the endpoint removes its log.
 */
export const webhookDeliveries = authSchema.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    trigger: text('trigger').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    statusCode: integer('status_code'),
    excerpt: text('excerpt'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_once').on(t.endpointId, t.eventId).where(sql`${t.trigger} = 'event'`),
    check('webhook_deliveries_trigger', sql`${t.trigger} in ('event', 'test', 'redeliver')`),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'retrying', 'delivered', 'failed')`),
  ],
);

/** A member's role in a workspace; the contracts' `WORKSPACE_ROLES`. */
export const workspaceRole = authSchema.enum('workspace_role', ['owner', 'admin', 'editor', 'contributor', 'viewer']);

/**
 * What people work in together. Every account has a personal one (`personal_of` names the
 * account), made in the same statement that makes the account (a trigger on `users`), so no
 * account is ever without one. What belongs to a workspace elsewhere holds its id.
 *
 * A personal workspace's id is its account's id: every service can file what an account already
 * has under its personal workspace by a migration of its own, with no call to this one.
 */
export const workspaces = authSchema.table(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    personalOf: uuid('personal_of')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Rises with every change to its members (a trigger on `workspace_members`, from one sequence
     * for all workspaces): the version of the member list the services that keep work in
     * workspaces copy (`workspace-members-changed`).
     */
    membersVersion: bigint('members_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('workspaces_personal_is_account', sql`${t.personalOf} is null or ${t.id} = ${t.personalOf}`)],
);

/**
 * What each account's plan allows of workspaces, as billing last announced it
 * (`entitlement-changed`, the highest version kept). An account billing has not spoken of yet is
 * on the trial.
 */
export const workspacePlans = authSchema.table('workspace_plans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  /** False once the plan has ended: nothing new is shared until a plan is bought. */
  active: boolean('active').notNull(),
  workspaces: integer('workspaces').notNull(),
  seats: integer('seats').notNull(),
});

/**
 * Member lists changed and not yet announced (an outbox): the trigger that raises a workspace's
 * `members_version` writes its row in the same transaction as the change, and an announcement of
 * that version or a later one deletes it. A row left behind (the process stopped, or Redis failed,
 * between the commit and the announcement) is announced by the periodic sweep
 * (`workspace-members-announce-tick`). No key to `workspaces`: a workspace deleted is announced
 * too, with no members.
 */
export const workspaceMemberAnnouncements = authSchema.table(
  'workspace_member_announcements',
  {
    workspaceId: uuid('workspace_id').primaryKey(),
    /** The members version the change gave the workspace. */
    version: bigint('version', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_member_announcements_changed_at_idx').on(t.changedAt)],
);

/** Who belongs to a workspace, and as what. Exactly one owner each (the partial unique index). */
export const workspaceMembers = authSchema.table(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: workspaceRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    uniqueIndex('workspace_members_one_owner').on(t.workspaceId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * Invitations by e-mail. Only the SHA-256 of the link's token is kept, set when the mail is sent
 * (null until then). One waiting invitation per address and workspace; an accepted one stays, so
 * its link reads 'used'.
 */
export const workspaceInvitations = authSchema.table(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Lower-cased, like `users.email`. */
    email: text('email').notNull(),
    role: workspaceRole('role').notNull(),
    tokenHash: text('token_hash').unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('workspace_invitations_waiting').on(t.workspaceId, t.email).where(sql`${t.acceptedAt} is null`),
    check('workspace_invitations_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('workspace_invitations_not_owner', sql`${t.role} <> 'owner'`),
  ],
);

/** Sign-ins that carried the admin role: who, from where, when. */
export const adminAudit = adminAuditTable(authSchema);

export const schema = {
  users,
  magicLinks,
  notifications,
  notificationPreferences,
  pushSubscriptions,
  webhookEndpoints,
  webhookDeliveries,
  workspaceRole,
  workspaces,
  workspaceMembers,
  workspaceInvitations,
  workspacePlans,
  workspaceMemberAnnouncements,
  adminAudit,
};
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
