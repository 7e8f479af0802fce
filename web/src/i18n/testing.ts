import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addCountFormat } from './count-format';
import { resources } from './resources';

/**
 * For jsdom tests: the app's i18next, with every namespace and the count format, in `lng`
 * (Arabic, the default, unless a test reads the English words) and falling back to Arabic as the
 * app does.
 */
export async function startI18nForTests(lng: 'ar' | 'en' = 'ar'): Promise<void> {
  await i18next
    .use(initReactI18next)
    .init({ resources, lng, fallbackLng: 'ar', interpolation: { escapeValue: false } });
  addCountFormat(i18next);
}
