import { type BestTimesResponse, MIN_POSTS_FOR_BEST_TIMES } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { Clock, ListOrdered } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BEST_TIMES_ANCHOR, type HeatCell, heatmapRows, weekdayDate } from '../../lib/analytics';
import { useBestTimes } from '../../lib/api/analytics';
import { useDisplayPreferences } from '../../lib/api/preferences';
import { formatHourOfDay, formatNumber, formatWeekday } from '../../lib/format';
import { SandboxBadge } from '../../ui/sample-badge';
import { Skeleton } from '../../ui/skeleton';
import { LoadError } from '../dashboard';

/** Shades with a size too, so the heat reads without colour: an empty hour is a small grey dot. */
const LEVEL_STYLE: Record<HeatCell['level'], string> = {
  0: 'size-1.5 bg-slate-300',
  1: 'size-2.5 bg-brand-200',
  2: 'size-3 bg-brand-400',
  3: 'size-3.5 bg-brand-600',
  4: 'size-4 bg-brand-800',
};

/** "Sunday 09:00" in the interface language and digits. */
export function slotName(weekday: number, hour: number, language: string): string {
  return `${formatWeekday(weekdayDate(weekday), language, 'long')} ${formatHourOfDay(hour, language)}`;
}

/**
 * When to post (dashboard section): engagement by weekday and hour in the browser's zone, weeks
 * starting on the user's chosen day, the best slots named. A real table: each cell says its
 * posts and engagement in words, the shade and size only repeat it.
 */
