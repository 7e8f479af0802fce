import type { ReactNode } from 'react';

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
export function ChipGroup<T extends string>({
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
