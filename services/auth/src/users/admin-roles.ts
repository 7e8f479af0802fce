import type { IdentityChanges, SessionStore } from '@nashr/platform';
import { rolesFor, type UserStore } from './user-store.js';

/**
 * Makes ADMIN_EMAILS as configured now hold at once, not at each user's next sign-in: live sessions
 * and accounts get the roles it gives them, then the gateways hear of every account that changed,
 * so none keeps serving a role from memory. Run at start, before any request is served.
 */
export async function applyAdminEmails(deps: {
  users: UserStore;
  sessions: SessionStore;
  changes: IdentityChanges;
  adminEmails: ReadonlySet<string>;
}): Promise<void> {
  // Sessions first: a gateway that forgets a user re-reads their session, which must be right by then.
  const changed = await deps.sessions.reassignRoles((email) => rolesFor(email, deps.adminEmails));
  for (const userId of await deps.users.applyAdminEmails(deps.adminEmails)) changed.add(userId);
  for (const userId of changed) await deps.changes.userChanged(userId);
}
