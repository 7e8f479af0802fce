import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { MEDIAN_KEY, SERIES_COLORS, type SeriesMetric, type SeriesRow, seriesValueText } from '../../lib/analytics';
import type { NearSize } from '../../lib/use-near-viewport';
import { GRID_PROPS, TOOLTIP_CURSOR, timeAxisProps, valueAxisProps } from '../../ui/chart-axes';

type ChartRow = SeriesRow & { label: string };

export interface PostChartPlotProps {
  rows: ChartRow[];
  metric: SeriesMetric;
  seriesName: string;
  /** The median post's line's name; null when there is no median post to draw. */
  medianName: string | null;
  /** Points drawn when there are too few for a line. */
  dot: { r: number } | false;
  rtl: boolean;
  language: string;
  /** The box's size, drawn at from the start. */
  size: NearSize;
}

/**
 * The drawing of a post's chart (recharts, most of the screen's code): its own chunk, which the
 * post's analytics screen loads once the chart is near the viewport.
 */
export function PostChartPlot({ rows, metric, seriesName, medianName, dot, rtl, language, size }: PostChartPlotProps) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={size}>
      {/* Hidden from assistive technology, so not focusable either (recharts makes it a tab stop by default). */}
      <LineChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID_PROPS} />
        <XAxis {...timeAxisProps(rtl)} />
        <YAxis {...valueAxisProps(rtl, language)} />
        <Tooltip cursor={TOOLTIP_CURSOR} content={(props) => <SeriesTooltip {...props} metric={metric} />} />
        <Line
          type="monotone"
          dataKey={metric}
          name={seriesName}
          stroke={SERIES_COLORS.post}
          strokeWidth={2.5}
          dot={dot}
          connectNulls
          isAnimationActive={false}
        />
        {medianName !== null && (
          <Line
            type="monotone"
            dataKey={MEDIAN_KEY[metric]}
            name={medianName}
            stroke={SERIES_COLORS.median}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={dot}
            connectNulls
            isAnimationActive={false}
          />
        )}
      </LineChart>
    </ResponsiveContainer>
  );
}

function SeriesTooltip({
  active,
  payload,
  metric,
}: Pick<TooltipContentProps<number, string>, 'active' | 'payload'> & { metric: SeriesMetric }) {
  const { t, i18n } = useTranslation('analytics');
  const row = payload?.[0]?.payload as ChartRow | undefined;
  if (!active || !row) return null;
  const language = i18n.language;
  return (
    <div dir={i18n.dir()} className="rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-sm shadow-lg">
      <p className="font-semibold text-ink">{row.label}</p>
      <p className="mt-0.5 text-slate-600">
        {t(`post.metrics.${metric}`)}:{' '}
        <span className="font-semibold text-ink">{seriesValueText(row[metric], language)}</span>
      </p>
      {row[MEDIAN_KEY[metric]] !== null && (
        <p className="text-slate-600">
          {t('post.median')}:{' '}
          <span className="font-semibold text-ink">{seriesValueText(row[MEDIAN_KEY[metric]], language)}</span>
        </p>
      )}
    </div>
  );
}
