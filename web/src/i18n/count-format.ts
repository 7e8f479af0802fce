import {
  AUTOPILOT_LIMITS,
  CHECKPOINT_CODE_LENGTH,
  MAX_ABOUT_CHARS,
  MAX_BLOCK_BYTES,
  MAX_DOCUMENT_PAGES,
  MAX_DOCUMENT_UPLOAD_BYTES,
  MAX_HEADLINE_CHARS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_SKILL_CHARS,
  MAX_SKILLS,
} from '@nashr/contracts';
import type { i18n as I18n } from 'i18next';
import { formatNumber } from '../lib/format';

const MB = 1024 * 1024;

/**
 * The fixed numbers the copy names (sizes, a code's digits, the network's own limits), from the
 * constants that set them. Every string reads them as `{{name, num}}`, so they follow the digit
 * setting too and never drift from the rule they describe. Words after them are written for
 * these values (terms.test.ts checks that no other number is written into a string).
 */
export const COPY_NUMBERS = {
  imageMegabytes: MAX_IMAGE_UPLOAD_BYTES / MB,
  documentMegabytes: MAX_DOCUMENT_UPLOAD_BYTES / MB,
  documentPages: MAX_DOCUMENT_PAGES,
  landingImageMegabytes: MAX_IMAGE_BYTES / MB,
  sectionMegabytes: MAX_BLOCK_BYTES / MB,
  codeDigits: CHECKPOINT_CODE_LENGTH,
  headlineChars: MAX_HEADLINE_CHARS,
  aboutChars: MAX_ABOUT_CHARS,
  skills: MAX_SKILLS,
  skillChars: MAX_SKILL_CHARS,
  autopilotMinCap: AUTOPILOT_LIMITS.minDailyCap,
  autopilotMaxCap: AUTOPILOT_LIMITS.maxDailyCap,
  joinedUsers: 10_000,
  ratingMax: 5,
} as const;

/**
 * Every number a string shows follows the user's digit setting (Western or Arabic-Indic).
 * `{{count, num}}` writes a count in the user's digits; i18next's own `number` format takes the
 * bare language and ignores that preference, so the locale files never use it. A number filled in
 * without a format (`{{limit}}`) is written the same way, so no count slips through in the
 * browser's digits: the interpolator formats every value, and plain numbers go through
 * formatNumber. The plural form itself is picked by i18next from `count` with Intl.PluralRules:
 * Arabic has six forms (zero, one, two, few, many, other), English two.
 */
export function addCountFormat(i18n: I18n): void {
  i18n.services.formatter?.add('num', (value, language) => formatNumber(Number(value), language ?? 'ar'));
  const interpolator = i18n.services.interpolator as unknown as {
    alwaysFormat: boolean;
    format: (value: unknown, format: string | undefined, language: string, options: object) => unknown;
  };
  const format = interpolator.format;
  if (i18n.options.interpolation) {
    i18n.options.interpolation.defaultVariables = { ...COPY_NUMBERS, ...i18n.options.interpolation.defaultVariables };
  }
  // Kept in the options too: a t() call with interpolation options re-reads them.
  if (i18n.options.interpolation) i18n.options.interpolation.alwaysFormat = true;
  interpolator.alwaysFormat = true;
  interpolator.format = (value, name, language, options) => {
    if (name !== undefined) return format(value, name, language, options);
    return typeof value === 'number' && Number.isFinite(value) ? formatNumber(value, language ?? 'ar') : value;
  };
}
