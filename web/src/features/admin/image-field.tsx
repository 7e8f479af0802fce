import { ImageOff, ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMegabytes } from '../../lib/format';
import { Button } from '../../ui/button';
import { FieldProblem } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';
import { useFieldIssue } from './fields';
import { IMAGE_ACCEPT, type ImageRefusal, readImageFile } from './image-file';

interface ImageFieldProps {
  label: string;
  path: string;
  value: string;
  onChange: (value: string) => void;
}

/** An uploaded image, kept inline as a data URL, with its preview. */
export function ImageField({ label, path, value, onChange }: ImageFieldProps) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const issue = useFieldIssue(path);
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);

  const describe = (name: string, refused: ImageRefusal) =>
    refused.reason === 'tooLarge'
      ? t('image.tooLarge', { name, size: formatMegabytes(refused.size, i18n.language) })
      : t(`image.${refused.reason}`, { name });

  const accept = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(null);
    setReading(true);
    const result = await readImageFile(file);
    setReading(false);
    if (result.ok) onChange(result.dataUrl);
    else setRefusal(describe(file.name, result.refusal));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  const message = refusal ?? issue;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1.5"
      data-testid={`image-field-${path}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <legend id={`${id}-label`} className="mb-1.5 text-sm font-medium text-slate-800">
        {label}
      </legend>
      <div
        className={`flex items-center gap-4 rounded-xl border border-dashed p-3 transition ${
          dragging ? 'border-brand-500 bg-brand-50' : message ? 'border-red-400' : 'border-slate-300 bg-slate-50/60'
        }`}
      >
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg border border-slate-200 bg-white sm:size-24">
          {reading ? (
            <Spinner className="size-6" />
          ) : value ? (
            <img
              src={value}
              alt={t('image.preview', { label })}
              className="size-full object-contain"
              data-testid="image-preview"
            />
          ) : (
            <span className="flex flex-col items-center gap-1 text-slate-400">
              <ImageOff aria-hidden="true" className="size-6" />
              <span className="text-[11px]">{t('image.none')}</span>
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => input.current?.click()}
              aria-describedby={`${id}-label ${id}-help${message ? ` ${id}-error` : ''}`}
              variant="secondary"
              size="sm"
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {value ? t('image.replace') : t('image.upload')}
            </Button>
            {value && (
              <button
                type="button"
                onClick={() => {
                  setRefusal(null);
                  onChange('');
                }}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('image.remove')}
              </button>
            )}
          </div>
          <p id={`${id}-help`} className="text-xs text-slate-500">
            {t('image.help')}
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          data-testid="image-input"
          onChange={(e) => {
            void accept(e.target.files?.[0]);
            // Choosing the same file again after a refusal must fire a change again.
            e.target.value = '';
          }}
        />
      </div>
      <FieldProblem id={`${id}-error`} problem={message} size="xs" />
    </fieldset>
  );
}
