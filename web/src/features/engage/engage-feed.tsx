import {
  ENGAGE_ERROR_CODES,
  ENGAGE_LIMITS,
  type EngageLanguage,
  type FeedPost,
  sendCommentRequestSchema,
} from '@nashr/contracts';
import { ExternalLink, FileText, MessagesSquare, RefreshCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useEngageFeed, useOtherSuggestions, useSendComment } from '../../lib/api/engage';
import { errorText, schemaProblem } from '../../lib/error-text';
import { formatDateTime, formatNumber } from '../../lib/format';
import { refuseTrimmedText } from '../../lib/use-schema-form';
import { EmptyState } from '../../ui/empty-state';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { SkeletonAvatarRow } from '../../ui/skeleton';

/** The comment being written on one post, with the key it will be sent under. */
interface Draft {
  text: string;
  key: string;
}

/**
 * A comment as the catalogue's schema takes it, with the rules the service applies once it trims
 * it: not empty, and at most ENGAGE_LIMITS.commentLength long.
 */
const commentCheck = sendCommentRequestSchema.pick({ text: true }).superRefine(({ text }, ctx) => {
  refuseTrimmedText(text, ctx, 'text', ENGAGE_LIMITS.commentLength, {
    empty: ENGAGE_ERROR_CODES.commentEmpty,
    tooLong: ENGAGE_ERROR_CODES.commentTooLong,
  });
});

