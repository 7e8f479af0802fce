import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type AnalyticsExportKind, analyticsExportUrl } from '../../lib/api/analytics';
import { buttonClass } from '../../ui/button';

const KINDS: AnalyticsExportKind[] = ['posts', 'snapshots'];

/**
 * The CSV downloads: plain links, so the browser saves the server's file (its name and UTF-8
 * byte-order mark, which spreadsheet programs need to read Arabic) without holding it in memory.
 */
export function ExportLinks() {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="analytics-export">
      <span className="text-sm text-slate-600">{t('export.label')}</span>
      {KINDS.map((kind) => (
        <a
          key={kind}
          href={analyticsExportUrl(kind)}
          download
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          data-testid={`export-${kind}`}
        >
          <Download aria-hidden="true" className="size-4" />
          {t(`export.${kind}`)}
        </a>
      ))}
    </div>
  );
}
