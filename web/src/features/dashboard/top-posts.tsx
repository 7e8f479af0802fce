import type { AnalyticsPost } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { ChartLine, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber, formatPercent } from '../../lib/format';
import { readFiguresOf } from '../../lib/statistics';
import { ClampedText } from '../../ui/clamped-text';
import { SandboxBadge } from '../../ui/sample-badge';
import { DeletedOnNetwork } from '../analytics';

/** The period's posts with the most engagement, each leading to its own page. */
/** A post's engagement and impressions; null while no snapshot read its counters (never zeros in their place). */
function figuresOf(post: AnalyticsPost): { engagement: number; impressions: number } | null {
  const read = readFiguresOf(post);
  return read && { engagement: read.reactions + read.comments + read.reposts, impressions: read.impressions };
}

export function TopPosts({ posts, sandbox = false }: { posts: AnalyticsPost[]; sandbox?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  return (
    <section
      aria-labelledby="top-posts-title"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="top-posts"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="top-posts-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Trophy aria-hidden="true" className="size-5 text-brand-600" />
          {t('top.title')}
        </h2>
        {sandbox && <SandboxBadge />}
      </div>
      {posts.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600" data-testid="top-posts-empty">
          {t('top.empty')}
        </p>
      ) : (
        <ol className="mt-4 flex flex-col divide-y divide-slate-100">
          {posts.map((post, index) => {
            const figures = figuresOf(post);
            return (
              <li key={post.id} className="flex min-w-0 gap-3 py-3" data-testid="top-post" data-post-id={post.id}>
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700"
                >
                  {formatNumber(index + 1, language)}
                </span>
                <div className="min-w-0 flex-1">
                  <ClampedText
                    text={post.text}
                    lines={2}
                    dir="auto"
                    className="user-text whitespace-pre-line text-sm leading-6 text-slate-800"
                  />
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                    <time dateTime={post.publishedAt}>{formatDay(post.publishedAt, language)}</time>
                    {post.deletedAt && <DeletedOnNetwork deletedAt={post.deletedAt} />}
                    {figures ? (
                      <>
                        <span>
                          {formatNumber(figures.engagement, language)}{' '}
                          {t('top.engagement', { count: figures.engagement })}
                        </span>
                        <span>
                          {formatNumber(figures.impressions, language)}{' '}
                          {t('posts.counts.impressions', { count: figures.impressions })}
                        </span>
                      </>
                    ) : (
                      <span data-testid="top-post-figures-unknown">
                        {t('published.figuresUnknown', { ns: 'posts' })}
                      </span>
                    )}
                    {/* Saves and sends only where the connection gives them (the network's post analytics). */}
                    {post.saves !== null && (
                      <span data-testid="top-post-saves">
                        {formatNumber(post.saves, language)} {t('posts.counts.saves', { count: post.saves })}
                      </span>
                    )}
                    {post.sends !== null && (
                      <span data-testid="top-post-sends">
                        {formatNumber(post.sends, language)} {t('posts.counts.sends', { count: post.sends })}
                      </span>
                    )}
                    {post.engagementRate !== null && (
                      <span>{t('top.rate', { rate: formatPercent(post.engagementRate, language) })}</span>
                    )}
                  </p>
                  {figures && (
                    <Link
                      to="/posts/analytics/$postId"
                      params={{ postId: post.id }}
                      className="mt-1.5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                      data-testid="top-post-link"
                    >
                      <ChartLine aria-hidden="true" className="size-4" />
                      {t('top.open')}
                      <span className="sr-only">
                        {' '}
                        {t('top.openWhich', { rank: formatNumber(index + 1, language) })}
                      </span>
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