function CommentEditor({
  post,
  draft,
  onChange,
  onDone,
}: {
  post: FeedPost;
  draft: Draft;
  onChange: (draft: Draft | null) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('engage');
  const id = useId();
  const send = useSendComment();
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    // The service's own rules, in its words: nothing is sent while one stands.
    const problem = schemaProblem(
      i18n,
      commentCheck,
      { text: draft.text },
      { limit: ENGAGE_LIMITS.commentLength, length: draft.text.trim().length },
    );
    if (problem) {
      setError(problem);
      return;
    }
    // The same key on a retry: a send whose answer was lost is looked up, never repeated.
    send.mutate(
      { postId: post.postId, key: draft.key, text: draft.text },
      {
        onSuccess: () => {
          toast.success(t('editor.sent'));
          onDone();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('editor.label', { name: post.author.name })}
      </label>
      <textarea
        id={id}
        dir="auto"
        rows={3}
        maxLength={ENGAGE_LIMITS.commentLength + 200}
        className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        value={draft.text}
        {...fieldProblemProps(`${id}-error`, error)}
        onChange={(event) => onChange({ ...draft, text: event.target.value })}
        data-testid="engage-editor"
      />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs tabular-nums text-slate-500" aria-live="polite" data-testid="engage-count">
          {/* The user's digits; isolated so that in Arabic "51 / 1,250" does not read "1,250 / 51". */}
          <bdi>
            {formatNumber(draft.text.length, i18n.language)} /{' '}
            {formatNumber(ENGAGE_LIMITS.commentLength, i18n.language)}
          </bdi>
        </span>
        <div className="flex gap-2">
          <button
            type="button"
            className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            onClick={() => onChange(null)}
          >
            {t('editor.cancel')}
          </button>
          <button
            type="submit"
            className="inline-flex items-center gap-1.5 rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
            disabled={send.isPending}
            data-testid="engage-send"
          >
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {send.isPending ? t('editor.sending') : t('editor.send')}
          </button>
        </div>
      </div>
      <FieldProblem
        id={`${id}-error`}
        problem={
          error && (
            <>
              {error}{' '}
              {/\/billing|Billing|الفوترة/.test(error) && (
                <a href="/billing" className="font-semibold underline">
                  {t('seePlans')}
                </a>
              )}
            </>
          )
        }
        data-testid="engage-send-error"
      />
    </form>
  );
}

/**
 * A post's images (lazy, with their alt text) and documents (title and pages), laid out in the
 * post's own direction whatever the interface's.
 */
function PostMedia({ post }: { post: FeedPost }) {
  const { t, i18n } = useTranslation('engage');
  if (post.media.length === 0) return null;
  const images = post.media.flatMap((item) => (item.kind === 'image' ? [item] : []));
  const documents = post.media.flatMap((item) => (item.kind === 'document' ? [item] : []));
  return (
    <div
      dir={post.language === 'ar' ? 'rtl' : 'ltr'}
      lang={post.language}
      className="mt-3 space-y-2"
      data-testid="engage-media"
    >
      {images.length > 0 && (
        <div className={`grid gap-2 ${images.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}>
          {images.map((image) => (
            <img
              key={image.url}
              src={image.url}
              alt={image.alt}
              loading="lazy"
              decoding="async"
              width={image.width}
              height={image.height}
              className="h-auto w-full rounded-xl border border-slate-200 bg-slate-50 object-cover"
              data-testid="engage-media-image"
            />
          ))}
        </div>
      )}
      {documents.map((document) => (
        <p
          key={`${document.title}-${document.url ?? ''}`}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
          data-testid="engage-media-document"
        >
          <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
          <span className="min-w-0">
            <span lang={i18n.language} className="sr-only">
              {t('media.document')}:{' '}
            </span>
            <span className="block truncate font-medium text-ink" data-testid="engage-media-document-title">
              {document.title}
            </span>
          </span>
          {document.pages !== undefined && (
            <span lang={i18n.language} dir="auto" className="ms-auto shrink-0 text-xs text-slate-500">
              {t('media.pages', { count: document.pages })}
            </span>
          )}
        </p>
      ))}
    </div>
  );
}

export function PostCard({ post, lang }: { post: FeedPost; lang: EngageLanguage }) {
  const { t, i18n } = useTranslation('engage');
  const [draft, setDraft] = useState<Draft | null>(null);
  const others = useOtherSuggestions(lang);
  const start = (text: string) => setDraft({ text, key: crypto.randomUUID() });
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="engage-post"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} dir="auto" className="font-semibold text-ink">
            {post.author.name}
          </h3>
          <p dir="auto" className="truncate text-xs text-slate-500">
            {post.author.headline}
          </p>
        </div>
        <time dateTime={post.postedAt} className="shrink-0 text-xs text-slate-500">
          {formatDateTime(new Date(post.postedAt), i18n.language)}
        </time>
      </header>
      <p dir="auto" className="mt-3 whitespace-pre-line text-slate-800" data-testid="engage-post-text">
        {post.text}
      </p>
      <PostMedia post={post} />
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
        <span>{t('feed.reactions', { count: post.counters.reactions })}</span>
        <span>{t('feed.comments', { count: post.counters.comments })}</span>
        <span>{t('feed.reposts', { count: post.counters.reposts })}</span>
        <span>
          {post.matched.person
            ? t('feed.fromPerson')
            : post.matched.byUrl && post.matched.topics.length === 0
              ? t('feed.fromUrl')
              : t('feed.fromTopic', { topics: post.matched.topics.join('، ') })}
        </span>
        <a
          href={post.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-brand-700 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-3.5" />
          {t('feed.open')}
        </a>
      </p>

      {post.myComments.length > 0 && (
        <ul className="mt-3 space-y-2" data-testid="engage-my-comments">
          {post.myComments.map((comment) => (
            <li key={comment.id} className="rounded-xl bg-brand-50 px-3 py-2 text-sm">
              <span className="font-semibold">{t('feed.yourComment')}: </span>
              <span dir="auto">{comment.text}</span>
              <span className="ms-2 text-xs text-slate-500">{t(`history.status.${comment.status}`)}</span>
            </li>
          ))}
        </ul>
      )}

      <section className="mt-4 border-t border-slate-100 pt-3" aria-label={t('suggestions.title')}>
        {post.suggestions === null ? (
          <p className="text-sm text-slate-500" role="status">
            {t('suggestions.preparing')}
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-sm font-semibold">{t('suggestions.title')}</h4>
              {post.suggestions.source !== 'ai' ? (
                <span
                  className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200"
                  data-testid="engage-offline-label"
                >
                  {t(post.suggestions.source === 'unusable' ? 'suggestions.unusable' : 'suggestions.offline')}
                </span>
              ) : (
                <span
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-800 ring-1 ring-brand-100"
                  data-testid="engage-ai-label"
                >
                  {t('suggestions.ai')}
                </span>
              )}
            </div>
            {post.suggestionsWriting && (
              <p className="mt-1 text-xs text-slate-500" role="status" data-testid="engage-writing">
                {t('suggestions.writing')}
              </p>
            )}
            <ul className="mt-2 space-y-2" data-testid="engage-suggestions">
              {post.suggestions.items.map((suggestion) => (
                <li
                  key={`${suggestion.kind}-${suggestion.text}`}
                  className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 px-3 py-2"
                >
                  <p className="min-w-0 text-sm">
                    <span className="block text-xs font-semibold text-slate-500">
                      {t(`suggestions.kind.${suggestion.kind}`)}
                    </span>
                    <span dir="auto" data-testid="engage-suggestion-text">
                      {suggestion.text}
                    </span>
                  </p>
                  <button
                    type="button"
                    className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold hover:bg-slate-50"
                    onClick={() => start(suggestion.text)}
                    data-testid="engage-use"
                  >
                    {t('suggestions.use')}
                  </button>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                disabled={others.isPending || post.suggestionsWriting}
                onClick={() => others.mutate(post.postId, { onError: (error) => toast.error(errorText(error)) })}
                data-testid="engage-others"
              >
                <RefreshCw
                  aria-hidden="true"
                  className={`size-4 ${others.isPending || post.suggestionsWriting ? 'animate-spin' : ''}`}
                />
                {t('suggestions.others')}
              </button>
              {!draft && (
                <button
                  type="button"
                  className="rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
                  onClick={() => start('')}
                >
                  {t('editor.write')}
                </button>
              )}
            </div>
          </>
        )}
        {draft && <CommentEditor post={post} draft={draft} onChange={setDraft} onDone={() => setDraft(null)} />}
      </section>
    </article>
  );
}

/** The posts of the people and topics followed, newest first, each with its suggestions. */
export function EngageFeed({ lang, hasTargets }: { lang: EngageLanguage; hasTargets: boolean }) {
  const { t } = useTranslation('engage');
  const feed = useEngageFeed(lang, hasTargets);
  if (feed.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label={t('feed.loading')}>
        {[0, 1].map((i) => (
          <SkeletonAvatarRow
            key={i}
            className="gap-3 rounded-2xl bg-white p-5"
            avatar="size-10"
            lines={['h-4 w-1/3', 'h-4 w-full', 'h-4 w-5/6']}
          />
        ))}
      </div>
    );
  }
  if (feed.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-800">
        <p>
          {t('feed.error')} {errorText(feed.error)}
        </p>
        <button
          type="button"
          className="mt-3 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold"
          onClick={() => feed.refetch()}
        >
          {t('feed.retry')}
        </button>
      </div>
    );
  }
  if (feed.data.posts.length === 0) {
    return hasTargets ? (
      <p
        role="status"
        className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600"
      >
        {t('feed.refreshing')}
      </p>
    ) : (
      <EmptyState icon={MessagesSquare} title={t('feed.emptyTitle')} text={t('feed.emptyText')} />
    );
  }
  return (
    <div className="space-y-4" data-testid="engage-feed">
      {feed.data.posts.map((post) => (
        <PostCard key={post.postId} post={post} lang={lang} />
      ))}
    </div>
  );
}
