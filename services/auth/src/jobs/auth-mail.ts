import type { MagicLinks } from '../magic-links.js';
import { type MailJobDeps, notificationMailHandlers } from '../notifications/mail-jobs.js';
import type { Mailer } from '../providers/mailer.js';
import type { WorkspaceStore } from '../workspaces/workspace-store.js';
import { sendMagicLinkHandler } from './send-magic-link.js';
import { sendWorkspaceInvitationHandler } from './send-workspace-invitation.js';

export interface AuthMailDeps extends MailJobDeps {
  links: MagicLinks;
  mailer: Mailer;
  ttlSeconds: number;
  workspaces: WorkspaceStore;
}

/** The auth-mail queue: sign-in links, workspace invitations, notification mails and the digest. */
export function authMail(deps: AuthMailDeps) {
  const { links, mailer, publicUrl, ttlSeconds, workspaces } = deps;
  return [
    sendMagicLinkHandler({ links, mailer, publicUrl, ttlSeconds }),
    sendWorkspaceInvitationHandler({ workspaces, mailer, publicUrl }),
    ...notificationMailHandlers(deps),
  ];
}
