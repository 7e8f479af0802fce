import type { FullProfile } from '@nashr/contracts';
import { useNavigate } from '@tanstack/react-router';
import {
  CalendarClock,
  ChevronRight,
  KeyRound,
  type LucideIcon,
  MonitorSmartphone,
  Sparkles,
  SquarePen,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComposer } from '../composer';
import { OptimizeProfileDialog } from './optimize-profile-dialog';

/**
 * Quick Actions of the profile page: the composer, the Scheduled tab of the post list, Optimize
 * Profile (the AI's review of the headline, About and skills), the signed-in sessions, the access tokens and the workspaces.
 */
export function QuickActions({ profile }: { profile: FullProfile }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const composer = useComposer();
  const [optimizing, setOptimizing] = useState(false);
  const actions: { key: string; icon: LucideIcon; onClick: () => void }[] = [
    { key: 'generatePost', icon: SquarePen, onClick: () => composer.open() },
    { key: 'optimizeProfile', icon: Sparkles, onClick: () => setOptimizing(true) },
    {
      key: 'viewScheduled',
      icon: CalendarClock,
      onClick: () => void navigate({ to: '/posts', search: { tab: 'scheduled' } }),
    },
    { key: 'sessions', icon: MonitorSmartphone, onClick: () => void navigate({ to: '/sessions' }) },
    { key: 'apiTokens', icon: KeyRound, onClick: () => void navigate({ to: '/api-tokens' }) },
    { key: 'workspaces', icon: UsersRound, onClick: () => void navigate({ to: '/workspaces' }) },
  ];
  return (
    <section
      aria-labelledby="quick-actions-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="quick-actions"
    >
      <h2 id="quick-actions-title" className="text-lg font-semibold text-ink">
        {t('quickActions.title')}
      </h2>
      <ul className="mt-3 space-y-1">
        {actions.map(({ key, icon: Icon, onClick }) => (
          <li key={key}>
            <button
              type="button"
              onClick={onClick}
              className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-sm font-medium text-slate-700 transition hover:bg-brand-50 hover:text-brand-800"
            >
              <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="flex-1">{t(`quickActions.${key}`)}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:rotate-180" />
            </button>
          </li>
        ))}
      </ul>
      {optimizing && <OptimizeProfileDialog profile={profile} open onOpenChange={setOptimizing} />}
    </section>
  );
}
