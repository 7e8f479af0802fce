import {
  ASSIGNABLE_WORKSPACE_ROLES,
  type AssignableWorkspaceRole,
  inviteToWorkspaceRequestSchema,
  WORKSPACE_INVITATION_TTL_DAYS,
  type Workspace,
  type WorkspaceInvitation,
  type WorkspaceMember,
} from '@nashr/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useSession } from '../../lib/api/auth';
import { sayOutcome } from '../../lib/say-outcome';
import { useConfirmedRemoval } from '../../lib/use-confirmed-removal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSentForm } from '../../lib/use-sent-form';
import { Button } from '../../ui/button';
import { DangerOutlineButton } from '../../ui/danger-outline-button';
import { Dated } from '../../ui/dated';
import { fieldClass } from '../../ui/dialog-frame';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { Loaded } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { managesWorkspace, mayLeave, memberActions } from './workspace-permissions';
import {
  useChangeWorkspaceRole,
  useInviteToWorkspace,
  useLeaveWorkspace,
  useRemoveWorkspaceMember,
  useTransferWorkspace,
  useWithdrawInvitation,
  useWorkspaceTeam,
} from './workspaces-api';

/** What the invite form asks; the invitation e-mail's language is the inviter's. */
const inviteFieldsSchema = inviteToWorkspaceRequestSchema.omit({ lang: true });

function InviteForm({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useTranslation('workspaces');
  const id = useId();
  const invite = useInviteToWorkspace(workspace.id);
  // Checked by the API's own schema: the form asks for what the server would refuse.
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useSchemaForm(inviteFieldsSchema, {
    defaultValues: { email: '', role: 'editor' },
  });
  const sending = {
    isPending: invite.isPending,
    mutateAsync: (fields: z.output<typeof inviteFieldsSchema>) =>
      invite.mutateAsync({ ...fields, lang: i18n.language === 'en' ? 'en' : 'ar' }),
  };
  const { submit, refusal } = useSentForm(handleSubmit, sending, (invitation) => {
    resetField('email');
    toast.success(t('screen.invite.sent', { email: invitation.email }));
  });
  const problem = errors.email ? t('screen.invite.emailInvalid') : refusal;

  return (
    <form onSubmit={submit} noValidate className="mt-4 rounded-2xl bg-slate-50 p-4" data-testid="workspace-invite-form">
      <h4 className="font-semibold text-ink">{t('screen.invite.title')}</h4>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t('screen.invite.hint', { count: WORKSPACE_INVITATION_TTL_DAYS })}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_11rem]">
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-700">
            {t('screen.invite.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            dir="ltr"
            inputMode="email"
            autoComplete="off"
            {...register('email')}
            {...fieldProblemProps(`${id}-problem`, problem, `${id}-hint`)}
            className={`${fieldClass} mt-1 text-start`}
            data-testid="workspace-invite-email"
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-700">
            {t('screen.invite.role')}
          </label>
          <select
            id={`${id}-role`}
            {...register('role')}
            className={`${fieldClass} mt-1`}
            data-testid="workspace-invite-role"
          >
            {ASSIGNABLE_WORKSPACE_ROLES.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldProblem id={`${id}-problem`} problem={problem} data-testid="workspace-invite-problem" />
      <Button
        type="submit"
        disabled={invite.isPending}
        variant="primary"
        size="lg"
        className="mt-3"
        data-testid="workspace-invite"
      >
        {invite.isPending && <Spinner className="size-4 border-2" label={t('screen.invite.pending')} />}
        {t('screen.invite.submit')}
      </Button>
    </form>
  );
}

function MemberRow({
  workspace,
  member,
  me,
  onRemove,
  onTransfer,
}: {
  workspace: Workspace;
  member: WorkspaceMember;
  me: string | undefined;
  onRemove: (member: WorkspaceMember) => void;
  onTransfer: (member: WorkspaceMember) => void;
}) {
  const { t } = useTranslation('workspaces');
  const changeRole = useChangeWorkspaceRole(workspace.id);
  const actions = memberActions(workspace, me, member);
  const change = (role: AssignableWorkspaceRole) =>
    sayOutcome(
      () => changeRole.mutateAsync({ userId: member.userId, role }),
      () => t('screen.members.roleChanged', { email: member.email, role: t(`roles.${role}`) }),
    );
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
      data-testid="workspace-member"
      data-role={member.role}
    >
      <div className="min-w-0 flex-1">
        <p className="break-all text-sm font-semibold text-ink">
          <bdi data-testid="workspace-member-email">{member.email}</bdi>
          {member.userId === me && <span className="ms-1 font-normal text-slate-500">{t('screen.members.you')}</span>}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {!actions.changeRole && <span data-testid="workspace-member-role">{t(`roles.${member.role}`)} · </span>}
          <Dated ns="workspaces" i18nKey="screen.members.joinedAt" date={member.joinedAt} />
        </p>
      </div>
      {(actions.changeRole || actions.remove || actions.transfer) && (
        <div className="flex flex-wrap items-center gap-2">
          {actions.changeRole && (
            <select
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(event) => void change(event.target.value as AssignableWorkspaceRole)}
              aria-label={t('screen.members.roleLabel', { email: member.email })}
              className="rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
              data-testid="workspace-member-role-select"
            >
              {ASSIGNABLE_WORKSPACE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`roles.${option}`)}
                </option>
              ))}
            </select>
          )}
          {actions.transfer && (
            <Button
              onClick={() => onTransfer(member)}
              aria-label={t('screen.members.transferLabel', { email: member.email })}
              variant="secondary"
              size="sm"
              data-testid="workspace-member-transfer"
            >
              {t('screen.members.transfer')}
            </Button>
          )}
          {actions.remove && (
            <DangerOutlineButton
              onClick={() => onRemove(member)}
              aria-label={t('screen.members.removeLabel', { email: member.email })}
              data-testid="workspace-member-remove"
            >
              {t('screen.members.remove')}
            </DangerOutlineButton>
          )}
        </div>
      )}
    </li>
  );
}

