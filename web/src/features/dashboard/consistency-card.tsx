import type { AnalyticsSummaryResponse } from '@nashr/contracts';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { SandboxBadge } from '../../ui/sample-badge';

type Consistency = AnalyticsSummaryResponse['consistency'];

/** How regularly the user posted over the period: weeks with a post, posts a week, the streak. */
export function ConsistencyCard({ consistency, sandbox = false }: { consistency: Consistency; sandbox?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const { weeks, weeksWithPosts, postsPerWeek, currentStreakWeeks } = consistency;
  const share = weeks > 0 ? Math.min(1, weeksWithPosts / weeks) : 0;
  const rows = [
    {
      key: 'weeks',
      value: t('consistency.weeksValue', {
        count: weeks,
        done: formatNumber(weeksWithPosts, language),
      }),
    },
    {
      key: 'perWeek',
      value: formatNumber(Math.round(postsPerWeek * 10) / 10, language),
    },
    {
      key: 'streak',
      value: t('consistency.streakValue', { count: currentStreakWeeks }),
    },
  ] as const;
  return (
    <section
      aria-labelledby="consistency-title"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="consistency"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="consistency-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <CalendarCheck aria-hidden="true" className="size-5 text-brand-600" />
          {t('consistency.title')}
        </h2>
        {sandbox && <SandboxBadge />}
      </div>
      <div
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={t('consistency.weeks')}
        aria-valuemin={0}
        aria-valuemax={weeks}
        aria-valuenow={weeksWithPosts}
        aria-valuetext={rows[0].value}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map((row) => (
          <div
            key={row.key}
            className="flex items-center justify-between gap-3 py-2.5"
            data-testid={`consistency-${row.key}`}
          >
            <dt className="text-sm text-slate-600">{t(`consistency.${row.key}`)}</dt>
            <dd className="text-end font-semibold text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        {currentStreakWeeks > 0 ? t('consistency.keepGoing') : t('consistency.startAgain')}
      </p>
    </section>
  );
}
