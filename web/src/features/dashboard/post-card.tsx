import type { LinkedinPost } from '@nashr/contracts';
import { ExternalLink, Eye, type LucideIcon, MessageCircle, Repeat2, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { type CounterKey, countersOf } from '../../lib/statistics';
import { Avatar } from '../../ui/avatar';
import { ClampedText } from '../../ui/clamped-text';
import { HijriDate } from '../../ui/hijri-date';
import { PostResultsLink } from '../analytics';

const COUNTER_ICONS: Record<CounterKey, LucideIcon> = {
  reactions: ThumbsUp,
  comments: MessageCircle,
  reposts: Repeat2,
  impressions: Eye,
};

/**
 * A published post with its counters (spec section 3, published post); one listed without them
 * (LinkedIn's official API) says so instead.
 */
export function PostCard({ post, picture }: { post: LinkedinPost; picture?: string | null }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const counters = countersOf(post);
  const link = post.share_url && /^https:\/\//i.test(post.share_url) ? post.share_url : null;
  return (
    <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="post-card">
      <header className="flex items-start gap-3">
        <Avatar src={picture} name={post.author.name} className="size-11 text-sm" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">
            <bdi>{post.author.name}</bdi>
          </p>
          {post.author.headline && (
            // Wrapped rather than cut with an ellipsis, so a Latin headline on the Arabic screen keeps its beginning.
            <p className="line-clamp-1 text-xs text-slate-500">
              <bdi>{post.author.headline}</bdi>
            </p>
          )}
          <p className="mt-0.5 text-xs text-slate-500">
            <time dateTime={post.parsed_datetime}>{formatDateTime(post.parsed_datetime, language)}</time>
          </p>
          <HijriDate instant={post.parsed_datetime} />
        </div>
        {link && (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-brand-700"
            aria-label={t('posts.open')}
            title={t('posts.open')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        )}
      </header>
      {/* Posts keep their own direction: an Arabic post reads right to left even on the English screen. */}
      <ClampedText
        text={post.text}
        lines={4}
        dir="auto"
        className="mt-4 whitespace-pre-line text-start text-[15px] leading-7 text-slate-800"
        data-testid="post-card-text"
      />
      {counters ? (
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
          {counters.map(({ key, value }) => {
            const Icon = COUNTER_ICONS[key];
            return (
              <li key={key} className="inline-flex items-center gap-1.5" title={t(`posts.${key}`)} data-counter={key}>
                <Icon aria-hidden="true" className="size-4 text-slate-400" />
                <span className="font-semibold text-slate-800">{formatNumber(value, language)}</span>{' '}
                <span className="text-slate-500">{t(`posts.counts.${key}`, { count: value })}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-500" data-testid="figures-unknown">
          {t('published.figuresUnknown', { ns: 'posts' })}
        </p>
      )}
      {counters && <PostResultsLink postId={post.id} className="mt-3" />}
    </article>
  );
}
