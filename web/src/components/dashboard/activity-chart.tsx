import type { AnalyticsDay, AnalyticsPeriod } from '@nashr/contracts';
import { ChartNoAxesColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { type ChartBucket, chartBuckets } from '../../lib/analytics';
import { formatCompact, formatDay, formatMonth, formatNumber, formatShortDay } from '../../lib/format';

interface Row extends ChartBucket {
  label: string;
}

/** A bucket's name: its day, or its month over a year. */
function bucketName(bucket: ChartBucket, language: string, long: boolean): string {
  if (bucket.unit === 'month') return formatMonth(bucket.start, language, long);
  return long ? formatDay(bucket.start, language) : formatShortDay(bucket.start, language);
}

/** Impressions of the account's posts over the period, a point a day (a month over a year). */
export function ActivityChart({ days, period }: { days: AnalyticsDay[]; period: AnalyticsPeriod }) {
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
          <h2 id="activity-chart-title" className="text-lg font-semibold text-ink">
            {t('chart.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {buckets[0]?.unit === 'month' ? t('chart.subtitleMonths') : t('chart.subtitleDays', { count: period })}
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
        <div className="mt-6 h-64 sm:h-72" aria-hidden="true" dir="ltr">
          <ResponsiveContainer width="100%" height="100%">
            {/* Hidden from assistive technology, so not focusable either (recharts makes it a tab stop by default). */}
            <AreaChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }} accessibilityLayer={false}>
              <defs>
                <linearGradient id="impressions-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="#0a66c2" stopOpacity={0.28} />
                  <stop offset="100%" stopColor="#0a66c2" stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="4 4" vertical={false} />
              <XAxis
                dataKey="label"
                reversed={rtl}
                tickLine={false}
                axisLine={false}
                tick={{ fill: '#64748b', fontSize: 12 }}
                interval="preserveStartEnd"
                minTickGap={16}
              />
              <YAxis
                orientation={rtl ? 'right' : 'left'}
                tickLine={false}
                axisLine={false}
                width={48}
                allowDecimals={false}
                tick={{ fill: '#64748b', fontSize: 12 }}
                tickFormatter={(value: number) => formatCompact(value, language)}
              />
              <Tooltip
                cursor={{ stroke: '#94a3b8', strokeDasharray: '4 4' }}
                content={(props) => <ChartTooltip {...props} />}
              />
              <Area
                type="monotone"
                dataKey="impressions"
                stroke="#0a66c2"
                strokeWidth={2.5}
                fill="url(#impressions-fill)"
                activeDot={{ r: 5 }}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
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
              <th scope="col">{t('chart.posts')}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start.getTime()}>
                <th scope="row">{bucketName(bucket, language, true)}</th>
                <td>{formatNumber(bucket.impressions, language)}</td>
                <td>{formatNumber(bucket.engagement, language)}</td>
                <td>{formatNumber(bucket.posts, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChartTooltip({ active, payload }: Pick<TooltipContentProps<number, string>, 'active' | 'payload'>) {
  const { t, i18n } = useTranslation('dashboard');
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  const language = i18n.language;
  const lines = [
    ['chart.impressions', row.impressions],
    ['chart.engagement', row.engagement],
    ['chart.posts', row.posts],
    ...(row.followers === null ? [] : [['chart.followers', row.followers] as const]),
  ] as const;
  return (
    <div dir={i18n.dir()} className="rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm shadow-lg">
      <p className="font-semibold text-ink">{bucketName(row, language, true)}</p>
      {lines.map(([key, value]) => (
        <p key={key} className="mt-0.5 text-slate-600">
          {t(key)}: <span className="font-semibold text-ink">{formatNumber(value, language)}</span>
        </p>
      ))}
    </div>
  );
}
