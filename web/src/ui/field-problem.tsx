import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

const sizes = {
  sm: { line: 'mt-1.5 gap-1.5 text-sm font-normal', icon: 'mt-0.5 size-4' },
  // The dense admin editors, where hints and counters are small too; the weight keeps small red words legible.
  xs: { line: 'mt-1 gap-1 text-xs font-medium', icon: 'mt-px size-3.5' },
} as const;

/**
 * What is wrong with a field, in one line under it (or under a form's fields), or nothing. Read
 * out as it appears; the field points at it with `fieldProblemProps`. A `span`, so that it may
 * stand inside a `<label>` too.
 */
export function FieldProblem({
  id,
  problem,
  size = 'sm',
  'data-testid': testId,
}: {
  /** What the field's `aria-describedby` names. */
  id?: string | undefined;
  problem: ReactNode;
  size?: keyof typeof sizes;
  'data-testid'?: string;
}) {
  if (!problem) return null;
  const look = sizes[size];
  return (
    <span id={id} role="alert" className={`flex w-full items-start text-red-700 ${look.line}`} data-testid={testId}>
      <CircleAlert aria-hidden="true" className={`shrink-0 ${look.icon}`} />
      <span>{problem}</span>
    </span>
  );
}

/**
 * What ties a field to its problem: invalid, and described by the problem's line, while there is
 * one. `alsoDescribedBy` names what describes the field in any case (its hint, where it has one),
 * before the problem.
 */
export function fieldProblemProps(
  problemId: string,
  problem: unknown,
  ...alsoDescribedBy: (string | false | undefined)[]
) {
  const describedBy = [...alsoDescribedBy, problem ? problemId : undefined].filter(Boolean);
  return {
    'aria-invalid': problem ? (true as const) : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  };
}
