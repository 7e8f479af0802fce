import arAdmin from '../features/admin/locales/ar/admin.json';
import enAdmin from '../features/admin/locales/en/admin.json';
import { arResources } from './resources-ar';
import { enResources } from './resources-en';

/**
 * Every namespace in both languages. A test checks that Arabic and English have exactly the
 * same keys, so a screen never shows a raw key in one language. The app itself fetches one
 * language at a time (resources-ar.ts, resources-en.ts), and the namespaces of one screen each
 * apart (i18n/index.ts).
 */
export const resources = {
  ar: { ...arResources, admin: arAdmin },
  en: { ...enResources, admin: enAdmin },
} as const;