export function BestTimesSection({ sandbox = false }: { sandbox?: boolean }) {
  const { t } = useTranslation('analytics');
  const bestTimes = useBestTimes();
  const ref = useRef<HTMLElement>(null);
  const loaded = bestTimes.isSuccess;

  // Arriving from the posting queue's link: the section exists only once its data is in.
  useEffect(() => {
    if (loaded && window.location.hash === `#${BEST_TIMES_ANCHOR}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  return (
    <section
      ref={ref}
      id={BEST_TIMES_ANCHOR}
      aria-labelledby="best-times-title"
      className="min-w-0 scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="best-times"
      aria-busy={bestTimes.isPending}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="best-times-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Clock aria-hidden="true" className="size-5 text-brand-600" />
          {t('bestTimes.title')}
        </h2>
        {/* The best times come from the sandbox's invented engagement. */}
        {sandbox && <SandboxBadge />}
      </div>
      {bestTimes.isPending ? (
        <div data-testid="best-times-loading" role="status" aria-label={t('bestTimes.loading')}>
          <Skeleton className="mt-4 h-4 w-72 max-w-full" />
          <Skeleton className="mt-4 h-48 w-full" />
        </div>
      ) : bestTimes.isError ? (
        <div className="mt-4">
          <LoadError error={bestTimes.error} onRetry={() => void bestTimes.refetch()} retrying={bestTimes.isFetching} />
        </div>
      ) : (
        <BestTimes answer={bestTimes.data} />
      )}
    </section>
  );
}

function BestTimes({ answer }: { answer: BestTimesResponse }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const { weekStart } = useDisplayPreferences();
  const rows = heatmapRows(answer, weekStart);
  const zone = answer.timeZone.replaceAll('_', ' ');
  const workWeek = answer.workWeek === 'sunday-thursday' ? [0, 4] : [1, 5];

  return (
    <div data-testid="best-times-content" data-basis={answer.basis}>
      <p className="mt-1 text-sm leading-6 text-slate-600">{t('bestTimes.description', { zone })}</p>
      {answer.basis === 'defaults' && (
        <p
          className="mt-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900"
          data-testid="best-times-defaults"
        >
          {t('bestTimes.defaults', {
            count: answer.postsConsidered,
            min: formatNumber(MIN_POSTS_FOR_BEST_TIMES, language),
            from: formatWeekday(weekdayDate(workWeek[0] ?? 0), language, 'long'),
            to: formatWeekday(weekdayDate(workWeek[1] ?? 4), language, 'long'),
          })}
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-start gap-x-8 gap-y-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-ink">
            {answer.basis === 'history' ? t('bestTimes.bestFromHistory') : t('bestTimes.bestDefaults')}
          </h3>
          <ol className="mt-2 flex flex-wrap gap-2" data-testid="best-slots">
            {answer.best.map((slot, index) => (
              <li
                key={`${slot.weekday}-${slot.hour}`}
                className="inline-flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
                data-testid="best-slot"
              >
                <span
                  aria-hidden="true"
                  className="flex size-5 items-center justify-center rounded-full bg-brand-700 text-xs text-white"
                >
                  {formatNumber(index + 1, language)}
                </span>
                {slotName(slot.weekday, slot.hour, language)}
              </li>
            ))}
          </ol>
        </div>
        <Link
          to="/personalization"
          hash="queue"
          className="inline-flex items-center gap-1.5 self-end text-sm font-semibold text-brand-700 hover:underline"
          data-testid="best-times-queue-link"
        >
          <ListOrdered aria-hidden="true" className="size-4" />
          {t('bestTimes.toQueue')}
        </Link>
      </div>

      {/* A week of hours is most of the dashboard's elements: laid out once it nears the screen. */}
      <div className="render-when-near">
        <table className="mt-5 w-full table-fixed border-separate border-spacing-0 text-xs" data-testid="heatmap">
          <caption className="sr-only">{t('bestTimes.caption', { zone })}</caption>
          <thead>
            <tr>
              <td className="w-14 sm:w-24" />
              {rows[0]?.cells.map((cell) => (
                <th
                  key={cell.hour}
                  scope="col"
                  className="h-5 overflow-visible p-0 text-start align-bottom font-normal whitespace-nowrap text-slate-600"
                >
                  {/* Every hour is named for screen readers; only some are drawn, so the head stays readable on a phone. */}
                  <span className="sr-only">{formatHourOfDay(cell.hour, language)}</span>
                  <span
                    aria-hidden="true"
                    className={cell.hour % 6 === 0 ? '' : cell.hour % 3 === 0 ? 'hidden sm:inline' : 'hidden'}
                  >
                    {formatNumber(cell.hour, language)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.weekday} data-testid="heatmap-row" data-weekday={row.weekday}>
                <th scope="row" className="truncate py-0.5 pe-2 text-start font-medium text-slate-700">
                  <span className="sm:hidden">
                    {formatWeekday(weekdayDate(row.weekday), language, language === 'en' ? 'short' : 'long')}
                  </span>
                  <span className="hidden sm:inline">{formatWeekday(weekdayDate(row.weekday), language, 'long')}</span>
                </th>
                {row.cells.map((cell) => (
                  <HeatmapCell key={cell.hour} cell={cell} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600" aria-hidden="true">
          {t('bestTimes.legendLess')}
          {([0, 1, 2, 3, 4] as const).map((level) => (
            <span key={level} className="flex size-4 items-center justify-center">
              <span className={`rounded-sm ${LEVEL_STYLE[level]}`} />
            </span>
          ))}
          {t('bestTimes.legendMore')}
        </p>
      </div>
    </div>
  );
}

function HeatmapCell({ cell }: { cell: HeatCell }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const text =
    cell.posts === 0
      ? t('bestTimes.cellEmpty')
      : t('bestTimes.cell', {
          count: cell.posts,
          engagement: formatNumber(Math.round(cell.engagement), language),
        });
  const name = slotName(cell.weekday, cell.hour, language);
  return (
    <td
      className={`h-6 p-0 text-center ${cell.rank ? 'bg-amber-100' : ''}`}
      title={`${name}: ${text}`}
      data-testid="heatmap-cell"
      data-hour={cell.hour}
      data-level={cell.level}
      data-rank={cell.rank ?? undefined}
    >
      <span aria-hidden="true" className="flex h-full items-center justify-center">
        <span className={`rounded-sm ${LEVEL_STYLE[cell.level]} ${cell.rank ? 'ring-2 ring-amber-500' : ''}`} />
      </span>
      <span className="sr-only">
        {text}
        {cell.rank ? ` ${t('bestTimes.rank', { rank: formatNumber(cell.rank, language) })}` : ''}
      </span>
    </td>
  );
}
