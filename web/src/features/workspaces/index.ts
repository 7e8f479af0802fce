/**
 * What other parts of the app may use from workspaces: the top bar's switcher, the account's role
 * where the tab works, the members there (by e-mail), and working in the workspace a link names.
 */

export { useShowsWorkspaceSwitcher, WorkspaceSwitcher } from './workspace-switcher';
export { useMaySchedule, useMembersHere, useRoleHere, useWorkInLinked } from './workspaces-api';
