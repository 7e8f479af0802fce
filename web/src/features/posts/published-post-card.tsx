import type { LinkedinPost } from '@nashr/contracts';
import { ChartNoAxesColumn, type LucideIcon, MessageSquare, Repeat2, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatCompact, formatDay } from '../../lib/format';
import { type CounterKey, countersOf } from '../../lib/statistics';
import { HijriDate } from '../../ui/hijri-date';
import { PostResultsLink } from '../analytics';
import { DocumentCarousel } from '../post-editor';
import { LinkedInLink, PostImages, PostText } from './post-card-parts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('')
    .toUpperCase();
}

const COUNTER_ICONS: Record<CounterKey, LucideIcon> = {
  reactions: ThumbsUp,
  comments: MessageSquare,
  reposts: Repeat2,
  impressions: ChartNoAxesColumn,
};

/**
 * A card of the Published tab (spec section 2): author, date and time, text and the four
 * counters. A post listed without its counters (LinkedIn's official API, a company page's posts)
 * says so instead: never a zero that is not one.
 */
export function PublishedPostCard({ post, asPage = false }: { post: LinkedinPost; asPage?: boolean }) {
  const { t, i18n } = useTranslation('posts');
  const counters = countersOf(post);
  const posted = new Date(post.parsed_datetime);
  const validDate = !Number.isNaN(posted.getTime());
  return (
    <article
      data-testid="published-post"
      data-post-id={post.id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md"
    >
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-semibold text-white"
        >
          {initials(post.author.name) || '·'}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink">
            <bdi>{post.author.name}</bdi>
          </p>
          {post.author.headline && (
            <p className="line-clamp-1 text-sm text-slate-500">
              <bdi>{post.author.headline}</bdi>
            </p>
          )}
          {validDate && (
            <time dateTime={post.parsed_datetime} className="mt-0.5 block text-xs text-slate-500">
              {t('published.postedAt', {
                date: formatDay(posted, i18n.language),
                time: formatClock(posted, i18n.language),
              })}
            </time>
          )}
          {validDate && <HijriDate instant={posted} />}
        </div>
        {post.share_url && <LinkedInLink href={post.share_url} className="-me-2" />}
      </header>
      <PostText text={post.text} lines={8} />
      {post.document ? (
        <DocumentCarousel url={post.document.url} title={post.document.title} />
      ) : (
        <PostImages urls={(post.images ?? []).map((image) => image.url)} />
      )}
      {!counters && (
        <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-500" data-testid="figures-unknown">
          {t(asPage ? 'published.pageFigures' : 'published.figuresUnknown')}
        </p>
      )}
      {counters && (
        <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-slate-100 pt-4 sm:grid-cols-4">
          {counters.map(({ key, value }) => {
            const Icon = COUNTER_ICONS[key];
            return (
              // A <dl> holds only dt/dd groups (a div each): the icon lives inside the term.
              <div key={key} className="min-w-0 rounded-xl bg-slate-50 px-3 py-2" data-counter={key}>
                <dt className="flex items-center gap-1.5 text-[0.7rem] text-slate-500">
                  <Icon aria-hidden="true" className="size-3.5 shrink-0 text-brand-600" />
                  <span className="truncate">{t(`published.${key}`)}</span>
                </dt>
                <dd className="mt-0.5 text-sm font-semibold tabular-nums text-ink">
                  {formatCompact(value, i18n.language)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {counters && !asPage && <PostResultsLink postId={post.id} className="mt-3" />}
    </article>
  );
}
