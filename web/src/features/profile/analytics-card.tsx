import type { LinkedinPost } from '@nashr/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '../../lib/format';
import { ENGAGEMENT_WINDOW_DAYS, engagementOf, SAMPLE_PROFILE_VIEWS } from '../../lib/statistics';
import { SampleBadge, SandboxBadge } from '../../ui/sample-badge';

interface Row {
  key: string;
  value: string | null;
  sample?: boolean;
}

const DAY_MS = 24 * 3600 * 1000;

/** The account's reach from its posts; profile views are never given by the network (sample). */
export function profileAnalytics(posts: LinkedinPost[] | undefined, now: Date) {
  const since = now.getTime() - ENGAGEMENT_WINDOW_DAYS * DAY_MS;
  const recent = (posts ?? []).filter((post) => Date.parse(post.parsed_datetime) > since);
  const impressions = (posts ?? []).reduce((sum, post) => sum + post.impressions_counter, 0);
  const engagement = (posts ?? []).reduce((sum, post) => sum + engagementOf(post), 0);
  return {
    recentImpressions: posts?.length ? recent.reduce((sum, post) => sum + post.impressions_counter, 0) : null,
    engagementRate: impressions > 0 ? engagement / impressions : null,
    postsCount: posts ? posts.length : null,
  };
}

export function AnalyticsCard({
  posts,
  loading,
  sandbox = false,
}: {
  posts: LinkedinPost[] | undefined;
  loading: boolean;
  /** The account is on the sandbox network, whose posts and their figures are invented. */
  sandbox?: boolean;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language;
  const numbers = useMemo(() => profileAnalytics(posts, new Date()), [posts]);
  const rows: Row[] = [
    { key: 'profileViews', value: formatNumber(SAMPLE_PROFILE_VIEWS, language), sample: true },
    {
      key: 'impressions',
      value: numbers.recentImpressions === null ? null : formatNumber(numbers.recentImpressions, language),
    },
    {
      key: 'engagementRate',
      value: numbers.engagementRate === null ? null : formatPercent(numbers.engagementRate, language),
    },
    { key: 'posts', value: numbers.postsCount === null ? null : formatNumber(numbers.postsCount, language) },
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
      <p className="mt-2 text-xs text-slate-500">{t('analytics.note')}</p>
    </section>
  );
}
