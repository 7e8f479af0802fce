import type { AnalyticsMetric } from '@nashr/contracts';
import { type LucideIcon, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatChange, formatNumber } from '../../lib/format';
import { SampleBadge } from '../../ui/sample-badge';

interface StatCardProps {
  id: string;
  icon: LucideIcon;
  label: string;
  /** What the number covers, e.g. "against the previous 30 days". */
  period: string;
  stat: AnalyticsMetric;
  /** Why the number is a sample, when it is. */
  sampleReason: string;
  /** How the value reads (a plain number unless given). */
  format?: (value: number, language: string) => string;
  /** The account is on the sandbox network, which invents every figure: each is marked as a sample. */
  sandbox?: boolean;
}

/** One of the dashboard's figures over the period, with its change against the period before. */
export function StatCard({
  id,
  icon: Icon,
  label,
  period,
  stat,
  sampleReason,
  format = formatNumber,
  sandbox = false,
}: StatCardProps) {
  const { t, i18n } = useTranslation('dashboard');
  const sample = stat.sample || sandbox;
  const change = stat.changePercent;
  const tone =
    change === null || change === 0
      ? 'bg-slate-100 text-slate-600'
      : change > 0
        ? 'bg-emerald-50 text-emerald-700'
        : 'bg-red-50 text-red-700';
  const TrendIcon = change === null || change === 0 ? Minus : change > 0 ? TrendingUp : TrendingDown;
  return (
    <article
      className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm ${sample ? 'border-dashed border-amber-300' : 'border-slate-200'}`}
      data-testid={`stat-${id}`}
      data-value={stat.value}
      data-sample={sample}
      aria-labelledby={`stat-${id}-label`}
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {sample && <SampleBadge reason={sandbox ? t('sample.sandbox') : sampleReason} />}
      </div>
      <h3 id={`stat-${id}-label`} className="mt-4 text-sm font-medium text-slate-600">
        {label}
      </h3>
      <p className="mt-1 text-3xl font-bold tracking-tight text-ink" data-testid={`stat-${id}-value`}>
        {format(stat.value, i18n.language)}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs">
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ${tone}`}
          data-testid={`stat-${id}-change`}
        >
          <TrendIcon aria-hidden="true" className="size-3.5" />
          {change === null ? t('stats.noChange') : <bdi>{formatChange(change, i18n.language)}</bdi>}
        </span>
        <span className="text-slate-500">{period}</span>
      </div>
    </article>
  );
}
