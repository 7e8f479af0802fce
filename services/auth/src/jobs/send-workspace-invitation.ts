import { sendWorkspaceInvitationJob, WORKSPACE_ACCEPT_PATH, WORKSPACE_INVITATION_TTL_DAYS } from '@nashr/contracts';
import { handleJob } from '@nashr/platform';
import { workspaceInvitationMail } from '../mail/workspace-invitation-mail.js';
import type { Mailer } from '../providers/mailer.js';
import type { WorkspaceStore } from '../workspaces/workspace-store.js';
import { maskEmail } from './send-magic-link.js';

/** The link of an invitation mail: the app's accept page, the token in the fragment (no server logs it). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}${WORKSPACE_ACCEPT_PATH}#token=${encodeURIComponent(token)}`;

/**
 * Mints the invitation's token here, as the sign-in link's is, so no usable secret waits in Redis.
 * A retry after an SMTP failure mints a fresh token (the unsent one is replaced); an invitation
 * accepted, withdrawn or expired meanwhile is not mailed.
 */
export function sendWorkspaceInvitationHandler(deps: {
  workspaces: WorkspaceStore;
  mailer: Mailer;
  publicUrl: string;
}) {
  return handleJob(sendWorkspaceInvitationJob, async ({ invitationId, lang }, _job, log) => {
    const minted = await deps.workspaces.mintInvitationLink(invitationId);
    if (!minted) {
      log.info({ invitationId }, 'invitation no longer waiting: not mailed');
      return;
    }
    const { invitation, token, workspaceName, inviterEmail } = minted;
    const mail = workspaceInvitationMail(lang, invitationLink(deps.publicUrl, token), {
      workspaceName,
      inviterEmail,
      role: invitation.role,
      email: invitation.email,
      days: WORKSPACE_INVITATION_TTL_DAYS,
    });
    await deps.mailer.send({ to: invitation.email, lang, ...mail });
    log.info({ to: maskEmail(invitation.email), lang, invitationId }, 'workspace invitation sent');
  });
}
