import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A form's list of choices to tick (a token's permissions, a webhook's events): one checkbox per
 * value, registered under one field, so the form reads the ticked values as an array.
 */
export function TickList<Value extends string>({
  legend,
  values,
  wordsOf,
  field,
  dataName,
}: {
  legend: string;
  values: readonly Value[];
  wordsOf: (value: Value) => string;
  field: UseFormRegisterReturn;
  /** The checkbox's data attribute that names its value, for tests (`data-scope`, `data-event`). */
  dataName: `data-${string}`;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {values.map((value) => (
          <label
            key={value}
            className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm text-slate-700"
          >
            <input
              type="checkbox"
              value={value}
              className="size-4 accent-brand-600"
              {...field}
              {...{ [dataName]: value }}
            />
            {wordsOf(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
