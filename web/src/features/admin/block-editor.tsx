import type { ContentBlockName, ContentBlocks, Locale } from '@nashr/contracts';
import type { QueryObserverResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Check, CircleAlert, RotateCcw, Save } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api/client';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { type AdminContentBlock, useAdminContentBlock, useSaveContentBlock } from './admin-content-api';
import { newItems } from './block-defaults';
import { checkBlock, type FieldIssues, issuesFromServer } from './block-rules';
import { ConflictBanner } from './conflict-banner';
import type { EditorTabId } from './editor-tabs';
import { EditorContextProvider } from './fields';
import type { BlockFormProps } from './form-props';

interface BlockEditorProps<K extends ContentBlockName> {
  tab: EditorTabId;
  block: K;
  lang: Locale;
  onDirtyChange: (dirty: boolean) => void;
  Form: ComponentType<BlockFormProps<ContentBlocks[K]>>;
}

/**
 * Loads one language's copy of a block, then hands it to the form (spinner and error states
 * first). It fills an `EditorCard`: the card and its header stay while this loads or the copy
 * language changes.
 */
export function BlockEditor<K extends ContentBlockName>(props: BlockEditorProps<K>) {
  const { t } = useTranslation('admin');
  const { tab, block, lang } = props;
  const query = useAdminContentBlock(block, lang);

  useEffect(() => {
    if (query.isError && !query.data) {
      // A fixed id: StrictMode's second effect run replaces the toast instead of stacking it.
      toast.error(t(`toast.${tab}.loadFailed`), { id: `load-${tab}-${lang}`, description: errorText(query.error) });
    }
  }, [query.isError, query.data, query.error, tab, lang, t]);

  if (query.data) {
    return <LoadedEditor {...props} initial={query.data} reload={query.refetch} />;
  }
  return query.isError ? (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-red-50 text-red-600">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold text-ink">{t(`toast.${tab}.loadFailed`)}</p>
      <p className="max-w-md text-sm text-slate-600">
        {errorText(query.error)} {t('editor.loadFailedHint')}
      </p>
      <Button onClick={() => void query.refetch()} variant="secondary" className="mt-1">
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('editor.retry')}
      </Button>
    </div>
  ) : (
    <div className="flex flex-col items-center gap-3 py-20" data-testid="editor-loading">
      <Spinner label={t('editor.loading')} />
      <p className="text-sm text-slate-500">{t('editor.loading')}</p>
    </div>
  );
}

/**
 * One section's editor: its title and `toolbar` (the copy-language switch) above the editor.
 * Rendered outside the part that changes with loading and the copy language, so the switch a
 * click or a key press is on is never replaced under it (a lost click, a lost focus).
 */