function InvitationRow({
  invitation,
  onWithdraw,
  busy,
}: {
  invitation: WorkspaceInvitation;
  onWithdraw: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="workspace-invitation">
      <div className="min-w-0 flex-1">
        <p className="break-all text-sm font-semibold text-ink">
          <bdi data-testid="workspace-invitation-email">{invitation.email}</bdi>
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          <span data-testid="workspace-invitation-role">{t(`roles.${invitation.role}`)}</span>
          {' · '}
          <Dated ns="workspaces" i18nKey="screen.invitations.expires" date={invitation.expiresAt} />
        </p>
      </div>
      <Button
        onClick={onWithdraw}
        disabled={busy}
        aria-label={t('screen.invitations.withdrawLabel', { email: invitation.email })}
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        data-testid="workspace-invitation-withdraw"
      >
        {t('screen.invitations.withdraw')}
      </Button>
    </li>
  );
}

/**
 * The chosen workspace's members and waiting invitations, with what the user's role there allows:
 * invite, withdraw, change a role, remove, transfer ownership, leave. Questions come before what
 * cannot be undone; the focus then goes to the list the change touched.
 */
export function WorkspaceTeamPanel({ workspace, onLeft }: { workspace: Workspace; onLeft: () => void }) {
  const { t } = useTranslation('workspaces');
  const { user } = useSession();
  const team = useWorkspaceTeam(workspace.id);
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  const remove = useRemoveWorkspaceMember(workspace.id);
  const transfer = useTransferWorkspace(workspace.id);
  const withdraw = useWithdrawInvitation(workspace.id);
  const leave = useLeaveWorkspace();
  const removal = useConfirmedRemoval(remove.mutateAsync, (member) => {
    membersHeading.current?.focus();
    return t('screen.members.removed', { email: member.email });
  });
  const handover = useConfirmedRemoval(transfer.mutateAsync, (member) => {
    membersHeading.current?.focus();
    return t('screen.members.transferred', { email: member.email });
  });
  const leaving = useConfirmedRemoval(leave.mutateAsync, (left) => {
    onLeft();
    return t('screen.leave.done', { name: left.name });
  });
  const withdrawInvitation = (invitation: WorkspaceInvitation) =>
    sayOutcome(
      async () => {
        await withdraw.mutateAsync(invitation);
        invitationsHeading.current?.focus();
      },
      () => t('screen.invitations.withdrawn'),
    );

  return (
    <div className="mt-5">
      <Loaded query={team}>
        {({ members, invitations }) => (
          <>
            <h3
              ref={membersHeading}
              tabIndex={-1}
              className="font-semibold text-ink outline-none"
              data-testid="workspace-members-title"
            >
              {t('screen.members.title')}
              <span className="ms-2 text-sm font-normal text-slate-500" data-testid="workspace-members-count">
                {t('screen.members.count', { count: members.length })}
              </span>
            </h3>
            <ul className="mt-1 divide-y divide-slate-100" data-testid="workspace-members">
              {members.map((member) => (
                <MemberRow
                  key={member.userId}
                  workspace={workspace}
                  member={member}
                  me={user?.id}
                  onRemove={removal.ask}
                  onTransfer={handover.ask}
                />
              ))}
            </ul>
            {invitations && (
              <section className="mt-5" aria-labelledby={`invitations-${workspace.id}`}>
                <h3
                  id={`invitations-${workspace.id}`}
                  ref={invitationsHeading}
                  tabIndex={-1}
                  className="font-semibold text-ink outline-none"
                >
                  {t('screen.invitations.title')}
                  {invitations.length > 0 && (
                    <span className="ms-2 text-sm font-normal text-slate-500" data-testid="workspace-invitations-count">
                      {t('screen.invitations.count', { count: invitations.length })}
                    </span>
                  )}
                </h3>
                {invitations.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-500" data-testid="workspace-invitations-empty">
                    {t('screen.invitations.empty')}
                  </p>
                ) : (
                  <ul className="mt-1 divide-y divide-slate-100" data-testid="workspace-invitations">
                    {invitations.map((invitation) => (
                      <InvitationRow
                        key={invitation.id}
                        invitation={invitation}
                        busy={withdraw.isPending}
                        onWithdraw={() => void withdrawInvitation(invitation)}
                      />
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </Loaded>
      {managesWorkspace(workspace) && <InviteForm workspace={workspace} />}
      {(mayLeave(workspace) || !workspace.personal) && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          {mayLeave(workspace) ? (
            <DangerOutlineButton onClick={() => leaving.ask(workspace)} data-testid="workspace-leave">
              {t('screen.leave.button')}
            </DangerOutlineButton>
          ) : (
            <p className="text-sm text-slate-500">{t('screen.leave.ownerNote')}</p>
          )}
        </div>
      )}
      <DiscardChangesDialog
        {...removal.question}
        copy={{
          title: t('screen.members.confirmRemove.title'),
          message: t('screen.members.confirmRemove.text', { email: removal.asking?.email ?? '' }),
          keep: t('screen.members.confirmRemove.keep'),
          discard: t('screen.members.confirmRemove.confirm'),
        }}
      />
      <DiscardChangesDialog
        {...handover.question}
        copy={{
          title: t('screen.members.confirmTransfer.title'),
          message: t('screen.members.confirmTransfer.text', {
            email: handover.asking?.email ?? '',
            name: workspace.name,
          }),
          keep: t('screen.members.confirmTransfer.keep'),
          discard: t('screen.members.confirmTransfer.confirm'),
        }}
      />
      <DiscardChangesDialog
        {...leaving.question}
        copy={{
          title: t('screen.leave.title'),
          message: t('screen.leave.text', { name: workspace.name }),
          keep: t('screen.leave.keep'),
          discard: t('screen.leave.confirm'),
        }}
      />
    </div>
  );
}
