import arCommon from './locales/ar/common.json';
import enCommon from './locales/en/common.json';

/**
 * Every namespace in both languages. A test checks that Arabic and English have exactly the
 * same keys, so a screen never shows a raw key in one language.
 */
export const resources = {
  ar: { common: arCommon },
  en: { common: enCommon },
} as const;
