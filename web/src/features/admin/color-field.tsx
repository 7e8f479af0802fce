import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { inputClass, LabelledField } from './fields';

const FULL_HEX = /^#[0-9a-fA-F]{6}$/;
const SHORT_HEX = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/;

/** The colour picker only understands #rrggbb; show the nearest thing for other valid values. */
function pickerValue(value: string): string {
  if (FULL_HEX.test(value)) return value.toLowerCase();
  const short = SHORT_HEX.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return '#ffffff';
}

interface ColorFieldProps {
  path: string;
  value: string;
  onChange: (value: string) => void;
}

/** A badge background: a swatch picker plus the hex code, or no colour at all. */
export function ColorField({ path, value, onChange }: ColorFieldProps) {
  const { t } = useTranslation('admin');
  return (
    <LabelledField path={path} label={t('fields.badgeColor')}>
      {(control) => (
        <div className="flex items-center gap-1.5">
          <input
            type="color"
            value={pickerValue(value)}
            onChange={(e) => onChange(e.target.value)}
            aria-label={t('fields.badgeColor')}
            className="h-9 w-10 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
          <input
            {...control}
            type="text"
            dir="ltr"
            value={value}
            placeholder={t('fields.noColor')}
            onChange={(e) => onChange(e.target.value.trim())}
            className={`${inputClass} w-28 font-mono`}
          />
          {value !== '' && (
            <button
              type="button"
              onClick={() => onChange('')}
              aria-label={t('fields.noColor')}
              title={t('fields.noColor')}
              className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      )}
    </LabelledField>
  );
}
