import type { FollowedPost } from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { ExternalLink, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFollowedPosts } from '../../lib/api/engage';
import { errorText } from '../../lib/error-text';
import { buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { LikeThisButton } from './like-this-button';

function FollowedCard({ post }: { post: FollowedPost }) {
  const { t } = useTranslation('library');
  const reactions = post.counters.reactions;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="followed-post"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            <bdi>{post.author.name}</bdi>
          </p>
          <p className="truncate text-xs text-slate-500">
            <bdi>{post.author.headline}</bdi>
          </p>
          <p className="mt-1.5 text-xs font-medium text-brand-700" data-testid="followed-post-reactions">
            {t('inspiration.followed.reactions', { count: reactions })}
          </p>
        </div>
        <a
          href={post.url}
          target="_blank"
          rel="noreferrer"
          aria-label={t('inspiration.followed.open', { name: post.author.name })}
          title={t('inspiration.followed.open', { name: post.author.name })}
          className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-slate-200 text-slate-500 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
        >
          <ExternalLink aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </a>
      </div>
      <p
        lang={post.language}
        dir={post.language === 'ar' ? 'rtl' : 'ltr'}
        className="line-clamp-6 whitespace-pre-line text-sm leading-7 text-slate-700"
      >
        {post.text}
      </p>
      <div>
        <LikeThisButton post={{ body: post.text }} testId="followed-like-this" />
      </div>
    </li>
  );
}

/** 'From people you follow': the best recent posts (by reactions) of the creators followed in Engage. */
export function FollowedPosts() {
  const { t } = useTranslation('library');
  const result = useFollowedPosts();
  const quiet = result.data?.following ?? false;
  const goEngage = (
    <Link to="/engage" className={buttonClass()} data-testid="followed-go-engage">
      <UserPlus aria-hidden="true" className="size-4" />
      {t('inspiration.followed.goEngage')}
    </Link>
  );
  return (
    <section className="mb-10" aria-labelledby="followed-posts-title" data-testid="followed-posts">
      <h2 id="followed-posts-title" className="text-lg font-semibold text-ink">
        {t('inspiration.followed.title')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t('inspiration.followed.description')}</p>
      {result.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : result.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-700" data-testid="followed-error">
          {errorText(result.error)}
        </p>
      ) : result.data.posts.length === 0 ? (
        // Compact, so the library below stays in view.
        <div
          className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-dashed border-slate-300 bg-white p-5"
          data-testid="followed-empty"
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Users aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink">{t(`inspiration.followed.${quiet ? 'quietTitle' : 'emptyTitle'}`)}</p>
            <p className="mt-1 text-sm leading-6 text-slate-600">
              {t(`inspiration.followed.${quiet ? 'quietText' : 'emptyText'}`)}
            </p>
          </div>
          {goEngage}
        </div>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-busy={result.isFetching}>
          {result.data.posts.map((post) => (
            <FollowedCard key={post.postId} post={post} />
          ))}
        </ul>
      )}
    </section>
  );
}
