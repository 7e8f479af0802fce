import { roleAtLeast } from '@nashr/contracts';
import { CalendarClock, Info, ListPlus, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import { useRoleHere } from '../workspaces';

/**
 * The composer's footer: 'Add to queue', 'Schedule' and 'Post'; in a workspace where the account
 * may not schedule (a contributor or a viewer), what its role does there instead.
 */
export function ComposerActions({
  canSend,
  posting,
  queueing,
  onQueue,
  onSchedule,
  onPost,
}: {
  canSend: boolean;
  posting: boolean;
  queueing: boolean;
  onQueue: () => void;
  onSchedule: () => void;
  onPost: () => void;
}) {
  const { t } = useTranslation('composer');
  const role = useRoleHere();
  if (role && !roleAtLeast(role, 'editor')) {
    return (
      <p
        className="flex items-start gap-2 border-t border-slate-100 bg-white px-5 py-4 text-sm text-slate-600 sm:px-6"
        data-testid="composer-role-note"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        {role === 'viewer' ? t('actions.viewerNote') : t('actions.contributorNote')}
      </p>
    );
  }
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-6">
      <button
        type="button"
        onClick={onQueue}
        disabled={!canSend || queueing}
        aria-busy={queueing}
        className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="composer-queue"
      >
        {queueing ? <Spinner className="size-4 border-2" /> : <ListPlus aria-hidden="true" className="size-4" />}
        {t('actions.queue')}
      </button>
      <button
        type="button"
        onClick={onSchedule}
        disabled={!canSend}
        className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="composer-schedule"
      >
        <CalendarClock aria-hidden="true" className="size-4" />
        {t('actions.schedule')}
      </button>
      <button
        type="button"
        onClick={onPost}
        disabled={!canSend}
        aria-busy={posting}
        className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="composer-post"
      >
        {posting ? (
          <Spinner className="size-4 border-2 border-white/40 border-t-white" />
        ) : (
          <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        )}
        {posting ? t('actions.posting') : t('actions.post')}
      </button>
    </div>
  );
}
