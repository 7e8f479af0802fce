import {
  type AssignableWorkspaceRole,
  type Locale,
  roleAtLeast,
  SCHEDULER_ROLE,
  type Workspace,
  type WorkspaceInvitation,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { sessionQuery, useSession } from '../../lib/api/auth';
import { workspacesApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';
import { chooseWorkspace, currentWorkspace, useCurrentWorkspace } from '../../session/current-workspace';

/** Every workspace query starts with this: a change anywhere reads them all again. */
const WORKSPACES_KEY = ['workspaces'] as const;
const membersKey = (id: string) => ['workspaces', id, 'members'] as const;
/** The account's workspaces with its role in each. */
export const WORKSPACES_LIST_KEY = [...WORKSPACES_KEY, 'list'] as const;

/** A workspace's members, and its waiting invitations when the caller manages it (else null). */
export interface WorkspaceTeam {
  members: WorkspaceMember[];
  invitations: WorkspaceInvitation[] | null;
}

/** After any change: the list, the roles in it and every team are read again. */
function useInvalidateWorkspaces() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
}

/**
 * The account's role in the workspace the tab works in: owner in its personal one; null while the
 * list is read (the server decides either way, and refuses what the role does not allow).
 */
export function useRoleHere(): WorkspaceRole | null {
  const current = useCurrentWorkspace();
  const workspaces = useWorkspaces();
  if (current === null) return 'owner';
  return workspaces.data?.find((workspace) => workspace.id === current)?.role ?? null;
}

/**
 * Whether the account schedules and publishes where the tab works (editors and up); yes while the
 * role is read (the server decides either way). A contributor or a viewer is offered neither.
 */
export function useMaySchedule(): boolean {
  const role = useRoleHere();
  return role === null || roleAtLeast(role, SCHEDULER_ROLE);
}

/** `GET /api/v1/workspaces`: the personal workspace first, then the others by name, with the caller's role in each. */
export const workspacesQuery = queryOptions({
  queryKey: WORKSPACES_LIST_KEY,
  queryFn: async (): Promise<Workspace[]> => (await call(workspacesApi.list)).data.workspaces,
});

export function useWorkspaces() {
  return useQuery(workspacesQuery);
}

/** `GET /api/v1/workspaces/{id}/members`: the owner first. */
export const workspaceTeamQuery = (id: string) =>
  queryOptions({
    queryKey: membersKey(id),
    queryFn: async (): Promise<WorkspaceTeam> => (await call(workspacesApi.members, { params: { id } })).data,
  });

export function useWorkspaceTeam(id: string) {
  return useQuery(workspaceTeamQuery(id));
}

/** `POST /api/v1/workspaces`: the caller owns the new one. */
export function useCreateWorkspace() {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: async (name: string) => (await call(workspacesApi.create, { body: { name } })).data.workspace,
    onSuccess: invalidate,
  });
}

/** `PATCH /api/v1/workspaces/{id}`: owner and admins. */
export function useRenameWorkspace() {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      (await call(workspacesApi.rename, { params: { id }, body: { name } })).data.workspace,
    onSuccess: invalidate,
  });
}

/** `POST /api/v1/workspaces/{id}/invitations`: the e-mail goes out in `lang`. */
export function useInviteToWorkspace(id: string) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: async (invitation: { email: string; role: AssignableWorkspaceRole; lang: Locale }) =>
      (await call(workspacesApi.invite, { params: { id }, body: invitation })).data.invitation,
    onSuccess: invalidate,
  });
}

/** `DELETE /api/v1/workspaces/{id}/invitations/{invitationId}`: its link stops working. */
export function useWithdrawInvitation(id: string) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (invitation: WorkspaceInvitation) =>
      call(workspacesApi.revokeInvitation, { params: { id, invitationId: invitation.id } }),
    onSettled: invalidate,
  });
}

