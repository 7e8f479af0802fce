import { useId } from 'react';

interface SegmentedChoiceProps<T extends string | number> {
  /** Names the group for assistive technology (and shows it when `showLegend`). */
  legend: string;
  showLegend?: boolean;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (option: T) => string;
  testId?: string;
}

/**
 * One choice among a few, drawn as joined buttons. Real radio inputs underneath: arrow keys move
 * the choice (in the reading direction), Tab enters and leaves the group, and each option is
 * announced with its position and state.
 */
export function SegmentedChoice<T extends string | number>({
  legend,
  showLegend = false,
  options,
  value,
  onChange,
  label,
  testId,
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className={showLegend ? 'mb-1.5 text-sm font-medium text-slate-700' : 'sr-only'}>{legend}</legend>
      <div className="inline-flex max-w-full flex-wrap rounded-xl border border-slate-300 bg-white p-1 shadow-sm">
        {options.map((option) => {
          const checked = option === value;
          return (
            <label key={String(option)} className="relative cursor-pointer">
              <input
                type="radio"
                name={name}
                value={String(option)}
                checked={checked}
                onChange={() => onChange(option)}
                className="peer sr-only"
                data-value={String(option)}
              />
              <span
                className={`block rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${
                  checked ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {label(option)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
