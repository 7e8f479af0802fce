import type { AnalyticsPeriod, PageAnalyticsResponse } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { Clock, Eye, Heart, MousePointerClick, ShieldAlert, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePageAnalytics } from '../../lib/api/analytics';
import { formatDateTime, formatSigned } from '../../lib/format';
import { LoadError } from '../../ui/load-error';
import { ActivityChart } from './activity-chart';
import { AnalyticsSkeleton, PeriodPicker } from './period-analytics';
import { StatCard } from './stat-card';

type Cards = PageAnalyticsResponse['cards'];

const CARDS = [
  { id: 'impressions', label: 'stats.impressions', icon: Eye },
  { id: 'clicks', label: 'stats.clicks', icon: MousePointerClick },
  { id: 'engagement', label: 'stats.pageEngagement', icon: Heart },
  { id: 'followers', label: 'stats.followers', icon: Users },
  { id: 'followerGrowth', label: 'stats.followerGrowth', icon: TrendingUp },
] as const satisfies readonly { id: keyof Cards; label: string; icon: unknown }[];

/**
 * An added company page over a period: the network's figures of the page (impressions, clicks,
 * engagement, followers) against the period before, and its days. What the snapshots have not
 * read yet, or the network refused, says so rather than showing zeros as figures.
 */
export function PageAnalytics({
  organization,
  period,
  onPeriodChange,
  sandbox = false,
}: {
  organization: string;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  /** The account is on the sandbox network, which invents the page's figures: each is marked so. */
  sandbox?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const figures = usePageAnalytics(organization, period);
  const data = figures.data;
  return (
    <section
      aria-labelledby="page-stats-title"
      data-testid="page-analytics"
      data-period={period}
      data-state={data?.state}
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="page-stats-title" className="text-xl font-semibold text-ink">
            {t('page.title')}
            {data && (
              <>
                {': '}
                <bdi>{data.page.name}</bdi>
              </>
            )}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('stats.periodHint', { count: period })}</p>
          {data?.readAt && (
            <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500" data-testid="page-read-at">
              <Clock aria-hidden="true" className="size-3.5" />
              {t('page.readAt', { when: formatDateTime(data.readAt, i18n.language) })}
            </p>
          )}
        </div>
        <PeriodPicker period={period} onChange={onPeriodChange} testId="page-period-picker" />
      </div>

      {data?.state === 'waiting' && (
        <p
          role="status"
          className="mb-4 rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm leading-6 text-slate-600"
          data-testid="page-figures-waiting"
        >
          {t('page.waiting')}
        </p>
      )}
      {data?.state === 'refused' && (
        <div
          role="status"
          className="mb-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900"
          data-testid="page-figures-refused"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {t('page.refused')}{' '}
            <Link to="/profile" className="font-semibold underline">
              {t('page.managePages')}
            </Link>
          </p>
        </div>
      )}

      {figures.isPending ? (
        <AnalyticsSkeleton label={t('page.loading')} cards={CARDS.length} />
      ) : figures.isError && !data ? (
        <LoadError error={figures.error} onRetry={() => void figures.refetch()} retrying={figures.isFetching} />
      ) : data && data.state !== 'waiting' ? (
        <div
          className={figures.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={figures.isPlaceholderData}
          data-testid="page-figures"
          data-days={data.period.days}
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {CARDS.map(({ id, label, icon }) => (
              <StatCard
                key={id}
                id={`page-${id}`}
                icon={icon}
                label={t(label)}
                period={t('stats.against', { count: period })}
                stat={data.cards[id]}
                sampleReason=""
                format={id === 'followerGrowth' ? formatSigned : undefined}
                sandbox={sandbox}
              />
            ))}
          </div>
          <div className="mt-6">
            <ActivityChart days={data.days} period={period} subject="page" sandbox={sandbox} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
