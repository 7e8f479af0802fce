import type { AnalyticsPostResponse } from '@nashr/contracts';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, Bookmark, ExternalLink, Eye, MessageCircle, Percent, Repeat2, Send, ThumbsUp } from 'lucide-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HOURLY_HOURS,
  MEDIAN_KEY,
  postSeries,
  SERIES_COLORS,
  type SeriesMetric,
  seriesValueText,
} from '../../lib/analytics';
import { usePostAnalytics } from '../../lib/api/analytics';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format';
import { readFiguresOf } from '../../lib/statistics';
import { ChartBox } from '../../ui/chart-box';
import { HijriDate } from '../../ui/hijri-date';
import { LoadError } from '../../ui/load-error';
import { SegmentedChoice } from '../../ui/segmented-choice';
import { Skeleton } from '../../ui/skeleton';
import { DeletedOnNetwork } from './deleted-on-network';

// recharts is most of this screen's code: its drawing comes in its own chunk once the app has taken
// the screen over (its box keeps its height meanwhile, so nothing below moves when it arrives).
const PostChartPlot = lazy(() => import('./post-chart-plot').then((module) => ({ default: module.PostChartPlot })));

const METRICS: readonly SeriesMetric[] = ['impressions', 'reactions'];

/** /posts/analytics/$postId: one network post's counters since it was published, against the user's median post. */
export function PostAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { postId = '' } = useParams({ strict: false });
  const analytics = usePostAnalytics(postId);
  return (
    <div data-testid="screen-post-analytics">
      <Link
        to="/dashboard"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        data-testid="post-analytics-back"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('post.back')}
      </Link>
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('post.title')}</h1>
      {analytics.isPending ? (
        <div role="status" aria-label={t('post.loading')} data-testid="post-analytics-loading">
          <Skeleton className="h-24 w-full rounded-2xl" />
          <Skeleton className="mt-6 h-72 w-full rounded-2xl" />
        </div>
      ) : analytics.isError ? (
        <LoadError error={analytics.error} onRetry={() => void analytics.refetch()} retrying={analytics.isFetching} />
      ) : (
        <PostAnalytics answer={analytics.data} />
      )}
    </div>
  );
}

function PostAnalytics({ answer }: { answer: AnalyticsPostResponse }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const { post } = answer;
  // Counters no snapshot read are unknown (null): the post says so rather than show zeros.
  const known = readFiguresOf(post) !== null;
  const counters = [
    { key: 'reactions', icon: ThumbsUp, count: post.reactions },
    { key: 'comments', icon: MessageCircle, count: post.comments },
    { key: 'reposts', icon: Repeat2, count: post.reposts },
    { key: 'impressions', icon: Eye, count: post.impressions },
    // Saves and sends only where the connection gives them (the network's post analytics).
    { key: 'saves', icon: Bookmark, count: post.saves },
    { key: 'sends', icon: Send, count: post.sends },
  ].flatMap(({ count, ...counter }) =>
    count === null ? [] : [{ ...counter, count, value: formatNumber(count, language) }],
  );
  const link = post.shareUrl && /^https:\/\//i.test(post.shareUrl) ? post.shareUrl : null;
  return (
    <>
      <article
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        data-testid="post-analytics-post"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="text-sm text-slate-600">
            <p>
              {t('post.published')}{' '}
              <time dateTime={post.publishedAt}>{formatDateTime(post.publishedAt, language)}</time>
            </p>
            <HijriDate instant={post.publishedAt} />
          </div>
          {link && (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('post.open')}
            </a>
          )}
        </div>
        {post.deletedAt && <DeletedOnNetwork deletedAt={post.deletedAt} full />}
        {/* The post keeps its own direction, paragraph by paragraph, whatever the interface language. */}
        <p
          dir="auto"
          className="user-text mt-4 whitespace-pre-line text-[15px] leading-7 text-slate-800"
          data-testid="post-analytics-text"
        >
          {post.text}
        </p>
        {!known && (
          <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-500" data-testid="post-figures-unknown">
            {t('published.figuresUnknown', { ns: 'posts' })}
          </p>
        )}
        {known && (
          <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 sm:grid-cols-5">
            {counters.map(({ key, icon: Icon, value, count }) => (
              <div key={key} className="min-w-0" data-testid={`post-counter-${key}`} data-value={count}>
                <dt className="flex items-center gap-1.5 text-xs text-slate-600">
                  <Icon aria-hidden="true" className="size-4 text-slate-500" />
                  {t(`post.counters.${key}`)}
                </dt>
                <dd className="mt-0.5 text-xl font-bold text-ink">{value}</dd>
              </div>
            ))}
            <div className="min-w-0" data-testid="post-counter-rate">
              <dt className="flex items-center gap-1.5 text-xs text-slate-600">
                <Percent aria-hidden="true" className="size-4 text-slate-500" />
                {t('post.counters.rate')}
              </dt>
              <dd className="mt-0.5 text-xl font-bold text-ink">
                {post.engagementRate === null ? '—' : formatPercent(post.engagementRate, language)}
              </dd>
            </div>
          </dl>
        )}
      </article>
      <PostChart answer={answer} />
    </>
  );
}

