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
import { formatNumber } from '../../lib/format';
import type { NearSize } from '../../lib/use-near-viewport';
import { GRID_PROPS, TOOLTIP_CURSOR, timeAxisProps, valueAxisProps } from '../../ui/chart-axes';
import { bucketName, type Row } from './chart-rows';

/**
 * The drawing of the activity chart (recharts, the heaviest library of the dashboard): its own
 * chunk, which ActivityChart loads when the chart comes near the viewport.
 */
export function ActivityChartPlot({
  rows,
  rtl,
  language,
  size,
}: {
  rows: Row[];
  rtl: boolean;
  language: string;
  size: NearSize;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={size}>
      {/* Hidden from assistive technology, so not focusable either (recharts makes it a tab stop by default). */}
      <AreaChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }} accessibilityLayer={false}>
        <defs>
          <linearGradient id="impressions-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#0a66c2" stopOpacity={0.28} />
            <stop offset="100%" stopColor="#0a66c2" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid {...GRID_PROPS} />
        <XAxis {...timeAxisProps(rtl)} />
        <YAxis {...valueAxisProps(rtl, language)} />
        <Tooltip cursor={TOOLTIP_CURSOR} content={(props) => <ChartTooltip {...props} />} />
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
  );
}

function ChartTooltip({ active, payload }: Pick<TooltipContentProps<number, string>, 'active' | 'payload'>) {
  const { t, i18n } = useTranslation('dashboard');
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  const language = i18n.language;
  const known = (key: string, value: number | null) => (value === null ? [] : [[key, value] as const]);
  const lines = [
    ['chart.impressions', row.impressions] as const,
    ['chart.engagement', row.engagement] as const,
    ...known('chart.posts', row.posts),
    ...known('chart.clicks', row.clicks),
    ...known('chart.followers', row.followers),
  ];
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
