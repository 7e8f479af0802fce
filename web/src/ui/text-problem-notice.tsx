import { AlertTriangle } from 'lucide-react';
import { textProblemText } from '../lib/text-problem';

/** Says under a text field why its text cannot be sent (a direction override...), or nothing. */
export function TextProblemNotice({ text, id }: { text: string; id?: string }) {
  const problem = textProblemText(text);
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="flex items-start gap-1.5 text-xs text-red-700" data-testid="text-problem">
      <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {problem}
    </p>
  );
}
