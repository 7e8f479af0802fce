import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEngageHistory } from '../../lib/api/engage';
import { codeText, errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { SkeletonStack } from '../../ui/skeleton';

const STATUS_STYLE: Record<string, string> = {
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  sending: 'bg-slate-50 text-slate-700 ring-slate-200',
  unconfirmed: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

/** The comments sent, newest first, each with its status and link. */
export function CommentHistory() {
  const { t, i18n } = useTranslation('engage');
  const history = useEngageHistory();
  return (
    <section aria-labelledby="engage-history">
      <h2 id="engage-history" className="font-semibold">
        {t('history.title')}
      </h2>
      {history.isPending ? (
        <SkeletonStack className="mt-3 space-y-2" items={['h-12 w-full', 'h-12 w-full']} />
      ) : history.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorText(history.error)}
        </p>
      ) : history.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('history.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="engage-history">
          {history.data.map((comment) => (
            <li key={comment.id} className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-xs text-slate-500">
                  {t('history.on', { name: comment.authorName })} ·{' '}
                  {formatDateTime(new Date(comment.createdAt), i18n.language)}
                </span>
                <span className="flex flex-wrap gap-1">
                  {comment.origin === 'autopilot' && (
                    <span
                      className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 ring-1 ring-brand-200"
                      data-testid="engage-history-autopilot"
                    >
                      {t('history.autopilot')}
                    </span>
                  )}
                  <span className={`rounded-full px-2 py-0.5 text-xs ring-1 ${STATUS_STYLE[comment.status] ?? ''}`}>
                    {t(`history.status.${comment.status}`)}
                  </span>
                </span>
              </div>
              <p dir="auto" className="mt-1 text-ink">
                {comment.text}
              </p>
              {comment.status === 'failed' && comment.code && (
                // Why it was not posted, in the interface language (nothing was posted, no credit used).
                <p className="mt-1 text-xs text-red-700" data-testid="engage-history-reason">
                  {codeText(i18n, comment.code, comment.params) ?? comment.reason}
                </p>
              )}
              {comment.url && (
                <a
                  href={comment.url}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 inline-flex items-center gap-1 text-xs text-brand-700 hover:underline"
                  data-testid="engage-history-link"
                >
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  {t('history.open')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
