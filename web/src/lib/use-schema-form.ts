import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a zod schema, the same schema the API checks the request with: its fields are
 * what the schema takes (`Input`), and a submit hands on what it gives (`Output`).
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
) {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}

/**
 * A text field's refusal by its schema in words: `tooLong` when it went over its length, else
 * `missing` (empty, or only spaces); undefined while the field holds.
 */
export function lengthProblem(error: FieldError | undefined, words: { tooLong: string; missing: string }) {
  if (!error) return undefined;
  return error.type === 'too_big' ? words.tooLong : words.missing;
}

/**
 * The rules a service applies to a text once it trims it (not empty, at most `limit` long), added
 * to a schema's check as an issue on `path` that carries the service's answer code, so a form says
 * it in the service's words before sending. Gives the trimmed text.
 */
export function refuseTrimmedText(
  text: string,
  ctx: z.RefinementCtx,
  path: string,
  limit: number,
  codes: { empty: string; tooLong: string },
): string {
  const trimmed = text.trim();
  const code = !trimmed ? codes.empty : trimmed.length > limit ? codes.tooLong : null;
  if (code) ctx.addIssue({ code: 'custom', path: [path], message: code, params: { answerCode: code } });
  return trimmed;
}
