import type { AnalyticsSummaryResponse, LinkedinPost } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../lib/format';
import { ENGAGEMENT_WINDOW_DAYS } from '../../lib/statistics';
import { SampleBadge, SandboxBadge } from '../../ui/sample-badge';

interface Row {
  key: string;
  value: string | null;
  sample?: boolean;
}

/**
 * The account's figures over the last 30 days: the dashboard's own (the analytics summary of the
 * same days, one computation on the server), so the two screens never disagree; and how many
 * posts the account has.
 */
export function AnalyticsCard({
  summary,
  posts,
  loading,
  sandbox = false,
}: {
  /** The analytics summary of the last ENGAGEMENT_WINDOW_DAYS days, as the dashboard shows it. */
  summary: AnalyticsSummaryResponse | undefined;
  posts: LinkedinPost[] | undefined;
  loading: boolean;
  /** The account is on the sandbox network, whose posts and their figures are invented. */
  sandbox?: boolean;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language;
  const cards = summary?.cards;
  const rows: Row[] = [
    {
      key: 'profileViews',
      value: cards ? formatNumber(cards.profileViews.value, language) : null,
      sample: cards?.profileViews.sample,
    },
    {
      key: 'impressions',
      value: cards ? formatNumber(cards.impressions.value, language) : null,
      sample: cards?.impressions.sample,
    },
    {
      key: 'engagementRate',
      value: cards ? formatPercent(cards.engagementRate.value, language) : null,
      sample: cards?.engagementRate.sample,
    },
    { key: 'posts', value: posts ? formatNumber(posts.length, language) : null },
  ];
  return (
    <section
      aria-labelledby="analytics-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="profile-analytics"
    >
      <h2 id="analytics-title" className="text-lg font-semibold text-ink">
        {t('analytics.title')}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map((row) => (
          <div
            key={row.key}
            className="flex items-center justify-between gap-3 py-3"
            data-testid={`analytics-${row.key}`}
          >
            <dt className="text-sm text-slate-600">
              {t(`analytics.${row.key}`, { count: ENGAGEMENT_WINDOW_DAYS })}
              {(row.sample || sandbox) && (
                <span className="ms-2 align-middle">
                  {sandbox ? <SandboxBadge /> : <SampleBadge reason={t('analytics.profileViewsSample')} />}
                </span>
              )}
            </dt>
            <dd className="font-semibold text-ink">
              {loading ? (
                <span className="inline-block h-4 w-12 animate-pulse rounded bg-slate-200" />
              ) : (
                (row.value ?? (
                  <span className="text-slate-400" title={t('analytics.unknown')}>
                    —
                  </span>
                ))
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">{t('analytics.note', { count: ENGAGEMENT_WINDOW_DAYS })}</p>
    </section>
  );
}
