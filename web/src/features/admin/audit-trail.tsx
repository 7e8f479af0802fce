import type { AdminAuditEntry } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useAuditTrail } from './admin-audit-api';

/** The audit trail in the admin area: who did what, on what, from where and when, newest first. */
export function AuditTrail() {
  const { t } = useTranslation('admin');
  const trail = useAuditTrail();

  return (
    <section data-testid="audit-trail" aria-labelledby="audit-trail-title" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-trail-title" className="text-xl font-bold text-ink">
          {t('audit.title')}
        </h2>
        <Button onClick={() => void trail.refetch()} variant="secondary">
          {t('audit.refresh')}
        </Button>
      </div>
      {trail.isPending ? (
        <Spinner className="size-5 border-2" label={t('audit.loading')} />
      ) : trail.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(trail.error)}
        </p>
      ) : (
        <>
          {trail.data.failure !== null && (
            <p role="alert" data-testid="audit-partial" className="mb-3 text-sm text-amber-800">
              {t('audit.partial', { reason: errorText(trail.data.failure) })}
            </p>
          )}
          {trail.data.entries.length === 0 ? (
            <p className="text-sm text-slate-600">{t('audit.empty')}</p>
          ) : (
            <AuditTable entries={trail.data.entries} />
          )}
        </>
      )}
    </section>
  );
}

function AuditTable({ entries }: { entries: AdminAuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-start text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-4 py-2 text-start font-semibold">{t('audit.when')}</th>
            <th className="px-4 py-2 text-start font-semibold">{t('audit.who')}</th>
            <th className="px-4 py-2 text-start font-semibold">{t('audit.what')}</th>
            <th className="px-4 py-2 text-start font-semibold">{t('audit.target')}</th>
            <th className="px-4 py-2 text-start font-semibold">{t('audit.from')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.service}-${entry.id}`} data-testid="audit-entry" className="border-t border-slate-100">
              <td className="whitespace-nowrap px-4 py-2">{formatDateTime(entry.at, i18n.language, 'medium')}</td>
              <td className="px-4 py-2" dir="ltr">
                {entry.actorEmail}
              </td>
              <td className="px-4 py-2">{t(`audit.actions.${entry.action}`)}</td>
              <td className="px-4 py-2" dir="ltr">
                {entry.target}
              </td>
              <td className="px-4 py-2" dir="ltr">
                {entry.ip ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