export function EditorCard({ tab, toolbar, children }: { tab: EditorTabId; toolbar: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <section
      aria-labelledby={`editor-title-${tab}`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid={`editor-${tab}`}
    >
      <header className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="min-w-0">
          <h2 id={`editor-title-${tab}`} className="text-lg font-semibold text-ink">
            {t(`tabs.${tab}`)}
          </h2>
          <p className="text-sm text-slate-500">{t(`tabs.${tab}Hint`)}</p>
        </div>
        {toolbar}
      </header>
      {children}
    </section>
  );
}

/** What a failed save tells the admin, in the interface language where the case is known. */
function describeSaveFailure(error: unknown, t: TFunction<'admin'>): string {
  if (!(error instanceof ApiError)) return t('editor.offline');
  switch (error.status) {
    case 0:
      return t('editor.offline');
    case 401:
      return t('editor.signedOut');
    case 403:
      return t('editor.forbidden');
    case 409:
      return t('conflict.message');
    case 413:
      return t('editor.tooLarge');
    default:
      return errorText(error);
  }
}

interface LoadedEditorProps<K extends ContentBlockName> extends BlockEditorProps<K> {
  initial: AdminContentBlock<K>;
  reload: () => Promise<QueryObserverResult<AdminContentBlock<K>>>;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function LoadedEditor<K extends ContentBlockName>({
  tab,
  block,
  lang,
  onDirtyChange,
  Form,
  initial,
  reload,
}: LoadedEditorProps<K>) {
  const { t, i18n } = useTranslation('admin');
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial.data);
  const [issues, setIssues] = useState<FieldIssues>(() => new Map());
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const body = useRef<HTMLDivElement>(null);
  const mutation = useSaveContentBlock(block, lang);
  const saving = mutation.isPending;

  const dirty = useMemo(() => !same(draft, base.data), [draft, base.data]);
  const items = useMemo(() => newItems(lang), [lang]);
  const context = useMemo(() => ({ lang, issues }), [lang, issues]);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(() => setJustSaved(false), 2000);
    return () => clearTimeout(timer);
  }, [justSaved]);

  useEffect(() => {
    if (focusInvalid === 0) return;
    body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const change = (next: ContentBlocks[K]) => {
    setDraft(next);
    setJustSaved(false);
    // Once problems are shown, they follow the admin's corrections as they type.
    if (issues.size > 0) setIssues(checkBlock(block, next, t));
  };

  const save = () => {
    if (saving || reloading) return;
    const found = checkBlock(block, draft, t);
    setIssues(found);
    if (found.size > 0) {
      const description = found.get('') ?? t('editor.fixFields', { count: found.size });
      setFailure(description);
      toast.error(t(`toast.${tab}.failed`), { description });
      setFocusInvalid((n) => n + 1);
      return;
    }
    setFailure(null);
    mutation.mutate(
      { data: draft, version: base.version },
      {
        onSuccess: (saved) => {
          const next = { data: saved.data, lang: saved.lang, version: saved.version, updatedAt: saved.updatedAt };
          setBase(next);
          setDraft(saved.data);
          setConflict(false);
          setJustSaved(true);
          toast.success(t(`toast.${tab}.saved`));
        },
        onError: (error) => {
          const description = describeSaveFailure(error, t);
          if (error instanceof ApiError && error.status === 409) setConflict(true);
          if (error instanceof ApiError && error.issues.length > 0) {
            setIssues(issuesFromServer(error.issues, checkBlock(block, draft, t), t));
            setFocusInvalid((n) => n + 1);
          }
          // A stale save is explained by the banner above the form, with its choices.
          setFailure(error instanceof ApiError && error.status === 409 ? null : description);
          toast.error(t(`toast.${tab}.failed`), { description });
        },
      },
    );
  };

  // Ctrl/Cmd+S saves, as in any editor; the browser's "save page" would only confuse here.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const loadLatest = async () => {
    setReloading(true);
    const result = await reload();
    setReloading(false);
    if (result.isError || !result.data) {
      toast.error(t('conflict.reloadFailed'));
      return;
    }
    setBase(result.data);
    setDraft(result.data.data);
    setConflict(false);
    setFailure(null);
    setIssues(new Map());
  };

  const discard = () => {
    setDraft(base.data);
    setIssues(new Map());
    setFailure(null);
  };

  const savedAt = base.updatedAt ? formatDateTime(base.updatedAt, i18n.language) : null;

  return (
    <>
      <div ref={body} className="px-4 py-6 sm:px-6">
        {conflict && (
          <ConflictBanner reloading={reloading} onReload={() => void loadLatest()} onKeep={() => setConflict(false)} />
        )}
        <EditorContextProvider value={context}>
          <fieldset disabled={saving || reloading} className="min-w-0 divide-y divide-slate-100">
            <Form value={draft} onChange={change} items={items} />
          </fieldset>
        </EditorContextProvider>
      </div>
      <footer className="sticky bottom-0 z-10 flex flex-col gap-3 rounded-b-2xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="min-w-0 text-sm" aria-live="polite">
          {dirty ? (
            <span className="inline-flex items-center gap-2 font-medium text-amber-700" data-testid="editor-dirty">
              <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
              {t('editor.unsaved')}
            </span>
          ) : (
            <span className="text-slate-500">
              {t('editor.upToDate')}
              <span className="mx-1.5 text-slate-300">·</span>
              {base.version > 0 && savedAt
                ? `${t('editor.lastSaved', { date: savedAt })} · ${t('editor.version', { version: base.version })}`
                : t('editor.neverSaved')}
            </span>
          )}
          {failure && (
            <p role="alert" className="mt-1 flex items-start gap-1.5 text-red-600" data-testid="editor-failure">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{failure}</span>
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {dirty && !saving && (
            <Button onClick={discard} variant="secondary" className="flex-1 whitespace-nowrap sm:flex-none">
              {t('editor.discard')}
            </Button>
          )}
          <button
            type="button"
            onClick={save}
            disabled={saving || reloading || !dirty}
            aria-keyshortcuts="Control+S"
            data-testid="save-changes"
            className={`inline-flex flex-1 items-center whitespace-nowrap sm:min-w-40 justify-center gap-2 rounded-lg px-5 py-2 text-sm font-semibold shadow-sm transition sm:flex-none ${
              justSaved
                ? 'bg-emerald-600 text-white'
                : saving
                  ? 'cursor-wait bg-brand-600 text-white'
                  : 'bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none'
            }`}
          >
            {saving ? (
              <Spinner className="size-4 border-2" />
            ) : justSaved ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Save aria-hidden="true" className="size-4" />
            )}
            {saving ? t('editor.saving') : justSaved ? t('editor.saved') : t('editor.save')}
          </button>
        </div>
      </footer>
    </>
  );
}
