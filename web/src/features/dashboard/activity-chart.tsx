import type { AnalyticsPeriod } from '@nashr/contracts';
import { ChartNoAxesColumn } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartDay, chartBuckets } from '../../lib/analytics';
import { formatNumber } from '../../lib/format';
import { ChartBox } from '../../ui/chart-box';
import { SandboxBadge } from '../../ui/sample-badge';
import { bucketName, type Row } from './chart-rows';

// recharts is most of the dashboard's code: fetched when the chart comes near the viewport. Its
// box keeps its height meanwhile, so nothing below moves when the drawing arrives.
const ActivityChartPlot = lazy(() =>
  import('./activity-chart-plot').then((module) => ({ default: module.ActivityChartPlot })),
);

/**
 * Impressions over the period, a point a day (a month over a year): of the account's posts, or
 * (`subject="page"`) of a company page's.
 */
export function ActivityChart({
  days,
  period,
  sandbox = false,
  subject = 'profile',
}: {
  days: readonly ChartDay[];
  period: AnalyticsPeriod;
  /** The sandbox network invented these impressions. */
  sandbox?: boolean;
  subject?: 'profile' | 'page';
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const buckets = chartBuckets(days, period);
  const rows: Row[] = buckets.map((bucket) => ({ ...bucket, label: bucketName(bucket, language, false) }));
  const total = buckets.reduce((sum, bucket) => sum + bucket.impressions, 0);
  const first = buckets[0];
  const last = buckets.at(-1);
  const summary =
    first && last
      ? t('chart.summary', {
          count: total,
          total: formatNumber(total, language),
          from: bucketName(first, language, true),
          to: bucketName(last, language, true),
        })
      : '';
  // The columns these days count besides impressions and engagement: a profile's posts, a page's clicks.
  const counted = (['posts', 'clicks'] as const).filter((key) => buckets.some((bucket) => bucket[key] !== null));
  const quiet = buckets.every((bucket) => bucket.impressions === 0 && bucket.engagement === 0);

  return (
    <section
      aria-labelledby="activity-chart-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="activity-chart"
      data-points={buckets.length}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="activity-chart-title" className="text-lg font-semibold text-ink">
              {t('chart.title')}
            </h2>
            {sandbox && <SandboxBadge />}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {buckets[0]?.unit === 'month'
              ? t(subject === 'page' ? 'chart.pageSubtitleMonths' : 'chart.subtitleMonths')
              : t(subject === 'page' ? 'chart.pageSubtitleDays' : 'chart.subtitleDays', { count: period })}
          </p>
        </div>
        <p className="text-end">
          <span className="block text-2xl font-bold text-ink" data-testid="chart-total">
            {formatNumber(total, language)}
          </span>
          <span className="text-xs text-slate-600">{t('chart.totalLabel', { count: total })}</span>
        </p>
      </div>
      {quiet ? (
        <p
          className="mt-6 flex items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600"
          data-testid="chart-empty"
        >
          <ChartNoAxesColumn aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          {t('chart.empty')}
        </p>
      ) : (
        // The chart is drawn for sighted users; the same numbers are read out as a table.
        <ChartBox className="mt-6 h-64 sm:h-72">
          {(size) => <ActivityChartPlot rows={rows} rtl={rtl} language={language} size={size} />}
        </ChartBox>
      )}
      {/* A table ignores the 1px width of sr-only: the wrapper clips it so the page never scrolls sideways. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{t(buckets[0]?.unit === 'month' ? 'chart.month' : 'chart.day')}</th>
              <th scope="col">{t('chart.impressions')}</th>
              <th scope="col">{t('chart.engagement')}</th>
              {counted.map((key) => (
                <th key={key} scope="col">
                  {t(`chart.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start.getTime()}>
                <th scope="row">{bucketName(bucket, language, true)}</th>
                <td>{formatNumber(bucket.impressions, language)}</td>
                <td>{formatNumber(bucket.engagement, language)}</td>
                {counted.map((key) => (
                  <td key={key}>{formatNumber(bucket[key] ?? 0, language)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
