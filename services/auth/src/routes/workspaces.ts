import { API, WORKSPACE_ERROR_CODES as E, sendWorkspaceInvitationJob } from '@nashr/contracts';
import { AppError, announceChange, identityOf, type Queues, route, type ServiceApp } from '@nashr/platform';
import type { WorkspaceInvitationRow } from '../db/schema.js';
import { announceMembers } from '../workspaces/announce-members.js';
import type { AcceptRefusal, MyWorkspace, Refusal, WorkspaceStore } from '../workspaces/workspace-store.js';

export interface WorkspaceRouteDeps {
  workspaces: WorkspaceStore;
  queues: Queues;
}

/** Each refusal of the store as the answer the catalogue declares for it. */
const REFUSED: Record<Refusal | AcceptRefusal, (max?: number) => AppError> = {
  not_found: () =>
    new AppError('NOT_FOUND', 'This workspace does not exist, or you are not a member of it', { code: E.notFound }),
  role_too_low: () =>
    new AppError('FORBIDDEN', 'Your role in this workspace does not allow this', { code: E.roleTooLow }),
  member_not_found: () =>
    new AppError('NOT_FOUND', 'This person is not a member of the workspace', { code: E.memberNotFound }),
  owner_protected: () =>
    new AppError('FORBIDDEN', "The owner's role changes only when the owner transfers ownership", {
      code: E.ownerProtected,
    }),
  own_membership: () =>
    new AppError('CONFLICT', 'Your own membership changes by leaving the workspace or transferring ownership', {
      code: E.ownMembership,
    }),
  last_owner: () =>
    new AppError('CONFLICT', 'The owner cannot leave the workspace: transfer ownership to another member first', {
      code: E.lastOwner,
    }),
  personal: () => new AppError('CONFLICT', 'A personal workspace cannot be transferred', { code: E.personal }),
  already_member: () =>
    new AppError('CONFLICT', 'This person is already a member of the workspace', { code: E.alreadyMember }),
  limit_reached: (max = 1) =>
    new AppError('CONFLICT', `Your plan allows ${max} workspaces: remove one or choose a larger plan`, {
      code: E.limitReached,
      params: { max },
    }),
  seats_taken: (max = 1) =>
    new AppError(
      'CONFLICT',
      `The owner's plan allows ${max} members in this workspace, invitations waiting included: withdraw one or choose a larger plan`,
      { code: E.seatsTaken, params: { max } },
    ),
  invitation_not_found: () =>
    new AppError('NOT_FOUND', 'This invitation does not exist or was withdrawn', { code: E.invitationNotFound }),
  invitation_used: () => new AppError('CONFLICT', 'This invitation was already accepted', { code: E.invitationUsed }),
  invitation_expired: () =>
    new AppError('CONFLICT', 'This invitation has expired: ask for a new one', { code: E.invitationExpired }),
  other_address: () =>
    new AppError('FORBIDDEN', 'This invitation was sent to another e-mail address: sign in with that address', {
      code: E.invitationOtherAddress,
    }),
};

/** The value of an outcome, or its refusal thrown as the declared answer. */
function accepted<T>(outcome: { refused: Refusal | AcceptRefusal; max?: number | undefined } | { ok: T }): T {
  if ('refused' in outcome) throw REFUSED[outcome.refused](outcome.max);
  return outcome.ok;
}

