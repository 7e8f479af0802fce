import { type AttachedMedia, isDocumentType, MAX_POST_IMAGES, MEDIA_TYPES } from '@nashr/contracts';
import { ChevronLeft, ChevronRight, ImagePlus, Loader2, X } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../lib/api/media';
import { formatNumber } from '../../lib/format';
import { Button } from '../../ui/button';
import { AttachedDocument, DocumentError, DocumentTitleForm } from './document-attachment';
import { SortableImage, SortableImages } from './sortable-images';
import type { ComposerMedia } from './use-composer-media';

/** The image files a paste or a drop carries (anything else is left to the text). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : [];
}

/**
 * The post's images: a file picker, a drop zone (drop anywhere on it), thumbnails in their order
 * (reordered by dragging one, by keyboard on a focused one, or by its move earlier/later buttons)
 * with a remove button, and a line per refused file saying why.
 * Pasting an image into the composer adds it too (see Composer).
 */
export function MediaPicker({
  id,
  media,
  controls,
  disabled,
}: {
  id: string;
  media: AttachedMedia[];
  controls: ComposerMedia;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('composer');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // A document is the post's only file: nothing more can be added beside it.
  const document = media.find((item) => isDocumentType(item.contentType));
  const full = media.length >= MAX_POST_IMAGES || Boolean(document) || Boolean(controls.document.waiting);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) controls.add(imageFilesOf(event.dataTransfer));
  };

  return (
    <section
      aria-labelledby={`${id}-media-title`}
      className={`rounded-xl border border-dashed p-3 ${over ? 'border-brand-500 bg-brand-50' : 'border-slate-300'}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="media-picker"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          {/* A level below the page's title in the composer, level with a dialog's own title in one. */}
          <h2 id={`${id}-media-title`} className="text-sm font-semibold text-slate-700">
            {t('media.title')}
          </h2>
          <p id={`${id}-media-hint`} className="text-xs text-slate-500">
            {t('media.hint', { count: MAX_POST_IMAGES })}
          </p>
        </div>
        <Button
          disabled={disabled || full}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-media-hint`}
          variant="secondary"
          size="sm"
          data-testid="media-add"
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {t('media.add')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={MEDIA_TYPES.join(',')}
          multiple
          hidden
          onChange={(event) => {
            controls.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
          data-testid="media-input"
        />
      </div>

      <DocumentTitleForm id={id} controls={controls.document} />
      <DocumentError controls={controls.document} />
      {document && (
        <AttachedDocument document={document} onRemove={() => controls.remove(document.id)} disabled={disabled} />
      )}
      {!document && (media.length > 0 || controls.pending.some((p) => p.status === 'uploading')) && (
        <SortableImages media={media} disabled={disabled} onMove={controls.moveTo}>
          <ol className="mt-3 flex flex-wrap gap-2" aria-label={t('media.listLabel')} data-testid="media-list">
            {media.map((item, index) => (
              <SortableImage
                key={item.id}
                id={item.id}
                thumbnail={
                  <img
                    src={thumbnailUrl(item.id)}
                    alt={t('media.imageAlt', { n: formatNumber(index + 1, i18n.language) })}
                    draggable={false}
                    className="size-24 rounded-lg border border-slate-200 object-cover"
                  />
                }
              >
                <div className="mt-1 flex justify-between">
                  <button
                    type="button"
                    disabled={disabled || index === 0}
                    onClick={() => controls.move(item.id, -1)}
                    aria-label={t('media.moveEarlier', { n: formatNumber(index + 1, i18n.language) })}
                    className="rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                    data-testid="media-earlier"
                  >
                    <ChevronRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
                  </button>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => controls.remove(item.id)}
                    aria-label={t('media.remove', { n: formatNumber(index + 1, i18n.language) })}
                    className="rounded p-1 text-slate-600 hover:bg-red-50 hover:text-red-700"
                    data-testid="media-remove"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    disabled={disabled || index === media.length - 1}
                    onClick={() => controls.move(item.id, 1)}
                    aria-label={t('media.moveLater', { n: formatNumber(index + 1, i18n.language) })}
                    className="rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                    data-testid="media-later"
                  >
                    <ChevronLeft aria-hidden="true" className="size-4 ltr:-scale-x-100" />
                  </button>
                </div>
              </SortableImage>
            ))}
            {controls.pending
              .filter((p) => p.status === 'uploading')
              .map((p) => (
                <li
                  key={p.key}
                  className="flex size-24 items-center justify-center rounded-lg border border-slate-200 bg-slate-50"
                  data-testid="media-uploading"
                >
                  <Loader2 aria-hidden="true" className="size-5 animate-spin text-slate-500" />
                  <span className="sr-only">{t('media.uploading', { name: p.name })}</span>
                </li>
              ))}
          </ol>
        </SortableImages>
      )}

      {controls.pending.some((p) => p.status === 'failed') && (
        <ul className="mt-3 space-y-1" aria-live="polite" data-testid="media-errors">
          {controls.pending
            .filter((p) => p.status === 'failed')
            .map((p) => (
              <li
                key={p.key}
                className="flex items-start justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
                data-testid="media-error"
              >
                <span>
                  <bdi className="font-semibold">{p.name}</bdi>: {p.error}
                </span>
                <button
                  type="button"
                  onClick={() => controls.dismiss(p.key)}
                  aria-label={t('media.dismiss', { name: p.name })}
                  className="shrink-0 rounded p-0.5 hover:bg-red-100"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
