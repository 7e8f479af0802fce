import {
  LIBRARY_FAVOURITE_ROLE,
  LIBRARY_FORMATS,
  LIBRARY_TOPICS,
  type LibraryFormat,
  type LibraryPlanShare,
  type LibraryPost,
  type LibraryTopic,
  type Locale,
  localeSchema,
  roleAtLeast,
} from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { BookmarkCheck, Heart, Info, LockKeyhole, SearchX } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useLibrarySearch, useToggleFavourite } from '../../lib/api/library';
import { errorText } from '../../lib/error-text';
import { EmptyState } from '../../ui/empty-state';
import { FilterRow, FilterSearch, FilterSelect } from '../../ui/filter-fields';
import { Spinner } from '../../ui/spinner';
import { useRoleHere } from '../workspaces';
import { LikeThisButton } from './like-this-button';

/** `saves`: whether the account may change the favourites of the workspace the tab works in. */
function PostCard({ post, saves }: { post: LibraryPost; saves: boolean }) {
  const { t } = useTranslation('library');
  const toggle = useToggleFavourite();
  const onFavourite = () =>
    toggle.mutate(post, {
      onSuccess: () => toast.success(t(post.favourite ? 'inspiration.unsaved' : 'inspiration.saved')),
      onError: (error) => toast.error(errorText(error)),
    });
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="library-post"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            <bdi>{post.author}</bdi>
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5 text-xs font-medium">
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-700">{t(`topics.${post.topic}`)}</span>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">{t(`kinds.${post.format}`)}</span>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">
              {t(`languages.${post.lang}`)}
            </span>
          </div>
        </div>
        <button
          type="button"
          onClick={onFavourite}
          disabled={toggle.isPending || !saves}
          aria-pressed={post.favourite}
          aria-label={t(post.favourite ? 'inspiration.unsave' : 'inspiration.save')}
          title={t(post.favourite ? 'inspiration.unsave' : 'inspiration.save')}
          className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-slate-200 text-slate-500 hover:text-rose-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 aria-pressed:border-rose-200 aria-pressed:bg-rose-50 aria-pressed:text-rose-600"
          data-testid="library-favourite"
        >
          <Heart aria-hidden="true" className="size-5" fill={post.favourite ? 'currentColor' : 'none'} />
        </button>
      </div>
      <p
        lang={post.lang}
        dir={post.lang === 'ar' ? 'rtl' : 'ltr'}
        className="whitespace-pre-line text-sm leading-7 text-slate-700"
        data-testid="library-post-body"
      >
        {post.body}
      </p>
      <div>
        <LikeThisButton post={post} testId="library-like-this" />
      </div>
    </li>
  );
}

/** What the plan shows of the library, how many more posts this search found beyond it, and where to get them. */
function PlanShare({ plan }: { plan: LibraryPlanShare }) {
  const { t } = useTranslation('library');
  if (plan.shown === null || (plan.shown > 0 && plan.locked === 0)) return null;
  return (
    <aside
      className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="library-plan"
    >
      <LockKeyhole aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 leading-6">
        {plan.shown === 0 ? t('inspiration.plan.ended') : t('inspiration.plan.shown', { count: plan.shown })}{' '}
        {plan.lockedMore
          ? t('inspiration.plan.lockedMore', { count: plan.locked })
          : plan.locked > 0
            ? t('inspiration.plan.locked', { count: plan.locked })
            : null}
      </p>
      <Link
        to="/billing"
        className="rounded-xl bg-amber-600 px-4 py-2 font-semibold text-white hover:bg-amber-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
        data-testid="library-plan-link"
      >
        {t('inspiration.plan.seePlans')}
      </Link>
    </aside>
  );
}

/** Strong posts to learn from: search by words (other forms of a word match), filters, favourites. */
export function InspirationLibrary() {
  const { t } = useTranslation('library');
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState<LibraryTopic | ''>('');
  const [format, setFormat] = useState<LibraryFormat | ''>('');
  const [lang, setLang] = useState<Locale | ''>('');
  const [favourites, setFavourites] = useState(false);
  const q = useDeferredValue(query);
  const result = useLibrarySearch({
    q,
    topic: topic || undefined,
    format: format || undefined,
    lang: lang || undefined,
    favourites,
  });
  const posts = result.data?.posts ?? [];
  // The favourites are the workspace's: a viewer reads them; yes while the role is read (the server decides).
  const role = useRoleHere();
  const saves = role === null || roleAtLeast(role, LIBRARY_FAVOURITE_ROLE);

  return (
    <div>
      <FilterRow>
        <FilterSearch
          label={t('inspiration.search')}
          placeholder={t('inspiration.searchPlaceholder')}
          value={query}
          onChange={setQuery}
          testId="library-search"
        />
        <FilterSelect
          label={t('inspiration.topic')}
          value={topic}
          options={LIBRARY_TOPICS}
          optionLabel={(value) => t(`topics.${value}`)}
          onChange={setTopic}
          anyLabel={t('inspiration.anyTopic')}
          testId="library-topic"
        />
        <FilterSelect
          label={t('inspiration.format')}
          value={format}
          options={LIBRARY_FORMATS}
          optionLabel={(value) => t(`kinds.${value}`)}
          onChange={setFormat}
          anyLabel={t('inspiration.anyFormat')}
          testId="library-format"
        />
        <FilterSelect
          label={t('inspiration.language')}
          value={lang}
          options={localeSchema.options}
          optionLabel={(value) => t(`languages.${value}`)}
          onChange={setLang}
          anyLabel={t('inspiration.anyLanguage')}
          testId="library-lang"
        />
      </FilterRow>
      <label className="mb-5 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={favourites}
          onChange={(event) => setFavourites(event.target.checked)}
          className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-300"
          data-testid="library-favourites-only"
        />
        <BookmarkCheck aria-hidden="true" className="size-4" />
        {t('inspiration.favouritesOnly')}
      </label>
      {!saves && (
        <p className="mb-5 flex items-start gap-2 text-sm text-slate-600" data-testid="library-role-note">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {t('inspiration.viewerNote')}
        </p>
      )}

      {result.data && <PlanShare plan={result.data.plan} />}
      {result.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : result.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-700" data-testid="library-error">
          {errorText(result.error)}
        </p>
      ) : posts.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t(favourites ? 'inspiration.noFavouritesTitle' : 'inspiration.emptyTitle')}
          text={t(favourites ? 'inspiration.noFavouritesText' : 'inspiration.emptyText')}
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-busy={result.isFetching}>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} saves={saves} />
          ))}
        </ul>
      )}
    </div>
  );
}
