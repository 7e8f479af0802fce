import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';

export type Language = 'ar' | 'en';

/** Spec: the stored value `en` gives English; anything else (or nothing) gives Arabic. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ar';
  } catch {
    return 'ar';
  }
}

export const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr');

function applyToDocument(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Switches the interface language, mirrors the page and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage: the switch still applies to this visit.
  }
  applyToDocument(language);
  await i18next.changeLanguage(language);
}

export function initI18n() {
  const language = storedLanguage();
  applyToDocument(language);
  return i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'ar',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18next };
