import { z } from 'zod';
import { localeSchema } from './http.js';
import { defineEvent, defineJob, QUEUES } from './jobs/define.js';

/**
 * Workspaces: every account has a personal one, and may make more and belong to several. A
 * workspace has exactly one owner; members hold one role each. People join by an e-mailed
 * invitation, accepted while signed in with the invited address.
 */

/** Strongest first. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** The roles an invitation or a role change may give: ownership passes only by a transfer. */
export const ASSIGNABLE_WORKSPACE_ROLES = ['admin', 'editor', 'contributor', 'viewer'] as const;
export const assignableWorkspaceRoleSchema = z.enum(ASSIGNABLE_WORKSPACE_ROLES);
export type AssignableWorkspaceRole = z.infer<typeof assignableWorkspaceRoleSchema>;

/** The roles that manage a workspace: rename it, invite, change roles, remove members. */
export const WORKSPACE_MANAGER_ROLES: readonly WorkspaceRole[] = ['owner', 'admin'];

export const WORKSPACE_NAME_MAX = 80;
/** How long an invitation link works. */
export const WORKSPACE_INVITATION_TTL_DAYS = 7;
/** The web page an invitation link opens; the token follows in the fragment, so no server logs it. */
export const WORKSPACE_ACCEPT_PATH = '/workspaces/accept';

export const WORKSPACE_ERROR_CODES = {
  /** Not a member of it, or it does not exist: the two are not told apart. */
  notFound: 'workspace.not_found',
  /** The `Nashr-Workspace` header names no workspace (not an id). */
  headerInvalid: 'workspace.header_invalid',
  /** params: role (the caller's) */
  roleTooLow: 'workspace.role_too_low',
  /** The account's plan allows no more workspaces (its `workspaces` limit). params: max */
  limitReached: 'workspace.limit_reached',
  alreadyMember: 'workspace.already_member',
  memberNotFound: 'workspace.member_not_found',
  invitationNotFound: 'workspace.invitation_not_found',
  invitationUsed: 'workspace.invitation_used',
  invitationExpired: 'workspace.invitation_expired',
  /** The invitation was sent to another address than the signed-in one. */
  invitationOtherAddress: 'workspace.invitation_other_address',
  /** The owner cannot leave: ownership must be transferred first. */
  lastOwner: 'workspace.last_owner',
  /** The owner's role is changed only by a transfer, and an admin cannot remove the owner. */
  ownerProtected: 'workspace.owner_protected',
  /** One's own role is not changed by oneself, nor is one removed by oneself (leave instead). */
  ownMembership: 'workspace.own_membership',
  /** The workspace has as many members (and invitations waiting) as its owner's plan allows. params: max */
  seatsTaken: 'workspace.seats_taken',
  /** A personal workspace stays its account's own: it is not transferred. */
  personal: 'workspace.personal',
  /**
   * A post's time came after the member who scheduled it left the workspace or lost the right to
   * schedule there (a failure reason): it goes out under no one's account who may no longer post.
   */
  publisherLeft: 'workspace.publisher_left',
} as const;

/** The words of the failure reason kept on a post refused at its time (WORKSPACE_ERROR_CODES.publisherLeft). */
export const PUBLISHER_LEFT_MESSAGE =
  'The member who scheduled it may no longer publish in this workspace, so it was not published';

/** A character that shows: a name of direction marks and spaces alone reads as none. */
const VISIBLE = /[^\p{Cf}\p{Z}\p{Cc}]/u;

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(WORKSPACE_NAME_MAX, `A name has at most ${WORKSPACE_NAME_MAX} characters`)
  .refine((name) => VISIBLE.test(name), 'Enter a name');

export const workspaceParamsSchema = z.object({ id: z.string().uuid() });
export const workspaceMemberParamsSchema = z.object({ id: z.string().uuid(), userId: z.string().uuid() });
export const workspaceInvitationParamsSchema = z.object({ id: z.string().uuid(), invitationId: z.string().uuid() });

export const createWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });
export const renameWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });

