import { useId } from 'react';

/** The look of a library screen's filter fields (search box and selects). */
const FIELD_CLASS =
  'h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** The row of filters above a library's list: the search box wide, the selects beside it. */
export function FilterRow({ children }: { children: React.ReactNode }) {
  return (
    <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      {children}
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function FilterSearch({
  label,
  placeholder,
  value,
  onChange,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={FIELD_CLASS}
        data-testid={testId}
      />
    </Labelled>
  );
}

/**
 * A labelled select over a fixed list of values. `anyLabel` adds a first option, the empty value,
 * that filters nothing out.
 */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  anyLabel,
  testId,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (value: T | '') => void;
  anyLabel?: string;
  testId: string;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <select
        id={id}
        value={value}
        // The value is one of `options` (or '' for "any"): the select offers nothing else.
        onChange={(event) => onChange(event.target.value as T | '')}
        className={FIELD_CLASS}
        data-testid={testId}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