function PostChart({ answer }: { answer: AnalyticsPostResponse }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const rtl = i18n.dir() === 'rtl';
  const [metric, setMetric] = useState<SeriesMetric>('impressions');
  // "5 h" for the first two days (a point an hour), then "day 3".
  const ageLabel = (hours: number) =>
    hours < HOURLY_HOURS
      ? t('post.hours', { count: hours })
      : t('post.day', { day: formatNumber(Math.floor(hours / 24) + 1, language) });
  const rows = postSeries(answer);
  const hasMedian = answer.median.length > 0;
  const chartRows = rows.map((row) => ({ ...row, label: ageLabel(row.hours) }));
  const seriesName = t(`post.metrics.${metric}`);
  const medianName = t('post.median');
  // A post seen by one or two snapshots has no line to speak of yet: its points are drawn instead.
  const dot = rows.length < 3 ? { r: 4 } : false;

  return (
    <section
      aria-labelledby="post-chart-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="post-chart"
      data-points={rows.length}
      data-median={hasMedian}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="post-chart-title" className="text-lg font-semibold text-ink">
            {t('post.chartTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('post.chartSubtitle', { count: HOURLY_HOURS })}</p>
        </div>
        <SegmentedChoice
          legend={t('post.metricLegend')}
          options={METRICS}
          value={metric}
          onChange={setMetric}
          label={(option) => t(`post.metrics.${option}`)}
          testId="post-metric"
        />
      </div>
      {!hasMedian && (
        <p className="mt-3 text-sm text-slate-600" data-testid="post-chart-no-median">
          {t('post.noMedian')}
        </p>
      )}
      {rows.length === 0 ? (
        <p
          className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600"
          data-testid="post-chart-empty"
        >
          {t('post.empty')}
        </p>
      ) : (
        <ChartBox className="mt-6 h-64 sm:h-80">
          {(size) => (
            <PostChartPlot
              rows={chartRows}
              metric={metric}
              seriesName={seriesName}
              medianName={hasMedian ? medianName : null}
              dot={dot}
              rtl={rtl}
              language={language}
              size={size}
            />
          )}
        </ChartBox>
      )}
      {rows.length > 0 && (
        // The lines' names, drawn here rather than by recharts, whose legend measures itself and
        // draws the whole chart again. Read out by the table below instead.
        <ul aria-hidden="true" className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 text-xs text-slate-600">
          <li className="flex items-center gap-2">
            <span className="h-0.5 w-5 rounded-full" style={{ backgroundColor: SERIES_COLORS.post }} />
            {seriesName}
          </li>
          {hasMedian && (
            <li className="flex items-center gap-2">
              <span className="w-5 border-t-2 border-dashed" style={{ borderColor: SERIES_COLORS.median }} />
              {medianName}
            </li>
          )}
        </ul>
      )}
      <div className="sr-only">
        <table>
          <caption>{t('post.tableCaption', { metric: seriesName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('post.age')}</th>
              <th scope="col">{seriesName}</th>
              {hasMedian && <th scope="col">{medianName}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.hours}>
                <th scope="row">{ageLabel(row.hours)}</th>
                <td>{seriesValueText(row[metric], language)}</td>
                {hasMedian && <td>{seriesValueText(row[MEDIAN_KEY[metric]], language)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
