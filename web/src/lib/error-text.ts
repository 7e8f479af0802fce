import { answerCodeOfIssues, CLIENT_ERROR_CODES, COMMON_ERROR_CODES } from '@nashr/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import type { z } from 'zod';

type Translations = Pick<I18n, 'exists' | 't'>;

import { ApiError } from './api/client';

/** A translation key (with its namespace) and the values it fills in. */
export interface ErrorWords {
  key: string;
  params: Record<string, string | number>;
}

/**
 * Which words say an API error in the interface language, chosen by its stable code
 * (`post.too_long`) with its values. A code the app has no words for falls back to a
 * translated generic sentence by its status, never to the server's English.
 */
export function errorWords(error: unknown): ErrorWords {
  if (!(error instanceof ApiError)) return { key: `errors:${CLIENT_ERROR_CODES.unknown}`, params: {} };
  const key = `errors:${error.code}`;
  if (i18next.exists(key)) return { key, params: withCount(withNoun(withRole(withPlanName(error.params)))) };
  const fallback =
    error.status === 0
      ? CLIENT_ERROR_CODES.offline
      : error.status >= 500
        ? COMMON_ERROR_CODES.internal
        : CLIENT_ERROR_CODES.unknown;
  return { key: `errors:${fallback}`, params: {} };
}

/** A plan refusal carries the plan's id (`plan.*` codes); the words say its name in the interface language. */
function withPlanName(
  params: Record<string, string | number>,
  i18n: Translations = i18next,
): Record<string, string | number> {
  const plan = params.plan;
  const key = `billing:plans.${plan}`;
  return typeof plan === 'string' && i18n.exists(key) ? { ...params, plan: i18n.t(key) } : params;
}

/**
 * The number a refusal counts, as i18next's `count`, so its words take the plural form the number
 * needs («200 شخص», «3 ثوانٍ»): the limit it names (`limit`), else the seconds to wait or the days
 * allowed. Refusals that send their own `count` keep it.
 */
const COUNTED_PARAMS = ['limit', 'seconds', 'days'] as const;

export function withCount(params: Record<string, string | number>): Record<string, string | number> {
  if (typeof params.count === 'number') return params;
  const counted = COUNTED_PARAMS.map((name) => params[name]).find((value) => typeof value === 'number');
  return counted === undefined ? params : { ...params, count: counted };
}

/**
 * A refusal for a workspace role too low names the caller's role (`role`): i18next's context picks
 * the words for it (`workspace.role_too_low_viewer`, saying who can), else the plain key.
 */
function withRole(params: Record<string, string | number>): Record<string, string | number> {
  return typeof params.role === 'string' && /^[a-z]+$/.test(params.role) ? { ...params, context: params.role } : params;
}

/**
 * An AI failure names what was being written (`noun`: draft, profile_review, ideas, comment):
 * i18next's context picks the words for it (`ai.failed_profile_review`), else the plain key.
 */
function withNoun(params: Record<string, string | number>): Record<string, string | number> {
  return typeof params.noun === 'string' ? { ...params, context: params.noun } : params;
}

/**
 * The words of a declared code (a post's failure code), or null when the app has none for it.
 * `i18n`: the component's own (`useTranslation().i18n`), which on the server is the rendering
 * language's; the module's instance has no words there, and the page would show others until hydrated.
 */
export function codeText(
  i18n: Translations,
  code: string | null | undefined,
  params: Record<string, string | number> = {},
): string | null {
  return code && i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`, withCount(withPlanName(params, i18n))) : null;
}

/**
 * What the catalogue's `schema` says of `value` before it is sent, in the words the service would
 * answer with (the answer code its rules carry, filled with `params`, else the generic "not
 * valid"); null when it holds.
 */
export function schemaProblem(
  i18n: Translations,
  schema: z.ZodType,
  value: unknown,
  params: Record<string, string | number> = {},
): string | null {
  const checked = schema.safeParse(value);
  if (checked.success) return null;
  return codeText(i18n, answerCodeOfIssues(checked.error.issues) ?? COMMON_ERROR_CODES.invalid, params);
}

/** What an API error says in the interface language (see errorWords). */
export function errorText(error: unknown): string {
  const { key, params } = errorWords(error);
  return i18next.t(key, params);
}
