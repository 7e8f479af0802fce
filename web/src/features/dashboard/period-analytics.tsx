import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsSummaryResponse } from '@nashr/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Eye, Heart, History, Percent, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatSigned } from '../../lib/format';
import { LoadError } from '../../ui/load-error';
import { SegmentedChoice } from '../../ui/segmented-choice';
import { Skeleton, SkeletonStack } from '../../ui/skeleton';
import { ExportLinks } from '../analytics';
import { ActivityChart } from './activity-chart';
import { ConsistencyCard } from './consistency-card';
import { StatCard } from './stat-card';
import { TopPosts } from './top-posts';

type Cards = AnalyticsSummaryResponse['cards'];

/** The six figures: the three the dashboard always had, then three more about the posts. */
const CARDS = [
  { id: 'profileViews', icon: Eye },
  { id: 'postEngagement', icon: Heart },
  { id: 'networkSize', icon: Users },
  { id: 'followerGrowth', icon: TrendingUp },
  { id: 'engagementRate', icon: Percent },
  { id: 'impressions', icon: Eye },
] as const satisfies readonly { id: keyof Cards; icon: unknown }[];

const FORMATS: Partial<Record<keyof Cards, (value: number, language: string) => string>> = {
  engagementRate: formatPercent,
  followerGrowth: formatSigned,
};

interface PeriodAnalyticsProps {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  summary: UseQueryResult<AnalyticsSummaryResponse>;
  /** The account is on the sandbox network: every figure here is invented, and marked so. */
  sandbox?: boolean;
}

/** The dashboard over a period: the picker, the figures against the period before, the chart, the top posts. */
export function PeriodAnalytics({ period, onPeriodChange, summary, sandbox = false }: PeriodAnalyticsProps) {
  const { t } = useTranslation('dashboard');
  const data = summary.data;
  return (
    <section aria-labelledby="dashboard-stats-title" data-testid="period-analytics" data-period={period}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="dashboard-stats-title" className="text-xl font-semibold text-ink">
            {t('stats.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('stats.periodHint', { count: period })}</p>
        </div>
        <PeriodPicker period={period} onChange={onPeriodChange} testId="period-picker" />
      </div>

      {data?.history.importing && (
        <p
          role="status"
          className="mb-4 flex items-start gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm leading-6 text-brand-900"
          data-testid="history-importing"
        >
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('history.importing')}
        </p>
      )}
      {data && !data.history.importing && data.history.firstSnapshotAt === null && (
        <p
          className="mb-4 rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm leading-6 text-slate-600"
          data-testid="history-empty"
        >
          {t('history.empty')}
        </p>
      )}

      {summary.isPending ? (
        <AnalyticsSkeleton label={t('stats.loading')} />
      ) : summary.isError && !data ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      ) : data ? (
        <div
          className={summary.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={summary.isPlaceholderData}
          data-testid="period-figures"
          data-days={data.period.days}
        >
          <FigureCards cards={data.cards} period={period} sandbox={sandbox} />
          <div className="mt-6">
            <ActivityChart days={data.days} period={period} sandbox={sandbox} />
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <TopPosts posts={data.topPosts} sandbox={sandbox} />
            </div>
            <ConsistencyCard consistency={data.consistency} sandbox={sandbox} />
          </div>
          <div className="mt-4">
            <ExportLinks />
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The periods the figures cover, one chosen. */
export function PeriodPicker({
  period,
  onChange,
  testId,
}: {
  period: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <SegmentedChoice
      legend={t('period.legend')}
      options={ANALYTICS_PERIODS}
      value={period}
      onChange={onChange}
      label={(days) => (days === 365 ? t('period.year') : t('period.days', { count: days }))}
      testId={testId}
    />
  );
}

function FigureCards({ cards, period, sandbox }: { cards: Cards; period: AnalyticsPeriod; sandbox: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {CARDS.map(({ id, icon }) => (
        <StatCard
          key={id}
          id={id}
          icon={icon}
          label={t(`stats.${id}`)}
          period={t('stats.against', { count: period })}
          stat={cards[id]}
          sampleReason={t(`sample.${id}`)}
          format={FORMATS[id]}
          sandbox={sandbox}
        />
      ))}
    </div>
  );
}

/** The figures' places while they load: `cards` cards, then the chart. */
export function AnalyticsSkeleton({ label, cards = CARDS.length }: { label: string; cards?: number }) {
  return (
    <div role="status" aria-label={label} data-testid="analytics-loading">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.slice(0, cards).map(({ id }) => (
          <SkeletonStack
            key={id}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
            items={['size-10 rounded-xl', 'h-4 w-28', 'h-8 w-24', 'h-4 w-36']}
          />
        ))}
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    </div>
  );
}
