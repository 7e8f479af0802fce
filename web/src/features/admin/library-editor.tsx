import {
  type AdminLibraryPost,
  LIBRARY_AUTHOR_LENGTH,
  LIBRARY_FORMATS,
  LIBRARY_TOPICS,
  type LibraryPostInput,
  libraryPostInputSchema,
  MAX_LIBRARY_POST_CHARS,
} from '@nashr/contracts';
import { Eye, EyeOff, Pencil, Plus } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAdminLibrary, useSaveLibraryPost } from '../../lib/api/library';
import { errorText } from '../../lib/error-text';
import { lengthProblem, useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';

const fieldClass =
  'rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
const EMPTY: LibraryPostInput = { lang: 'ar', author: '', body: '', topic: 'career', format: 'story', hidden: false };

/**
 * A library post being written (a new one, or an edit): checked by the catalogue's schema before it
 * is sent, each problem said beside its field; nothing is sent while one stands.
 */
function PostForm({ post, onDone }: { post: AdminLibraryPost | null; onDone: () => void }) {
  const { t } = useTranslation('library');
  const id = useId();
  const save = useSaveLibraryPost();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useSchemaForm(libraryPostInputSchema, {
    defaultValues: post
      ? {
          lang: post.lang,
          author: post.author,
          body: post.body,
          topic: post.topic,
          format: post.format,
          hidden: post.hidden,
        }
      : EMPTY,
  });
  const submit = handleSubmit((input) => {
    save.mutate(
      { id: post?.id, input },
      {
        onSuccess: () => {
          toast.success(t(post ? 'editor.updated' : 'editor.added'));
          onDone();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  });
  // The schema's rules in words: an author's name and the post's words are needed, each within its length.
  const authorProblem = lengthProblem(errors.author, {
    tooLong: t('editor.authorTooLong', { count: LIBRARY_AUTHOR_LENGTH }),
    missing: t('editor.authorMissing'),
  });
  const bodyProblem = lengthProblem(errors.body, {
    tooLong: t('editor.bodyTooLong', { count: MAX_LIBRARY_POST_CHARS }),
    missing: t('editor.bodyMissing'),
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50/40 p-4"
      data-testid="library-editor-form"
    >
      <h3 className="font-semibold text-ink">{t(post ? 'editor.editTitle' : 'editor.addTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-author`}>
          {t('editor.author')}
          <input
            id={`${id}-author`}
            required
            maxLength={LIBRARY_AUTHOR_LENGTH}
            {...register('author')}
            {...fieldProblemProps(`${id}-author-problem`, authorProblem)}
            className={fieldClass}
            data-testid="library-editor-author"
          />
          <FieldProblem
            id={`${id}-author-problem`}
            problem={authorProblem}
            data-testid="library-editor-author-problem"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-lang`}>
          {t('inspiration.language')}
          <select id={`${id}-lang`} {...register('lang')} className={fieldClass} data-testid="library-editor-lang">
            <option value="ar">{t('languages.ar')}</option>
            <option value="en">{t('languages.en')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-topic`}>
          {t('inspiration.topic')}
          <select id={`${id}-topic`} {...register('topic')} className={fieldClass} data-testid="library-editor-topic">
            {LIBRARY_TOPICS.map((value) => (
              <option key={value} value={value}>
                {t(`topics.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-format`}>
          {t('inspiration.format')}
          <select
            id={`${id}-format`}
            {...register('format')}
            className={fieldClass}
            data-testid="library-editor-format"
          >
            {LIBRARY_FORMATS.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-body`}>
        {t('editor.body')}
        <textarea
          id={`${id}-body`}
          required
          rows={8}
          maxLength={MAX_LIBRARY_POST_CHARS}
          dir={watch('lang') === 'ar' ? 'rtl' : 'ltr'}
          {...register('body')}
          {...fieldProblemProps(`${id}-body-problem`, bodyProblem)}
          className={fieldClass}
          data-testid="library-editor-body"
        />
        <FieldProblem id={`${id}-body-problem`} problem={bodyProblem} data-testid="library-editor-body-problem" />
      </label>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" {...register('hidden')} className="size-4" />
        {t('editor.hiddenField')}
      </label>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending} variant="primary" data-testid="library-editor-save">
          {t('editor.save')}
        </Button>
        <Button onClick={onDone} variant="secondary">
          {t('editor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The admin's editor of the inspiration library: add, edit, tag, hide and show posts. */
export function LibraryEditor() {
  const { t } = useTranslation('library');
  const id = useId();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);
  const list = useAdminLibrary({ q });
  const save = useSaveLibraryPost();
  const [editing, setEditing] = useState<AdminLibraryPost | 'new' | null>(null);

  const toggleHidden = (post: AdminLibraryPost) =>
    save.mutate(
      { id: post.id, input: { hidden: !post.hidden } },
      {
        onSuccess: () => toast.success(t(post.hidden ? 'editor.shown' : 'editor.hidden')),
        onError: (error) => toast.error(errorText(error)),
      },
    );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="library-editor"
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
            {t('editor.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('editor.description')}</p>
        </div>
        <Button onClick={() => setEditing('new')} variant="primary" data-testid="library-editor-add">
          <Plus aria-hidden="true" className="size-4" />
          {t('editor.add')}
        </Button>
      </div>
      {editing && (
        <PostForm
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <label htmlFor={`${id}-q`} className="mt-4 block text-sm font-medium text-slate-700">
        {t('inspiration.search')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        maxLength={200}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={`${fieldClass} mt-1 w-full sm:w-96`}
      />
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-red-700">
          {errorText(list.error)}
        </p>
      ) : list.data.posts.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('inspiration.emptyTitle')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {list.data.posts.map((post) => (
            <li
              key={post.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center"
              data-testid="library-editor-row"
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">
                  <bdi>{post.author}</bdi>
                  {post.hidden && (
                    <span className="ms-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-700">
                      {t('editor.hiddenBadge')}
                    </span>
                  )}
                </p>
                <p lang={post.lang} className="truncate text-sm text-slate-600">
                  {post.body}
                </p>
                <p className="text-xs text-slate-500">
                  {t(`topics.${post.topic}`)} · {t(`kinds.${post.format}`)} · {t(`languages.${post.lang}`)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  onClick={() => setEditing(post)}
                  variant="secondary"
                  size="sm"
                  data-testid="library-editor-edit"
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  {t('editor.edit')}
                </Button>
                <Button
                  onClick={() => toggleHidden(post)}
                  variant="secondary"
                  size="sm"
                  data-testid="library-editor-toggle"
                >
                  {post.hidden ? (
                    <Eye aria-hidden="true" className="size-4" />
                  ) : (
                    <EyeOff aria-hidden="true" className="size-4" />
                  )}
                  {t(post.hidden ? 'editor.show' : 'editor.hide')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
