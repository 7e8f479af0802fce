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
import { formatCompact, formatMonth, formatNumber } from '../../lib/format';
import type { Chart, ChartPoint } from '../../lib/statistics';
import { SampleBadge } from '../ui/sample-badge';

interface Row extends ChartPoint {
  label: string;
}

/** Monthly impressions of the account's posts (or the spec's sample chart, marked as such). */
export function ActivityChart({ chart }: { chart: Chart }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const rows: Row[] = chart.points.map((point) => ({ ...point, label: formatMonth(point.month, language) }));
  const total = chart.points.reduce((sum, point) => sum + point.impressions, 0);
  const summary = t('chart.summary', {
    count: total,
    total: formatNumber(total, language),
    from: formatMonth(chart.points[0]?.month ?? new Date(), language, true),
    to: formatMonth(chart.points.at(-1)?.month ?? new Date(), language, true),
  });

  return (
    <section
      aria-labelledby="activity-chart-title"
      className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${chart.sample ? 'border-dashed border-amber-300' : 'border-slate-200'}`}
      data-testid="activity-chart"
      data-sample={chart.sample}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="activity-chart-title" className="text-lg font-semibold text-ink">
            {t('chart.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{chart.sample ? t('chart.sampleText') : t('chart.subtitle')}</p>
        </div>
        {chart.sample ? (
          <SampleBadge reason={t('chart.sampleText')} />
        ) : (
          <p className="text-end">
            <span className="block text-2xl font-bold text-ink" data-testid="chart-total">
              {formatNumber(total, language)}
            </span>
            <span className="text-xs text-slate-500">{t('chart.totalLabel', { count: total })}</span>
          </p>
        )}
      </div>
      {/* The chart is drawn for sighted users; the same numbers are read out as a table. */}
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
              minTickGap={8}
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
              content={(props) => <ChartTooltip {...props} sample={chart.sample} />}
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
      {/* A table ignores the 1px width of sr-only: the wrapper clips it so the page never scrolls sideways. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('chart.impressions')}</th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((point) => (
              <tr key={point.month.getTime()}>
                <th scope="row">{formatMonth(point.month, language, true)}</th>
                <td>{formatNumber(point.impressions, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChartTooltip({
  active,
  payload,
  sample,
}: Pick<TooltipContentProps<number, string>, 'active' | 'payload'> & { sample: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  const language = i18n.language;
  return (
    <div dir={i18n.dir()} className="rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm shadow-lg">
      <p className="font-semibold text-ink">{formatMonth(row.month, language, !sample)}</p>
      <p className="mt-1 text-slate-600">
        {t('chart.impressions')}:{' '}
        <span className="font-semibold text-ink">{formatNumber(row.impressions, language)}</span>
      </p>
      {!sample && (
        <>
          <p className="text-slate-600">
            {t('chart.engagement')}:{' '}
            <span className="font-semibold text-ink">{formatNumber(row.engagement, language)}</span>
          </p>
          <p className="text-slate-600">
            {t('chart.posts')}: <span className="font-semibold text-ink">{formatNumber(row.posts, language)}</span>
          </p>
        </>
      )}
    </div>
  );
}
