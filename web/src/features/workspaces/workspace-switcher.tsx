import { WORKSPACE_ERROR_CODES, type Workspace } from '@nashr/contracts';
import * as Popover from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, ChevronDown, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSession } from '../../lib/api/auth';
import { ApiError } from '../../lib/api/client';
import { whenRefused } from '../../lib/api/when-refused';
import { chooseWorkspace, currentWorkspace, useCurrentWorkspace } from '../../session/current-workspace';
import { useSwitchWorkspace, useWorkspaces, WORKSPACES_LIST_KEY } from './workspaces-api';

/** Switches to `workspace` and says so (the switcher and the workspaces screen). */
export function useWorkIn() {
  const { t } = useTranslation('workspaces');
  const switchTo = useSwitchWorkspace();
  return async (workspace: Workspace) => {
    if (!(await switchTo(workspace))) return;
    toast.success(
      workspace.personal ? t('switcher.switchedPersonal') : t('switcher.switched', { name: workspace.name }),
      { id: 'workspace-switched' },
    );
  };
}

/** The name a workspace goes by in the switcher: the personal one as such. */
function useWorkspaceName() {
  const { t } = useTranslation('workspaces');
  return (workspace: Workspace | undefined) =>
    !workspace || workspace.personal ? t('switcher.personal') : workspace.name;
}

/**
 * The workspace this tab works in, kept to those the account still belongs to: one it was
 * removed from, left or that was deleted gives way to the personal workspace, said once.
 */
export function useKeptToMemberships(workspaces: Workspace[] | undefined) {
  const { t } = useTranslation('workspaces');
  const { user } = useSession();
  const current = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const queryClient = useQueryClient();
  // A call refused as outside the workspace worked in (removed from it while working): the list
  // is read again at once, and the check below moves the app to the personal workspace.
  useEffect(
    () =>
      whenRefused(
        queryClient,
        (error) =>
          error instanceof ApiError && error.code === WORKSPACE_ERROR_CODES.notFound && currentWorkspace() !== null,
        () => void queryClient.invalidateQueries({ queryKey: WORKSPACES_LIST_KEY }),
      ),
    [queryClient],
  );
  useEffect(() => {
    if (!workspaces || !current || !user) return;
    if (current === user.id) {
      chooseWorkspace(null, user.id);
      return;
    }
    if (workspaces.some((workspace) => workspace.id === current)) return;
    void switchTo(null).then((moved) => {
      if (moved) toast.warning(t('switcher.gone'), { id: 'workspace-gone' });
    });
  }, [workspaces, current, user, switchTo, t]);
}

/** Whether the switcher shows: the account belongs to more than one workspace. */
export function useShowsWorkspaceSwitcher(): boolean {
  return (useWorkspaces().data?.length ?? 0) > 1;
}

/**
 * The top bar's workspace switcher: the name of the workspace the app works in, and the list of
 * the account's workspaces with its role in each; choosing one works there from then on (on the
 * same screen, its data read again). Shown only to an account in more than one workspace.
 */
export function WorkspaceSwitcher() {
  const { t, i18n } = useTranslation('workspaces');
  const workspaces = useWorkspaces();
  const current = useCurrentWorkspace();
  const workIn = useWorkIn();
  const nameOf = useWorkspaceName();
  const [open, setOpen] = useState(false);
  const list = workspaces.data;
  useKeptToMemberships(list);
  if (!list || list.length < 2) return null;
  const chosen = list.find((workspace) => workspace.id === current) ?? list.find((workspace) => workspace.personal);
  const name = nameOf(chosen);

  const choose = (workspace: Workspace) => {
    setOpen(false);
    void workIn(workspace);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={t('switcher.label', { name })}
        className="inline-flex min-w-0 max-w-[14rem] items-center gap-1.5 rounded-full border border-slate-200 px-2 py-1.5 text-sm font-medium text-slate-700 transition hover:border-brand-300 hover:text-brand-700 sm:px-3"
        data-testid="workspace-switcher"
        data-workspace-id={chosen?.id}
      >
        <UsersRound aria-hidden="true" className="size-4 shrink-0" />
        {/* On phones the icon alone keeps the bar on one line; the name is still read out. */}
        <span dir="auto" className="truncate max-sm:sr-only" data-testid="workspace-switcher-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={8}
          collisionPadding={12}
          dir={i18n.dir()}
          aria-labelledby="workspace-switcher-title"
          className="z-[70] w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white shadow-xl"
          data-testid="workspace-switcher-panel"
        >
          <h2 id="workspace-switcher-title" className="border-b border-slate-100 px-4 py-3 font-semibold text-ink">
            {t('switcher.title')}
          </h2>
          <ul className="max-h-[min(24rem,60vh)] overflow-y-auto p-1.5">
            {list.map((workspace) => {
              const here = workspace.id === chosen?.id;
              return (
                <li key={workspace.id}>
                  <button
                    type="button"
                    aria-pressed={here}
                    onClick={() => choose(workspace)}
                    className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start hover:bg-slate-50 focus-visible:bg-slate-50 ${
                      here ? 'bg-brand-50' : ''
                    }`}
                    data-testid="workspace-switcher-option"
                    data-workspace-id={workspace.id}
                  >
                    <span className="min-w-0 flex-1">
                      <span dir="auto" className="block truncate text-sm font-semibold text-ink">
                        {nameOf(workspace)}
                      </span>
                      <span className="block text-xs text-slate-600">
                        {t('screen.list.role', { role: t(`roles.${workspace.role}`) })}
                      </span>
                    </span>
                    {here && <Check aria-hidden="true" className="size-4 shrink-0 text-brand-600" />}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="border-t border-slate-100 px-4 py-2.5 text-sm">
            <Link
              to="/workspaces"
              onClick={() => setOpen(false)}
              className="font-medium text-brand-700 hover:underline"
              data-testid="workspace-switcher-manage"
            >
              {t('switcher.manage')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
