import {
  ENGAGE_LIMITS,
  type EngageLanguage,
  type FeedPost,
  POST_TEXT_LENGTH,
  POST_URL_LENGTH,
  postByUrlRequestSchema,
} from '@nashr/contracts';
import { Copy, ExternalLink, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useEngageFeed } from '../../lib/api/engage';
import { errorText } from '../../lib/error-text';
import { lengthProblem, useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { PostCard } from './engage-feed';
import { usePostByUrl } from './engage-network-api';

const field =
  'mt-1 block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-400';

/**
 * Where the network lets Engage read but not send for the user (the official API): the post's
 * suggestions, a comment to edit, then copied and the post opened on the network to send it there.
 */
function CopyAndOpen({ post }: { post: FeedPost }) {
  const { t } = useTranslation('engage');
  const id = useId();
  const [text, setText] = useState('');
  const copyAndOpen = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('byUrl.copied'));
    } catch {
      toast.error(t('byUrl.copyFailed'));
    }
    window.open(post.url, '_blank', 'noopener,noreferrer');
  };
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="engage-url-post">
      <p className="text-sm font-semibold" dir="auto">
        {post.author.name}
      </p>
      {post.text && (
        <p dir="auto" className="mt-2 whitespace-pre-line text-sm text-slate-700">
          {post.text}
        </p>
      )}
      {post.suggestions && (
        <ul className="mt-3 space-y-2" data-testid="engage-suggestions">
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
                onClick={() => setText(suggestion.text)}
                data-testid="engage-use"
              >
                {t('suggestions.use')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-slate-700">
        {t('editor.label', { name: post.author.name })}
      </label>
      <textarea
        id={id}
        dir="auto"
        rows={3}
        maxLength={ENGAGE_LIMITS.commentLength}
        className={field}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="engage-editor"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-500">{t('byUrl.sendThere')}</span>
        <Button variant="primary" disabled={!text.trim()} onClick={copyAndOpen} data-testid="engage-copy-open">
          <Copy aria-hidden="true" className="size-4" />
          {t('byUrl.copyAndOpen')}
          <ExternalLink aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
        </Button>
      </div>
    </article>
  );
}

/**
 * Comment on a post by its address: paste it, see what can be known and the suggestions, then
 * comment. Where the network cannot read the post (`canRead` false: the official API) the user may
 * paste its words; where it cannot send (`canSend` false) the comment is copied and sent there.
 */
export function PostByUrl({
  lang,
  canSend,
  canRead = canSend,
}: {
  lang: EngageLanguage;
  canSend: boolean;
  canRead?: boolean;
}) {
  const { t } = useTranslation('engage');
  const id = useId();
  const add = usePostByUrl();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(postByUrlRequestSchema, { defaultValues: { url: '', text: '' } });
  /** What the server said of the last address sent. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [found, setPost] = useState<FeedPost | null>(null);
  // The post joins the user's feed; its suggestions come from the ai service a moment later, so
  // the feed's copy (read again while suggestions are on their way) is the one to show.
  const feed = useEngageFeed(lang, false);
  const post = (found && feed.data?.posts.find((item) => item.postId === found.postId)) ?? found;
  const submit = handleSubmit((values) => {
    setRefusal(null);
    add.mutate(
      { url: values.url, lang, ...(values.text ? { text: values.text } : {}) },
      {
        onSuccess: (found) => setPost(found),
        onError: (failure) => {
          setPost(null);
          setRefusal(errorText(failure));
        },
      },
    );
  });
  // The schema's rules in words: an address is needed, and is at most POST_URL_LENGTH long.
  const error =
    lengthProblem(errors.url, {
      tooLong: t('address.tooLong', { count: POST_URL_LENGTH }),
      missing: t('byUrl.urlMissing'),
    }) ?? refusal;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="engage-by-url">
      <div>
        <h2 id={`${id}-title`} className="font-semibold">
          {t('byUrl.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('byUrl.intro')}</p>
      </div>
      <form onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-700">
          {t('byUrl.label')}
        </label>
        <input
          id={`${id}-url`}
          type="url"
          dir="ltr"
          inputMode="url"
          className={field}
          placeholder="https://www.linkedin.com/posts/…"
          {...register('url')}
          {...fieldProblemProps(`${id}-error`, error)}
          data-testid="engage-url-input"
        />
        {!canRead && (
          <>
            <label htmlFor={`${id}-text`} className="mt-3 block text-sm font-medium text-slate-700">
              {t('byUrl.textLabel')}
            </label>
            <textarea
              id={`${id}-text`}
              dir="auto"
              rows={3}
              maxLength={POST_TEXT_LENGTH}
              className={field}
              placeholder={t('byUrl.textPlaceholder')}
              {...register('text')}
              data-testid="engage-url-text"
            />
          </>
        )}
        <div className="mt-3 flex justify-end">
          <Button type="submit" variant="primary" disabled={add.isPending} data-testid="engage-url-submit">
            <Link2 aria-hidden="true" className="size-4" />
            {add.isPending ? t('byUrl.fetching') : t('byUrl.submit')}
          </Button>
        </div>
        <FieldProblem id={`${id}-error`} problem={error} data-testid="engage-url-error" />
      </form>
      {post && (canSend ? <PostCard post={post} lang={lang} /> : <CopyAndOpen post={post} />)}
    </section>
  );
}
