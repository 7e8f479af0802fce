import { type AttachedMedia, MAX_DOCUMENT_TITLE_LENGTH } from '@nashr/contracts';
import { ChevronLeft, ChevronRight, FileText, Loader2, X } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../lib/api/media';
import { formatNumber } from '../../lib/format';
import { loadOnce } from '../../lib/load-once';
import { Button } from '../../ui/button';
import type { ComposerDocument } from './use-composer-document';

type PdfJs = typeof import('pdfjs-dist');
/** Served with the app (see vite.config.ts): the standard fonts a document may use without embedding them. */
const PDF_FONTS_PATH = '/pdfjs/standard_fonts/';
/**
 * pdf.js, loaded the first time a document is shown (it is large, and most posts have none); a
 * failed load (offline) is tried again when the document is next shown.
 */
const loadPdfJs = loadOnce(
  (): Promise<PdfJs> =>
    Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    }),
);

/** The picked PDF waiting for the title the feed shows above its pages. */
export function DocumentTitleForm({ id, controls }: { id: string; controls: ComposerDocument }) {
  const { t } = useTranslation('composer');
  const waiting = controls.waiting;
  const [title, setTitle] = useState(waiting?.title ?? '');
  useEffect(() => setTitle(waiting?.title ?? ''), [waiting]);
  if (!waiting) return null;
  const trimmed = title.trim();
  return (
    <div className="mt-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="document-title-form">
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        <FileText aria-hidden="true" className="size-4 shrink-0 text-red-700" />
        <bdi className="truncate font-semibold">{waiting.file.name}</bdi>
      </p>
      <label htmlFor={`${id}-document-title`} className="mt-2 block text-xs font-semibold text-slate-600">
        {t('document.titleLabel')}
      </label>
      <p id={`${id}-document-title-hint`} className="text-xs text-slate-500">
        {t('document.titleHint', { count: MAX_DOCUMENT_TITLE_LENGTH })}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={`${id}-document-title`}
          dir="auto"
          value={title}
          maxLength={MAX_DOCUMENT_TITLE_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (trimmed && !controls.uploading) void controls.upload(trimmed);
            }
          }}
          aria-describedby={`${id}-document-title-hint`}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
          data-testid="document-title-input"
        />
        <Button
          disabled={!trimmed || controls.uploading}
          onClick={() => void controls.upload(trimmed)}
          variant="primary"
          size="sm"
          data-testid="document-title-submit"
        >
          {controls.uploading && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {controls.uploading ? t('document.uploading') : t('document.attach')}
        </Button>
        <Button disabled={controls.uploading} onClick={controls.cancel} variant="secondary" size="sm">
          {t('document.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** A refusal of a PDF (too large, not readable, with images...), with its reason. */
export function DocumentError({ controls }: { controls: ComposerDocument }) {
  const { t } = useTranslation('composer');
  if (!controls.error) return null;
  const { name, message } = controls.error;
  return (
    <p
      className="mt-3 flex items-start justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
      aria-live="polite"
      data-testid="media-error"
    >
      <span>
        <bdi className="font-semibold">{name}</bdi>: {message}
      </span>
      <button
        type="button"
        onClick={controls.dismiss}
        aria-label={t('media.dismiss', { name })}
        className="shrink-0 rounded p-0.5 hover:bg-red-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </p>
  );
}

/** The document attached to the post in the composer: its first page, title, page count and Remove. */
export function AttachedDocument({
  document,
  onRemove,
  disabled,
}: {
  document: AttachedMedia;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('composer');
  return (
    <div className="mt-3 flex items-center gap-3" data-testid="document-attached" data-media-id={document.id}>
      <DocumentSummary document={document} />
      <button
        type="button"
        disabled={disabled}
        onClick={onRemove}
        aria-label={t('document.remove', { title: document.title ?? '' })}
        className="ms-auto rounded p-1 text-slate-600 hover:bg-red-50 hover:text-red-700"
        data-testid="document-remove"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** A document on a card or in a list: its first page small, its title and how many pages. */
export function DocumentSummary({ document }: { document: AttachedMedia }) {
  const { t } = useTranslation('composer');
  return (
    <div className="flex min-w-0 items-center gap-3" data-testid="post-document">
      <img
        src={thumbnailUrl(document.id)}
        alt={t('document.firstPage')}
        loading="lazy"
        className="h-20 w-16 shrink-0 rounded border border-slate-200 bg-white object-contain"
      />
      <div className="min-w-0">
        <p dir="auto" className="truncate text-sm font-semibold text-slate-800" data-testid="document-title">
          {document.title}
        </p>
        <p className="text-xs text-slate-500" data-testid="document-pages">
          {t('document.pages', { count: document.pageCount ?? 0 })}
        </p>
      </div>
    </div>
  );
}

/**
 * A document as the feed shows it: a bar with its title and page count over its pages, one at a
 * time, with arrows (and the arrow keys) to go through them. Pages are drawn in the browser by
 * pdf.js from the file; the first page's thumbnail (when there is one) shows while it loads.
 */
export function DocumentCarousel({
  url,
  title,
  pageCount,
  thumbnail,
}: {
  url: string;
  title: string;
  pageCount?: number;
  thumbnail?: string;
}) {
  const { t, i18n } = useTranslation('composer');
  const labelId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [drawn, setDrawn] = useState(0);
  const pages = pdf?.numPages ?? pageCount ?? 0;

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    setPdf(null);
    setFailed(false);
    setPage(1);
    setDrawn(0);
    loadPdfJs()
      .then(
        (lib) =>
          lib.getDocument({ url, withCredentials: true, isEvalSupported: false, standardFontDataUrl: PDF_FONTS_PATH })
            .promise,
      )
      .then(
        (document) => {
          loaded = document;
          if (cancelled) void document.destroy();
          else setPdf(document);
        },
        () => {
          if (!cancelled) setFailed(true);
        },
      );
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const target = canvas.current;
    if (!pdf || !target) return;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void pdf.getPage(page).then((proxy) => {
      if (cancelled) return;
      const width = target.parentElement?.clientWidth || 552;
      const natural = proxy.getViewport({ scale: 1 });
      const viewport = proxy.getViewport({ scale: (width / natural.width) * (window.devicePixelRatio || 1) });
      target.width = Math.round(viewport.width);
      target.height = Math.round(viewport.height);
      task = proxy.render({ canvas: target, viewport });
      task.promise.then(
        () => !cancelled && setDrawn(page),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page]);

  const go = (by: -1 | 1) => setPage((current) => Math.min(Math.max(current + by, 1), Math.max(pages, 1)));
  const onKeyDown = (event: KeyboardEvent) => {
    // The arrow pointing the way one reads goes forward: left in Arabic, right in English.
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(1);
    else if (event.key === back) go(-1);
    else if (event.key === 'Home') setPage(1);
    else if (event.key === 'End') setPage(Math.max(pages, 1));
    else return;
    event.preventDefault();
  };
  const status = t('document.pageOf', {
    n: formatNumber(page, i18n.language),
    total: formatNumber(pages, i18n.language),
  });

  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes the arrow keys to turn its pages.
      tabIndex={0}
      aria-roledescription={t('document.carousel')}
      aria-labelledby={labelId}
      onKeyDown={onKeyDown}
      className="mt-3 overflow-hidden rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      data-testid="document-carousel"
    >
      <header className="flex items-center justify-between gap-2 bg-slate-800 px-3 py-2 text-white">
        <p id={labelId} dir="auto" className="truncate text-sm font-semibold" data-testid="document-carousel-title">
          {title}
        </p>
        {pages > 0 && (
          <p className="shrink-0 text-xs text-slate-200" data-testid="document-carousel-pages">
            {t('document.pages', { count: pages })}
          </p>
        )}
      </header>
      <div className="relative bg-slate-100">
        {drawn === 0 && thumbnail && !failed && (
          <img src={thumbnail} alt="" className="w-full bg-white object-contain" data-testid="document-placeholder" />
        )}
        {drawn === 0 && !thumbnail && !failed && (
          <div className="flex aspect-[4/5] items-center justify-center">
            <Loader2 aria-hidden="true" className="size-6 animate-spin text-slate-400" />
          </div>
        )}
        {failed && (
          <p className="flex aspect-[4/5] items-center justify-center p-4 text-center text-sm text-slate-600">
            {t('document.cannotShow')}
          </p>
        )}
        <canvas
          ref={canvas}
          // A page is a picture: its text is placed by the PDF, never turned right to left by the page around it.
          dir="ltr"
          className={drawn === 0 ? 'hidden' : 'block h-auto w-full bg-white'}
          role="img"
          aria-label={status}
          data-testid="document-page"
          data-page={drawn}
        />
        {pages > 1 && (
          <>
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => go(-1)}
              aria-label={t('document.previous')}
              className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 p-1.5 text-white disabled:hidden"
              data-testid="document-previous"
            >
              <ChevronRight aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </button>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => go(1)}
              aria-label={t('document.next')}
              className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full bg-black/60 p-1.5 text-white disabled:hidden"
              data-testid="document-next"
            >
              <ChevronLeft aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </button>
          </>
        )}
      </div>
      <p className="px-3 py-1.5 text-xs text-slate-500" aria-live="polite" data-testid="document-page-status">
        {status}
      </p>
    </section>
  );
}
