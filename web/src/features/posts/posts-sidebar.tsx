import { CalendarPlus, type LucideIcon, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanUpsell } from '../billing';

/** One of the column's actions: an icon on its colour above its words. */
function ActionTile({
  icon: Icon,
  iconClass,
  label,
  onClick,
  testId,
}: {
  icon: LucideIcon;
  iconClass: string;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="flex flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-4 text-sm font-semibold text-ink shadow-sm transition hover:border-brand-300 hover:bg-brand-50"
    >
      <span className={`flex size-10 items-center justify-center rounded-xl text-white ${iconClass}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      {label}
    </button>
  );
}

/**
 * The right column of /posts (below the list on phones): actions, the calendar, the next plan's
 * offer. Without `onSchedule` (a role that may not schedule here) only writing is offered.
 */
export function PostsSidebar({
  onGenerate,
  onSchedule,
  calendar,
}: {
  onGenerate: () => void;
  onSchedule?: () => void;
  calendar: ReactNode;
}) {
  const { t } = useTranslation('posts');
  return (
    <aside aria-label={t('sidebar.label')} className="flex flex-col gap-5" data-testid="posts-sidebar">
      <div className={onSchedule ? 'grid grid-cols-2 gap-3' : 'grid gap-3'}>
        <ActionTile
          icon={Sparkles}
          iconClass="bg-gradient-to-br from-violet-500 to-brand-600"
          label={t('sidebar.generate')}
          onClick={onGenerate}
          testId="sidebar-generate"
        />
        {onSchedule && (
          <ActionTile
            icon={CalendarPlus}
            iconClass="bg-brand-600"
            label={t('sidebar.schedule')}
            onClick={onSchedule}
            testId="sidebar-schedule"
          />
        )}
      </div>
      {calendar}
      <PlanUpsell variant="sidebar" />
    </aside>
  );
}
