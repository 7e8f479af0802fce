import { z } from 'zod';

/**
 * The one rule for text people type (post content, personalization, landing content, names):
 * a character that cannot be stored, or that can make text display as something it is not, is
 * refused with its own answer code and a message saying which it is, never silently changed.
 *
 * Kept: the marks Arabic writing needs, RLM (U+200F), LRM (U+200E), ALM (U+061C), and the
 * isolates (U+2066 to U+2069), which cannot leak past the end of their text. Refused: the
 * embeddings and overrides (U+202A to U+202E), which can make 'exe.jpg' read as something else.
 */
export const TEXT_PROBLEMS = {
  'text.unstorable': {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what it looks for.
    pattern: /\u0000/,
    message: 'The text contains the NUL character, which cannot be saved. Remove it and try again.',
  },
  'text.lone_surrogate': {
    // In a `u` pattern a well-formed pair is one code point: only halves of a pair match.
    pattern: /\p{Cs}/u,
    message: 'The text contains a broken character (half of a UTF-16 surrogate pair). Remove it and try again.',
  },
  'text.bidi_override': {
    pattern: /[\u202A-\u202E]/,
    message:
      'The text contains a direction override character (U+202A to U+202E), which can disguise what it says. Remove it and try again.',
  },
} as const;
export type TextProblem = keyof typeof TEXT_PROBLEMS;

const PROBLEMS = Object.entries(TEXT_PROBLEMS) as [TextProblem, (typeof TEXT_PROBLEMS)[TextProblem]][];

/** The first reason `value` is refused, or null when it is fine. */
export function textProblem(value: string): TextProblem | null {
  for (const [code, { pattern }] of PROBLEMS) if (pattern.test(value)) return code;
  return null;
}

/**
 * The zod check behind `text()`: the issue carries the answer code in `params.answerCode`,
 * which the services' error handler answers with.
 */
export function refuseUnsafeText(value: string, ctx: z.RefinementCtx): void {
  const problem = textProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: TEXT_PROBLEMS[problem].message, params: { answerCode: problem } });
  }
}

/** A string field of text people type, under the one rule above. `error` is the message when it is not a string. */
export const text = (error?: string) => z.string(error).superRefine(refuseUnsafeText);

/**
 * The answer code an issue asks for (the text rule's `text.bidi_override`, a limit's own code),
 * carried in its `params.answerCode`; the first issue that names one decides. The services answer
 * with it, and a form checking the same schema first says it in the same words.
 */
export function answerCodeOfIssues(issues: ReadonlyArray<object>): string | undefined {
  for (const issue of issues) {
    // Only a custom issue has params (zod's own kinds have none).
    const code = 'params' in issue ? (issue.params as { answerCode?: unknown } | undefined)?.answerCode : undefined;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
