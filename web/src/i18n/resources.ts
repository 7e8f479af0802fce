import { arResources } from './resources-ar';
import { enResources } from './resources-en';

/**
 * Every namespace in both languages. A test checks that Arabic and English have exactly the
 * same keys, so a screen never shows a raw key in one language. The app itself fetches one
 * language at a time (resources-ar.ts, resources-en.ts).
 */
export const resources = {
  ar: arResources,
  en: enResources,
} as const;