const shownWorkspace = (row: MyWorkspace) => ({
  id: row.id,
  name: row.name,
  // The caller's own: another account's personal workspace the caller joined is shared with them
  // (its owner is always its account: a personal workspace is never transferred).
  personal: row.personalOf !== null && row.role === 'owner',
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

const shownInvitation = (row: WorkspaceInvitationRow) => ({
  id: row.id,
  email: row.email,
  role: row.role as Exclude<typeof row.role, 'owner'>,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Workspaces, members and invitations. Every role is read from the database inside the change it
 * allows, so a member removed a moment ago can no longer act; a workspace the caller is not a
 * member of answers 404 like one that does not exist.
 */
export function workspaceRoutes(app: ServiceApp, { workspaces, queues }: WorkspaceRouteDeps): void {
  const announce = (workspaceId: string, requestId: string) =>
    announceMembers(workspaces, queues, [workspaceId], requestId);

  route(app, API.workspaces.list, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await workspaces.list(identityOf(request).userId);
    return { success: true as const, data: { workspaces: rows.map(shownWorkspace) } };
  });

  route(app, API.workspaces.create, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const workspace = accepted(await workspaces.create(userId, request.body.name));
    // The caller's next requests to the posts service wait until its copy knows them as the owner.
    announceChange(reply, 'memberships', await announce(workspace.id, request.id));
    request.log.info({ userId, workspaceId: workspace.id }, 'workspace made');
    reply.status(201);
    return { success: true as const, data: { workspace: shownWorkspace(workspace) } };
  });

  route(app, API.workspaces.rename, { checkResponses: true }, async (request) => {
    const { userId } = identityOf(request);
    const workspace = accepted(await workspaces.rename(userId, request.params.id, request.body.name));
    return { success: true as const, data: { workspace: shownWorkspace(workspace) } };
  });

  route(app, API.workspaces.members, { checkResponses: true }, async (request, reply) => {
    const found = await workspaces.members(identityOf(request).userId, request.params.id);
    if (!found) throw REFUSED.not_found();
    reply.header('cache-control', 'no-store');
    return {
      success: true as const,
      data: {
        members: found.members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
        invitations: found.invitations?.map(shownInvitation) ?? null,
      },
    };
  });

  route(app, API.workspaces.invite, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const { email, role, lang } = request.body;
    const invitation = accepted(await workspaces.invite(userId, request.params.id, { email, role }));
    // Inviting the same address again makes a new invitation, so each sending has its own id.
    await queues.enqueue(
      sendWorkspaceInvitationJob,
      { invitationId: invitation.id, lang, requestId: request.id },
      { jobId: `workspace-invitation-${invitation.id}`, removeOnComplete: true },
    );
    request.log.info({ userId, workspaceId: request.params.id, invitationId: invitation.id, role }, 'invitation made');
    reply.status(201);
    return { success: true as const, data: { invitation: shownInvitation(invitation) } };
  });

  route(app, API.workspaces.revokeInvitation, {}, async (request) => {
    const { id, invitationId } = request.params;
    accepted(await workspaces.revokeInvitation(identityOf(request).userId, id, invitationId));
    return { success: true as const, message: 'The invitation is withdrawn' };
  });

  route(app, API.workspaces.acceptInvitation, { checkResponses: true }, async (request, reply) => {
    const { userId, email } = identityOf(request);
    const workspace = accepted(await workspaces.accept({ id: userId, email }, request.body.token));
    announceChange(reply, 'memberships', await announce(workspace.id, request.id));
    request.log.info({ userId, workspaceId: workspace.id, role: workspace.role }, 'invitation accepted');
    return { success: true as const, data: { workspace: shownWorkspace(workspace) } };
  });

  route(app, API.workspaces.changeRole, {}, async (request) => {
    const { id, userId: memberId } = request.params;
    const { userId } = identityOf(request);
    accepted(await workspaces.changeRole(userId, id, memberId, request.body.role));
    await announce(id, request.id);
    request.log.info({ userId, workspaceId: id, memberId, role: request.body.role }, 'member role changed');
    return { success: true as const, message: 'The role is changed' };
  });

  route(app, API.workspaces.removeMember, {}, async (request) => {
    const { id, userId: memberId } = request.params;
    const { userId } = identityOf(request);
    accepted(await workspaces.removeMember(userId, id, memberId));
    await announce(id, request.id);
    request.log.info({ userId, workspaceId: id, memberId }, 'member removed');
    return { success: true as const, message: 'The member is removed' };
  });

  route(app, API.workspaces.leave, {}, async (request) => {
    const { userId } = identityOf(request);
    accepted(await workspaces.leave(userId, request.params.id));
    await announce(request.params.id, request.id);
    request.log.info({ userId, workspaceId: request.params.id }, 'workspace left');
    return { success: true as const, message: 'You left the workspace' };
  });

  route(app, API.workspaces.transfer, {}, async (request) => {
    const { userId } = identityOf(request);
    accepted(await workspaces.transfer(userId, request.params.id, request.body.userId));
    await announce(request.params.id, request.id);
    request.log.info({ userId, workspaceId: request.params.id, to: request.body.userId }, 'ownership transferred');
    return { success: true as const, message: 'Ownership is transferred' };
  });
}
