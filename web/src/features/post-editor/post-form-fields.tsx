import { MAX_POST_LENGTH } from '@nashr/contracts';
import type { FormEvent, ReactNode } from 'react';
import { z } from 'zod';
import { textProblemText } from '../../lib/text-problem';
import { Button } from '../../ui/button';
import { CharCounter, postLength } from '../../ui/char-counter';
import { DateField } from '../../ui/date-field';
import { fieldClass } from '../../ui/dialog-frame';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';
import { TimeField } from '../../ui/time-field';

/** The parts the 'Schedule New Post' and 'Edit Post' forms share, so both popups look and read alike. */

/** The form itself: the checks are ours, so the browser's own bubbles stay away. */
export function PostForm({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 px-5 py-5 sm:px-6">
      {children}
    </form>
  );
}

interface PostContentFieldProps {
  /** Prefix of the form's element ids (from `useId`). */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The form counts the text as missing; text over the limit is marked without being told. */
  missing: boolean;
  rows: number;
  /** Keeps the box from shrinking below its rows when resized. */
  minHeightClass: string;
  placeholder?: string;
}

/** The post's text with its length counter underneath. */
export function PostContentField({
  id,
  label,
  value,
  onChange,
  disabled,
  missing,
  rows,
  minHeightClass,
  placeholder,
}: PostContentFieldProps) {
  const length = postLength(value);
  const problem = textProblemText(value);
  return (
    <div>
      <label htmlFor={`${id}-content`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={`${id}-content`}
        name="content"
        dir="auto"
        rows={rows}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        {...fieldProblemProps(`${id}-text-problem`, problem, `${id}-counter`)}
        aria-invalid={missing || length > MAX_POST_LENGTH || problem !== null}
        onChange={(event) => onChange(event.target.value)}
        className={`user-text ${fieldClass} ${minHeightClass} resize-y leading-relaxed`}
      />
      <CharCounter id={`${id}-counter`} text={value} />
      <FieldProblem id={`${id}-text-problem`} problem={problem} data-testid="text-problem" />
    </div>
  );
}

interface ScheduleFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  min?: string;
  max?: string;
}

interface ScheduleFieldsProps {
  id: string;
  date: ScheduleFieldProps;
  time: ScheduleFieldProps;
  disabled: boolean;
  /** Inside a fieldset whose legend already names the pair, the labels become quieter sub-labels. */
  grouped?: boolean;
}

/**
 * The day and time a post goes out, side by side from small screens up, in the app's language and
 * digits (the browser's own pickers follow the browser's). Values stay `YYYY-MM-DD` and `HH:mm`.
 */
export function ScheduleFields({ id, date, time, disabled, grouped = false }: ScheduleFieldsProps) {
  const labelClass = grouped
    ? 'mb-1 block text-xs font-medium text-slate-500'
    : 'mb-1.5 block text-sm font-medium text-slate-700';
  return (
    <div className={`grid sm:grid-cols-2 ${grouped ? 'gap-3' : 'gap-4'}`}>
      <div>
        <label id={`${id}-date-label`} htmlFor={`${id}-date`} className={labelClass}>
          {date.label}
        </label>
        <DateField
          id={`${id}-date`}
          labelId={`${id}-date-label`}
          value={date.value}
          onChange={date.onChange}
          min={date.min}
          max={date.max}
          disabled={disabled}
          invalid={date.invalid}
          testId="schedule-date"
        />
      </div>
      <div>
        <label id={`${id}-time-label`} htmlFor={`${id}-time`} className={labelClass}>
          {time.label}
        </label>
        <TimeField
          id={`${id}-time`}
          labelId={`${id}-time-label`}
          value={time.value}
          onChange={time.onChange}
          disabled={disabled}
          invalid={time.invalid}
          testId="schedule-time"
          selectClass={`${fieldClass} min-w-0 flex-1`}
        />
      </div>
    </div>
  );
}

/** Why the form was not sent, read out as soon as it shows. */
export function FormProblem({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid={testId} className="rounded-xl bg-red-50 px-4 py-2.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

interface FormActionsProps {
  busy: boolean;
  /** Submitting must wait (images still uploading): the submit button is disabled, Cancel is not. */
  waiting?: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  submittingLabel: string;
}

/** Cancel and submit; the submit button says it is working while the server answers. */
export function FormActions({
  busy,
  waiting = false,
  onCancel,
  cancelLabel,
  submitLabel,
  submittingLabel,
}: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <Button disabled={busy} onClick={onCancel} variant="secondary" size="lg">
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={busy || waiting} variant="primary" size="lg">
        {busy && <Spinner className="size-4 border-2" />}
        {busy ? submittingLabel : submitLabel}
      </Button>
    </div>
  );
}

/** What the schedule and edit forms keep in the browser while they are typed. */
export const postFormSchema = z.object({
  content: z.string(),
  firstComment: z.string(),
  date: z.string(),
  time: z.string(),
});
export type PostFormValues = z.infer<typeof postFormSchema>;