/** `PUT /api/v1/workspaces/{id}/members/{userId}/role`. */
export function useChangeWorkspaceRole(id: string) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AssignableWorkspaceRole }) =>
      call(workspacesApi.changeRole, { params: { id, userId }, body: { role } }),
    onSettled: invalidate,
  });
}

/** `DELETE /api/v1/workspaces/{id}/members/{userId}`. */
export function useRemoveWorkspaceMember(id: string) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (member: WorkspaceMember) =>
      call(workspacesApi.removeMember, { params: { id, userId: member.userId } }),
    onSettled: invalidate,
  });
}

/** `POST /api/v1/workspaces/{id}/transfer`: the owner becomes an admin. */
export function useTransferWorkspace(id: string) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (member: WorkspaceMember) =>
      call(workspacesApi.transfer, { params: { id }, body: { userId: member.userId } }),
    onSettled: invalidate,
  });
}

/**
 * `POST /api/v1/workspaces/{id}/leave`: not the owner. Left the workspace worked in, the app works
 * in the personal one from then on (left on purpose: not announced as a workspace lost).
 */
export function useLeaveWorkspace() {
  const invalidate = useInvalidateWorkspaces();
  const switchTo = useSwitchWorkspace();
  return useMutation({
    mutationFn: (workspace: Workspace) => call(workspacesApi.leave, { params: { id: workspace.id } }),
    onSuccess: async (_, workspace) => {
      if (currentWorkspace() === workspace.id) await switchTo(null);
    },
    onSettled: invalidate,
  });
}

/**
 * Joins the workspace an e-mail invitation names, with the token of its link. The session is read
 * again: a member of someone else's workspace may use the app before setting up their own account.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: async (token: string) => (await call(workspacesApi.acceptInvitation, { body: { token } })).data,
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })]),
  });
}

/** What is the account's, whichever workspace it works in: who is signed in, and its workspaces. */
const ACCOUNT_KEYS = new Set(['auth', 'workspaces']);

/**
 * Moves this tab (and the tabs opened next) to `workspace`, null or the personal one for the
 * personal workspace, and drops what was read in the one before: every screen's data is read
 * again in the new one, the screen itself stays. Answers whether it moved.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  return useCallback(
    async (workspace: Workspace | null): Promise<boolean> => {
      const id = workspace && !workspace.personal ? workspace.id : null;
      if (id === currentWorkspace()) return false;
      const elsewhere = {
        predicate: (query: { queryKey: readonly unknown[] }) => !ACCOUNT_KEYS.has(String(query.queryKey[0])),
      };
      // A read still on its way in the workspace left would land in the new one's place.
      await queryClient.cancelQueries(elsewhere);
      chooseWorkspace(id, userId);
      void queryClient.resetQueries(elsewhere);
      return true;
    },
    [queryClient, userId],
  );
}

/**
 * The members of the workspace the tab works in (the personal one's id is the account's): who
 * wrote, reviewed or is mentioned, by e-mail.
 */
export function useMembersHere() {
  const current = useCurrentWorkspace();
  const { user } = useSession();
  const id = current ?? user?.id;
  return useQuery({ ...workspaceTeamQuery(id ?? 'none'), enabled: Boolean(id) });
}

/**
 * Works in the workspace a link names (`workspaceId`, an e-mail's link to a draft), when the account
 * belongs to it and the tab works elsewhere. Answers whether the tab works there now: false while the
 * workspaces are read or the switch is under way; true too when the link names none, or one the
 * account is not a member of (the page then shows what the server says in the tab's workspace).
 */
export function useWorkInLinked(workspaceId: string | undefined): boolean {
  const current = useCurrentWorkspace();
  const workspaces = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const target = workspaceId ? workspaces.data?.find((workspace) => workspace.id === workspaceId) : undefined;
  const here =
    !workspaceId || (target ? (target.personal ? current === null : current === target.id) : current === workspaceId);
  const unknown = Boolean(workspaceId) && !workspaces.isPending && !target;
  useEffect(() => {
    if (target && !here) void switchTo(target);
  }, [target, here, switchTo]);
  return here || unknown;
}