export const inviteToWorkspaceRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
  role: assignableWorkspaceRoleSchema,
  /** The language of the invitation e-mail. */
  lang: localeSchema.default('ar'),
});
export type InviteToWorkspaceRequest = z.input<typeof inviteToWorkspaceRequestSchema>;

export const changeWorkspaceRoleRequestSchema = z.object({ role: assignableWorkspaceRoleSchema });
export const transferWorkspaceRequestSchema = z.object({ userId: z.string().uuid() });
export const acceptWorkspaceInvitationRequestSchema = z.object({ token: z.string().min(1).max(200) });

/** A workspace as one of its members sees it in their list. */
export const workspaceSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /**
   * The caller's own workspace, made with their account. Another account's personal workspace
   * the caller joined is not: work there is named by its id like any shared workspace's.
   */
  personal: z.boolean(),
  /** The caller's role in it. */
  role: workspaceRoleSchema,
  createdAt: z.string().datetime(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceMemberSchema = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  joinedAt: z.string().datetime(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInvitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: assignableWorkspaceRoleSchema,
  expiresAt: z.string().datetime(),
  createdAt: z.string().datetime(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

export const workspacesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ workspaces: z.array(workspaceSchema) }),
});

export const workspaceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ workspace: workspaceSchema }),
});

export const workspaceMembersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    members: z.array(workspaceMemberSchema),
    /** The invitations still waiting: for the owner and admins; null for the other roles. */
    invitations: z.array(workspaceInvitationSchema).nullable(),
  }),
});

export const workspaceInvitationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ invitation: workspaceInvitationSchema }),
});

/**
 * auth → auth-mail: mail an invitation. The worker mints the link's token (only its hash is
 * stored), so no usable secret waits in Redis. Job id `workspace-invitation-{invitationId}`.
 */
export const sendWorkspaceInvitationJob = defineJob(
  QUEUES.authMail,
  'send-workspace-invitation',
  z.object({
    invitationId: z.string().uuid(),
    lang: localeSchema,
    requestId: z.string().max(64).optional(),
  }),
);

/**
 * The header a caller names the workspace it acts in with, on the endpoints that act within one
 * (those declaring `workspace` in the catalogue). Absent, the caller acts in its personal
 * workspace, whose id is its account's id. Not trusted as it stands: the owning service checks
 * the caller's membership in its own copy of the workspace's members.
 */
export const WORKSPACE_HEADER = 'nashr-workspace';

/** True when `role` may do what needs at least `needed` (roles are ordered strongest first). */
export const roleAtLeast = (role: WorkspaceRole, needed: WorkspaceRole): boolean =>
  WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(needed);

/** The least role that schedules and publishes in a workspace (the catalogue's posting endpoints ask it). */
export const SCHEDULER_ROLE: WorkspaceRole = 'editor';

export const workspaceMemberRoleSchema = z.object({ userId: z.string().uuid(), role: workspaceRoleSchema });

/**
 * auth → services that keep work in workspaces: the members of a workspace as they are now, whole
 * (an empty list: the workspace is gone). `version` rises with every change to them; a copy keeps
 * the highest and ignores older ones, so a late or repeated event changes nothing, and any later
 * event mends a copy that missed one. Published with the id `workspace-members-{workspaceId}-{version}`.
 * A personal workspace is announced once it has other members; its account is always its owner.
 */
export const workspaceMembersChangedEvent = defineEvent(
  'workspace-members-changed',
  z.object({
    workspaceId: z.string().uuid(),
    version: z.number().int().nonnegative(),
    members: z.array(workspaceMemberRoleSchema),
    requestId: z.string().max(64).optional(),
  }),
  [QUEUES.postsInbox, QUEUES.contentInbox],
);
export type WorkspaceMembersChanged = z.infer<typeof workspaceMembersChangedEvent.schema>;

/**
 * Every minute, in the auth worker: announce the member lists whose change is still in the outbox
 * a while after it (its announcement after the commit never went out).
 */
export const membersAnnounceTickJob = defineJob(QUEUES.authInbox, 'workspace-members-announce-tick', z.object({}));
export const MEMBERS_ANNOUNCE_SCHEDULE = { id: 'workspace-members-announce-tick', pattern: '* * * * *' } as const;
