/** What other parts of the app may use from workspaces: the top bar's switcher and the account's role where the tab works. */

export { useShowsWorkspaceSwitcher, WorkspaceSwitcher } from './workspace-switcher';
export { useRoleHere } from './workspaces-api';
