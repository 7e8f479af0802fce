import { answerCodeOfIssues, type ContentBlockName, contentBlockSchemas, MAX_BLOCK_BYTES } from '@nashr/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * The editors read their limits from the contract schemas, so the browser and the content
 * service can never disagree about a maximum length or a list size.
 */
export function maxLength(schema: z.ZodType): number | undefined {
  const max = (schema as { maxLength?: number | null }).maxLength;
  return typeof max === 'number' ? max : undefined;
}

interface CheckDef {
  check?: string;
  maximum?: number;
}

/** The `.max(n)` of an array schema (zod keeps it as a `max_length` check). */
export function maxItems(schema: z.ZodType): number {
  const checks = (schema._zod.def as { checks?: { _zod: { def: CheckDef } }[] }).checks ?? [];
  const found = checks.map((c) => c._zod.def).find((def) => def.check === 'max_length');
  return found?.maximum ?? Number.POSITIVE_INFINITY;
}

export type FieldIssues = ReadonlyMap<string, string>;

const lastKey = (path: PropertyKey[]) => String(path[path.length - 1] ?? '');

/** One readable message per problem, in the interface language. */
function describeIssue(issue: z.core.$ZodIssue, t: TFunction<'admin'>): string {
  switch (issue.code) {
    case 'too_small':
      return t('validation.required');
    case 'too_big':
      return issue.origin === 'array'
        ? t('validation.tooMany', { count: Number(issue.maximum) })
        : t('validation.tooLong', { count: Number(issue.maximum) });
    case 'invalid_format': {
      const key = lastKey(issue.path);
      if (key === 'background') return t('validation.color');
      if (key === 'buttonClass') return t('validation.buttonClass');
      return t('validation.invalid');
    }
    case 'invalid_value':
      return lastKey(issue.path) === 'icon' ? t('validation.icon') : t('validation.invalid');
    case 'custom': {
      // The contracts' text rule names its refusal (`text.bidi_override`): the errors namespace says it.
      const answerCode = answerCodeOfIssues([issue]);
      if (answerCode) return t(answerCode, { ns: 'errors' });
      return lastKey(issue.path) === 'image' ? t('validation.image') : issue.message;
    }
    default:
      return t('validation.invalid');
  }
}

/**
 * Checks a draft with the same schema the service applies, before it is sent. Keys are the
 * dotted paths the service also uses in its `issues` (`testimonials.0.name`); '' is the block.
 */
export function checkBlock(block: ContentBlockName, value: unknown, t: TFunction<'admin'>): FieldIssues {
  const issues = new Map<string, string>();
  const result = (contentBlockSchemas[block] as z.ZodType).safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!issues.has(path)) issues.set(path, describeIssue(issue, t));
    }
  }
  if (issues.size === 0 && new TextEncoder().encode(JSON.stringify(value)).length > MAX_BLOCK_BYTES) {
    issues.set('', t('editor.tooLarge'));
  }
  return issues;
}

/**
 * The fields the service refused (`{ path }[]`), keyed like `checkBlock`'s, each in the interface
 * language: the same check run here says why, and a field it finds no fault with gets the
 * general 'not valid'. The service's English words are never shown.
 */
export function issuesFromServer(list: { path: string }[], local: FieldIssues, t: TFunction<'admin'>): FieldIssues {
  return new Map(list.map((issue) => [issue.path, local.get(issue.path) ?? t('validation.invalid')]));
}
