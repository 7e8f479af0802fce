import { createWorkspaceRequestSchema, WORKSPACE_NAME_MAX, type Workspace } from '@nashr/contracts';
import { useSearch } from '@tanstack/react-router';
import { Check, UsersRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { lengthProblem, useSchemaForm } from '../../lib/use-schema-form';
import { useSentForm } from '../../lib/use-sent-form';
import { useCurrentWorkspace } from '../../session/current-workspace';
import { Button } from '../../ui/button';
import { DialogFrame, fieldClass } from '../../ui/dialog-frame';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { Loaded } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { ReviewRule } from './review-rule';
import { managesWorkspace } from './workspace-permissions';
import { useWorkIn } from './workspace-switcher';
import { WorkspaceTeamPanel } from './workspace-team-panel';
import { useCreateWorkspace, useRenameWorkspace, useWorkspaces } from './workspaces-api';

/**
 * A workspace's name being written (a new one, or a new name): checked by the catalogue's schema
 * before it is sent, the server's refusal said in words; `save` gets the trimmed name.
 */
function useNameForm(initial: string, busy: boolean, save: (name: string) => Promise<void>) {
  const { t } = useTranslation('workspaces');
  const id = useId();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useSchemaForm(createWorkspaceRequestSchema, {
    defaultValues: { name: initial },
  });
  const saving = { isPending: busy, mutateAsync: ({ name }: { name: string }) => save(name) };
  const { submit, refusal } = useSentForm(handleSubmit, saving, () => resetField('name'));
  const problem =
    lengthProblem(errors.name, {
      tooLong: t('screen.create.nameTooLong', { count: WORKSPACE_NAME_MAX }),
      missing: t('screen.create.nameMissing'),
    }) ?? refusal;

  const problemId = `${id}-problem`;
  return {
    submit,
    problem,
    problemId,
    field: {
      id: `${id}-name`,
      ...register('name'),
      dir: 'auto',
      ...fieldProblemProps(problemId, problem),
    },
  };
}

function CreateWorkspaceForm({ onCreated }: { onCreated: (workspace: Workspace) => void }) {
  const { t } = useTranslation('workspaces');
  const create = useCreateWorkspace();
  const { submit, problem, problemId, field } = useNameForm('', create.isPending, async (name) => {
    const workspace = await create.mutateAsync(name);
    toast.success(t('screen.create.created', { name: workspace.name }));
    onCreated(workspace);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="workspace-create-form"
    >
      <h2 className="text-lg font-semibold text-ink">{t('screen.create.title')}</h2>
      <label htmlFor={field.id} className="mt-4 block text-sm font-medium text-slate-700">
        {t('screen.create.name')}
      </label>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row">
        <input {...field} className={`${fieldClass} sm:flex-1`} data-testid="workspace-name" />
        <Button type="submit" disabled={create.isPending} variant="primary" size="lg" data-testid="workspace-create">
          {create.isPending && <Spinner className="size-4 border-2" label={t('screen.create.pending')} />}
          {t('screen.create.submit')}
        </Button>
      </div>
      <FieldProblem id={problemId} problem={problem} data-testid="workspace-create-problem" />
    </form>
  );
}

function RenameDialog({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const { t } = useTranslation('workspaces');
  const rename = useRenameWorkspace();
  // The name is what the dialog is for: the focus starts there.
  const nameField = useRef<HTMLInputElement>(null);
  const { submit, problem, problemId, field } = useNameForm(workspace.name, rename.isPending, async (name) => {
    await rename.mutateAsync({ id: workspace.id, name });
    toast.success(t('screen.rename.done'));
    onClose();
  });

  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('screen.rename.title')}
      closeLabel={t('screen.rename.close')}
      busy={rename.isPending}
      initialFocus={nameField}
      testId="workspace-rename-dialog"
    >
      <form onSubmit={submit} noValidate className="px-5 py-4 sm:px-6">
        <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
          {t('screen.rename.name')}
        </label>
        <input
          {...field}
          ref={(element) => {
            field.ref(element);
            nameField.current = element;
          }}
          className={`${fieldClass} mt-1`}
          data-testid="workspace-rename-name"
        />
        <FieldProblem id={problemId} problem={problem} data-testid="workspace-rename-problem" />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button onClick={onClose} disabled={rename.isPending} variant="secondary" size="lg">
            {t('screen.rename.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={rename.isPending}
            variant="primary"
            size="lg"
            data-testid="workspace-rename-save"
          >
            {rename.isPending && <Spinner className="size-4 border-2" label={t('screen.rename.saving')} />}
            {t('screen.rename.save')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

function WorkspaceList({
  workspaces,
  selectedId,
  onSelect,
}: {
  workspaces: Workspace[];
  selectedId: string | undefined;
  onSelect: (workspace: Workspace) => void;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <ul className="mt-3 space-y-2" data-testid="workspace-list">
      {workspaces.map((workspace) => {
        const selected = workspace.id === selectedId;
        return (
          <li key={workspace.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(workspace)}
              className={`flex w-full items-center gap-3 rounded-2xl border px-4 py-3 text-start transition ${
                selected ? 'border-brand-400 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50'
              }`}
              data-testid="workspace-item"
              data-workspace-id={workspace.id}
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <UsersRound aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span dir="auto" className="block truncate font-semibold text-ink" data-testid="workspace-item-name">
                  {workspace.name}
                </span>
                <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  {t('screen.list.role', { role: t(`roles.${workspace.role}`) })}
                  {workspace.personal && (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      {t('screen.list.personal')}
                    </span>
                  )}
                </span>
              </span>
              {selected && <Check aria-hidden="true" className="size-5 shrink-0 text-brand-600" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Works in the workspace shown from now on (the top bar's switcher does the same), or says it is
 * the one worked in already.
 */
function WorkInButton({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspaces');
  const current = useCurrentWorkspace();
  const workIn = useWorkIn();
  const here = workspace.personal ? current === null : current === workspace.id;
  if (here) {
    return (
      <span
        className="inline-flex items-center gap-1.5 rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700"
        data-testid="workspace-current"
      >
        <Check aria-hidden="true" className="size-4" />
        {t('screen.workIn.current')}
      </span>
    );
  }
  return (
    <Button onClick={() => void workIn(workspace)} variant="primary" data-testid="workspace-work-in">
      {t('screen.workIn.button')}
    </Button>
  );
}

/**
 * /workspaces: the workspaces the user belongs to, a form to make one, and the chosen one's
 * members and waiting invitations, with what the user's role there allows (reached from /profile).
 */
export function WorkspacesPage() {
  const { t } = useTranslation('workspaces');
  const workspaces = useWorkspaces();
  // Opened on one workspace by its link (`?id=`), else on the personal one.
  const { id: linkedId } = useSearch({ strict: false }) as { id?: string };
  const [chosenId, setChosenId] = useState<string | undefined>(linkedId);
  const [renaming, setRenaming] = useState<Workspace | null>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const [focusDetails, setFocusDetails] = useState(false);
  const list = workspaces.data;
  // The one chosen, else (none yet, or it was left) the first: the personal workspace.
  const selected = list?.find((workspace) => workspace.id === chosenId) ?? list?.[0];

  useEffect(() => {
    if (!focusDetails || !selected) return;
    detailsHeading.current?.focus();
    setFocusDetails(false);
  }, [focusDetails, selected]);

  const choose = (workspace: Workspace) => {
    setChosenId(workspace.id);
    setFocusDetails(true);
  };

  return (
    <div data-testid="screen-workspaces" className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('screen.title')}</h1>
      <p className="mt-2 text-slate-600">{t('screen.intro')}</p>
      <CreateWorkspaceForm onCreated={choose} />
      <section
        className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="workspaces-list-title"
      >
        <h2 id="workspaces-list-title" tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
          {t('screen.list.title')}
        </h2>
        <Loaded query={workspaces}>
          {(all) =>
            all.length === 0 ? (
              <p className="py-8 text-center text-slate-500" data-testid="workspaces-empty">
                {t('screen.list.empty')}
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-500" data-testid="workspaces-count">
                  {t('screen.list.count', { count: all.length })}
                </p>
                <WorkspaceList workspaces={all} selectedId={selected?.id} onSelect={choose} />
              </>
            )
          }
        </Loaded>
      </section>
      {selected && (
        <section
          className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-labelledby="workspace-details-title"
          data-testid="workspace-details"
        >
          <div className="flex flex-wrap items-start gap-3">
            <div className="min-w-0 flex-1">
              <h2
                id="workspace-details-title"
                ref={detailsHeading}
                tabIndex={-1}
                dir="auto"
                className="break-words text-start text-xl font-semibold text-ink outline-none"
                data-testid="workspace-details-name"
              >
                {selected.name}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {t('screen.list.role', { role: t(`roles.${selected.role}`) })}
              </p>
            </div>
            <WorkInButton workspace={selected} />
            {managesWorkspace(selected) && (
              <Button
                onClick={() => setRenaming(selected)}
                aria-label={t('screen.rename.openLabel', { name: selected.name })}
                variant="secondary"
                data-testid="workspace-rename"
              >
                {t('screen.rename.open')}
              </Button>
            )}
          </div>
          <ReviewRule key={`review-${selected.id}`} workspace={selected} />
          <WorkspaceTeamPanel
            key={selected.id}
            workspace={selected}
            onLeft={() => {
              setChosenId(undefined);
              document.getElementById('workspaces-list-title')?.focus();
            }}
          />
        </section>
      )}
      {renaming && <RenameDialog workspace={renaming} onClose={() => setRenaming(null)} />}
    </div>
  );
}
