import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';

const BADGE =
  'inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200';

/**
 * Says that a post was deleted on LinkedIn (a snapshot found it gone), and when. Its figures stay
 * the last ones read before: `full` says so, the short form is a badge for lists of figures, and
 * `dated` a badge showing the date, for lists of posts without figures.
 */
export function DeletedOnNetwork({
  deletedAt,
  full = false,
  dated = false,
}: {
  deletedAt: string;
  full?: boolean;
  dated?: boolean;
}) {
  const { t, i18n } = useTranslation('analytics');
  const date = formatDay(deletedAt, i18n.language);
  if (dated) {
    return (
      <span className={BADGE} data-testid="post-deleted-badge">
        <Trash2 aria-hidden="true" className="size-3.5" />
        {t('deleted.badge')}{' '}
        <time dateTime={deletedAt} className="font-normal">
          {date}
        </time>
      </span>
    );
  }
  if (!full) {
    return (
      <span title={t('deleted.explain', { date })} className={BADGE} data-testid="post-deleted-badge">
        <Trash2 aria-hidden="true" className="size-3.5" />
        {t('deleted.badge')}
        <span className="sr-only">: {t('deleted.explain', { date })}</span>
      </span>
    );
  }
  return (
    <p
      className="mt-3 flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200"
      data-testid="post-deleted-notice"
    >
      <Trash2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t('deleted.explain', { date })}</span>
    </p>
  );
}
