import { TONE_EMOJI } from '@nashr/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldProblem } from './field-problem';

interface ChipGroupProps<T extends string> {
  name: string;
  options: readonly T[];
  selected: readonly T[];
  /** 'single' renders radios (exactly one), 'multiple' renders checkboxes (toggles). */
  mode: 'single' | 'multiple';
  onChange: (next: T[]) => void;
  label: (option: T) => ReactNode;
  disabled?: boolean;
  describedBy?: string;
}

/**
 * Options as pill toggles. Real radio and checkbox inputs underneath keep them keyboard
 * reachable and announced correctly; the pill only draws their state.
 */
function ChipGroup<T extends string>({
  name,
  options,
  selected,
  mode,
  onChange,
  label,
  disabled,
  describedBy,
}: ChipGroupProps<T>) {
  const toggle = (option: T, checked: boolean) => {
    if (mode === 'single') return onChange([option]);
    onChange(checked ? [...selected, option] : selected.filter((value) => value !== option));
  };
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((option) => {
        const checked = selected.includes(option);
        return (
          <label key={option} className={`group relative ${disabled ? '' : 'cursor-pointer'}`}>
            <input
              type={mode === 'single' ? 'radio' : 'checkbox'}
              name={name}
              value={option}
              checked={checked}
              disabled={disabled}
              aria-describedby={describedBy}
              onChange={(event) => toggle(option, event.target.checked)}
              className="peer sr-only"
            />
            <span
              className={`inline-flex items-center gap-1.5 rounded-full border px-3.5 py-2 text-sm font-medium transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${
                checked
                  ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
                  : disabled
                    ? 'border-slate-200 bg-white text-slate-400'
                    : 'border-slate-300 bg-white text-slate-700 group-hover:border-brand-400 group-hover:text-brand-700'
              }`}
            >
              {label(option)}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** The settings page sets its groups apart with dividers; the composer's sheet pads each group itself. */
const groupStyles = {
  page: {
    fieldset: 'min-w-0',
    legend: 'font-semibold text-ink',
    hint: 'mb-3 mt-1 text-sm text-slate-500',
  },
  sheet: {
    fieldset: 'min-w-0 py-5',
    // Floated so the legend sits inside the fieldset's padding instead of on its edge.
    legend: 'float-start w-full font-semibold text-ink',
    hint: 'clear-both pt-1 pb-3 text-sm text-slate-500',
  },
} as const;

interface OptionGroupProps<T extends string> extends Omit<ChipGroupProps<T>, 'name' | 'describedBy'> {
  /** Names the inputs and prefixes the hint and error ids. */
  id: string;
  legend: string;
  hint: string;
  error?: string;
  variant: keyof typeof groupStyles;
}

/** A titled group of chips with its hint and, once something is wrong, the reason. */
export function OptionGroup<T extends string>({ id, legend, hint, error, variant, ...chips }: OptionGroupProps<T>) {
  const style = groupStyles[variant];
  return (
    <fieldset className={style.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={style.legend}>{legend}</legend>
      <p id={`${id}-hint`} className={style.hint}>
        {hint}
      </p>
      <ChipGroup name={id} describedBy={`${id}-hint`} {...chips} />
      <FieldProblem id={`${id}-error`} problem={error} />
    </fieldset>
  );
}

/** A tone chip: its emoji (decoration only) before its name. */
export function ToneLabel({ tone }: { tone: keyof typeof TONE_EMOJI }) {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <span aria-hidden="true">{TONE_EMOJI[tone]}</span>
      <span>{t(`options.tones.${tone}`)}</span>
    </>
  );
}
