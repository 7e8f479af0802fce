import type { Locale } from '@nashr/contracts';
// The words for each declared code live once, in the web app's translations; the build bundles
// them into the service, so the e-mail says a refusal exactly as the bell does.
import arErrors from '../../../../web/src/i18n/locales/ar/errors.json' with { type: 'json' };
import enErrors from '../../../../web/src/i18n/locales/en/errors.json' with { type: 'json' };

const WORDS: Record<Locale, unknown> = { ar: arErrors, en: enErrors };

/**
 * The words of a declared code (`linkedin.rejected`) in `lang`, or null when there are none, or
 * when they need values the notification does not keep (`{{limit}}`).
 */
export function reasonWords(lang: Locale, code: string | null | undefined): string | null {
  if (!code) return null;
  let node: unknown = WORDS[lang];
  for (const part of code.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && !node.includes('{{') ? node : null;
}
