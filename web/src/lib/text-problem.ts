import { TEXT_PROBLEMS, type TextProblem, textProblem } from '@nashr/contracts';
import i18next from 'i18next';

/**
 * What the text rule of the contracts (no lone surrogate, no direction override) says about
 * `value`, in the interface language; null when the text is fine. The same words the API's
 * refusal would bring back (errors.json `text.*`), shown before anything is sent.
 */
export function textProblemText(value: string): string | null {
  const problem = textProblem(value);
  return problem ? i18next.t(`errors:${problem}`) : null;
}

/** The same words for a text-rule refusal known only by its English message (what a form resolver keeps). */
export function textRuleMessageText(message: string | undefined): string | null {
  const problem = (Object.keys(TEXT_PROBLEMS) as TextProblem[]).find((code) => TEXT_PROBLEMS[code].message === message);
  return problem ? i18next.t(`errors:${problem}`) : null;
}
