import { WORKSPACE_MANAGER_ROLES, type Workspace, type WorkspaceMember } from '@nashr/contracts';

/**
 * What the screen offers a member, by their role, as the auth service allows it: the owner and
 * admins rename, invite, withdraw, change roles and remove (never the owner, never themselves);
 * the owner alone transfers ownership (not of a personal workspace); everyone but the owner may
 * leave. The server still refuses what a stale screen offers.
 */
export const managesWorkspace = (workspace: Pick<Workspace, 'role'>) =>
  WORKSPACE_MANAGER_ROLES.includes(workspace.role);

export const mayLeave = (workspace: Pick<Workspace, 'role'>) => workspace.role !== 'owner';

export interface MemberActions {
  changeRole: boolean;
  remove: boolean;
  transfer: boolean;
}

/** The buttons beside `member` for the signed-in user (`myUserId`) in `workspace`. */
export function memberActions(
  workspace: Pick<Workspace, 'role' | 'personal'>,
  myUserId: string | undefined,
  member: Pick<WorkspaceMember, 'userId' | 'role'>,
): MemberActions {
  const other = member.userId !== myUserId;
  const managed = managesWorkspace(workspace) && other && member.role !== 'owner';
  return {
    changeRole: managed,
    remove: managed,
    transfer: workspace.role === 'owner' && !workspace.personal && other,
  };
}
