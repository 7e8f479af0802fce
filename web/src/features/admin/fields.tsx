import type { Locale } from '@nashr/contracts';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import type { FieldIssues } from './block-rules';

interface EditorContextValue {
  /** The language of the copy being edited: inputs take its direction, whatever the interface is. */
  lang: Locale;
  issues: FieldIssues;
}

const EditorContext = createContext<EditorContextValue>({ lang: 'ar', issues: new Map() });
export const EditorContextProvider = EditorContext.Provider;

export const useEditorContext = () => useContext(EditorContext);

export function useFieldIssue(path: string): string | undefined {
  return useContext(EditorContext).issues.get(path);
}

export const inputClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-xs transition placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-100';

interface TextFieldProps {
  label: string;
  /** Dotted path of the value in the block: finds this field's issue. */
  path: string;
  value: string;
  onChange: (value: string) => void;
  max?: number | undefined;
  hint?: string;
  optional?: boolean;
  multiline?: boolean;
  rows?: number;
  className?: string;
  /** Free text of the copy (the default) or a code-like value that always reads left to right. */
  kind?: 'copy' | 'code';
}

/** What ties a control to its label and its error message. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label above one control (or a row around it) and the field's error below it. */
export function LabelledField({
  path,
  label,
  children,
}: {
  path: string;
  label: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const issue = useFieldIssue(path);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, ...fieldProblemProps(`${id}-error`, issue) })}
      <FieldProblem id={`${id}-error`} problem={issue} size="xs" />
    </div>
  );
}

/** A labelled text input or textarea with its counter, hint and error. */
export function TextField({
  label,
  path,
  value,
  onChange,
  max,
  hint,
  optional,
  multiline,
  rows = 3,
  className = '',
  kind = 'copy',
}: TextFieldProps) {
  const { t } = useTranslation('admin');
  const { lang } = useEditorContext();
  const id = useId();
  const issue = useFieldIssue(path);
  const common = {
    id,
    value,
    name: path,
    ...fieldProblemProps(`${id}-error`, issue, hint && `${id}-hint`),
    dir: kind === 'code' ? 'ltr' : lang === 'ar' ? 'rtl' : 'ltr',
    lang: kind === 'code' ? undefined : lang,
    className: inputClass,
  } as const;
  const over = max !== undefined && value.length > max;
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="flex items-baseline gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {optional && <span className="text-xs text-slate-500">{t('fields.optional')}</span>}
        </span>
        {max !== undefined && (
          <span className={`shrink-0 text-xs tabular-nums ${over ? 'font-semibold text-red-600' : 'text-slate-500'}`}>
            {t('fields.characters', { count: value.length, max })}
          </span>
        )}
      </div>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(e) => onChange(e.target.value)}
          // The field is in the copy's language; each paragraph still keeps its own direction.
          className={`${inputClass} user-text resize-y`}
        />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldProblem id={`${id}-error`} problem={issue} size="xs" />
    </div>
  );
}

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  className?: string;
}

export function CheckboxField({ label, checked, onChange, hint, className = '' }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-start gap-2.5 ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600"
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

/** A titled group of fields inside an editor. */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 py-6 first:pt-0 last:pb-0">
      <div>
        <h3 className="text-base font-semibold text-ink">{title}</h3>
        {hint && <p className="mt-0.5 text-sm text-slate-500">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
