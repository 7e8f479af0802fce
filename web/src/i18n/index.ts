import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Bundle = Record<string, unknown>;

/**
 * The landing page's own namespaces, one small chunk per language (see vite.config.ts): a
 * visitor downloads the copy of their language only. Every other namespace registered in
 * resources.ts arrives in one chunk, in both languages (the admin editors read both), before any
 * other screen renders: the root route's beforeLoad calls loadAllNamespaces.
 */
const landingNamespaces = import.meta.glob<Bundle>('./locales/*/{common,landing}.json', { import: 'default' });

let allNamespaces: Promise<void> | undefined;

export function loadAllNamespaces(): Promise<void> {
  allNamespaces ??= import('./resources').then(
    ({ resources }) => {
      for (const [language, namespaces] of Object.entries(resources)) {
        for (const [namespace, bundle] of Object.entries(namespaces)) {
          i18next.addResourceBundle(language, namespace, bundle, true, false);
        }
      }
    },
    (error: unknown) => {
      // A failed download (offline for a moment) is tried again on the next navigation.
      allNamespaces = undefined;
      throw error;
    },
  );
  return allNamespaces;
}

/**
 * Where i18next gets a namespace it does not hold yet: the landing chunk of that language, or
 * everything else at once. Screens asking for a namespace that has not arrived suspend until it has.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const landing = landingNamespaces[`./locales/${language}/${namespace}.json`];
    const bundle = landing
      ? landing()
      : loadAllNamespaces().then(() => (i18next.getResourceBundle(language, namespace) as Bundle | undefined) ?? {});
    bundle.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

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
  // The new language's copy first, so the text and the direction switch together.
  await i18next.loadLanguages(language);
  applyToDocument(language);
  await i18next.changeLanguage(language);
}

export function initI18n() {
  const language = storedLanguage();
  applyToDocument(language);
  return i18next.use(initReactI18next).use(lazyNamespaces).init({
    ns: ['common', 'landing'],
    lng: language,
    // No fallback language: it would make every English visitor download the Arabic copy too.
    // Both languages always have the same keys (i18n.test.ts), so nothing is ever missing.
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18next };
