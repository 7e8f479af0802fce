import {
  type AdminLibraryPost,
  LIBRARY_FORMATS,
  LIBRARY_TOPICS,
  type LibraryPostInput,
  MAX_LIBRARY_POST_CHARS,
} from '@nashr/contracts';
import { Eye, EyeOff, Pencil, Plus } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAdminLibrary, useSaveLibraryPost } from '../../lib/api/library';
import { errorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';

const fieldClass =
  'rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
const EMPTY: LibraryPostInput = { lang: 'ar', author: '', body: '', topic: 'career', format: 'story', hidden: false };

function PostForm({ post, onDone }: { post: AdminLibraryPost | null; onDone: () => void }) {
  const { t } = useTranslation('library');
  const id = useId();
  const save = useSaveLibraryPost();
  const [draft, setDraft] = useState<LibraryPostInput>(
    post
      ? {
          lang: post.lang,
          author: post.author,
          body: post.body,
          topic: post.topic,
          format: post.format,
          hidden: post.hidden,
        }
      : EMPTY,
  );
  const set = <K extends keyof LibraryPostInput>(key: K, value: LibraryPostInput[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: post?.id, input: draft },
      {
        onSuccess: () => {
          toast.success(t(post ? 'editor.updated' : 'editor.added'));
          onDone();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
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
            maxLength={120}
            value={draft.author}
            onChange={(e) => set('author', e.target.value)}
            className={fieldClass}
            data-testid="library-editor-author"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-lang`}>
          {t('inspiration.language')}
          <select
            id={`${id}-lang`}
            value={draft.lang}
            onChange={(e) => set('lang', e.target.value === 'en' ? 'en' : 'ar')}
            className={fieldClass}
            data-testid="library-editor-lang"
          >
            <option value="ar">{t('languages.ar')}</option>
            <option value="en">{t('languages.en')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${id}-topic`}>
          {t('inspiration.topic')}
          <select
            id={`${id}-topic`}
            value={draft.topic}
            onChange={(e) => set('topic', e.target.value as LibraryPostInput['topic'])}
            className={fieldClass}
            data-testid="library-editor-topic"
          >
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
            value={draft.format}
            onChange={(e) => set('format', e.target.value as LibraryPostInput['format'])}
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
          value={draft.body}
          dir={draft.lang === 'ar' ? 'rtl' : 'ltr'}
          onChange={(e) => set('body', e.target.value)}
          className={fieldClass}
          data-testid="library-editor-body"
        />
      </label>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={draft.hidden}
          onChange={(e) => set('hidden', e.target.checked)}
          className="size-4"
        />
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
