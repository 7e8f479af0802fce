import { LANGUAGE_COOKIE } from '@nashr/contracts';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addCountFormat } from './count-format';
import arCommon from './locales/ar/common.json';
import arLanding from './locales/ar/landing.json';

/**
 * The first bundle holds only what the landing page shows, in Arabic (the default language). The
 * English copy of it is fetched by visitors who chose English (as text: two small files of its
 * own). Every other namespace registered in resources.ts arrives in one chunk, in both languages
 * (the admin editors read both), before any other screen renders: the root route's beforeLoad
 * calls loadAllNamespaces.
 */
const englishLanding = import.meta.glob<string>('./locales/en/{common,landing}.json', {
  query: '?raw',
  import: 'default',
});

let allNamespaces: Promise<void> | undefined;

export function loadAllNamespaces(): Promise<void> {
  allNamespaces ??= import('./resources').then(
    ({ resources }) => {
      for (const [language, namespaces] of Object.entries(resources)) {
        for (const [namespace, bundle] of Object.entries(namespaces)) {
          // A plain replace, not a deep merge: the bundles are the same files the landing
          // page's ones came from, and merging every key of both languages took
          // some 30 ms of a phone's start-up (measured in Chromium's profiler).
          i18next.addResourceBundle(language, namespace, bundle, false, true);
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
 * Where i18next gets a namespace it does not hold yet: the English landing copy, or everything
 * else at once. A screen asking for a namespace that has not arrived suspends until it has.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const english = englishLanding[`./locales/${language}/${namespace}.json`];
    const bundle: Promise<Record<string, unknown>> = english
      ? english().then((text) => JSON.parse(text) as Record<string, unknown>)
      : loadAllNamespaces().then(() => i18next.getResourceBundle(language, namespace) ?? {});
    bundle.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

export type Language = 'ar' | 'en';

/** Emitted when the display preferences (digits, Hijri) change: translated components render again. */
export const DISPLAY_CHANGED = 'displayChanged';

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

/**
 * The same choice as a cookie, which the gateway reads to render the landing page's HTML in the
 * visitor's language (services/gateway/src/landing-page.ts); `public/landing-boot.js` writes it
 * too when only the stored value has it (a choice made before the cookie existed).
 */
export { LANGUAGE_COOKIE };

function rememberInCookie(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value, no Cookie Store API in every browser we support
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** The stored language as the cookie too, when it is not (a choice made before the cookie existed). */
export function keepLanguageCookie(): void {
  const language = storedLanguage();
  if (!document.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${language}`)) rememberInCookie(language);
}

/** Switches the interface language, mirrors the page and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage: the switch still applies to this visit.
  }
  rememberInCookie(language);
  applyToDocument(language);
  await i18next.changeLanguage(language);
}

export function initI18n() {
  const language = storedLanguage();
  applyToDocument(language);
  return i18next
    .use(initReactI18next)
    .use(lazyNamespaces)
    .init({
      resources: { ar: { common: arCommon, landing: arLanding } },
      partialBundledLanguages: true,
      ns: ['common', 'landing'],
      lng: language,
      fallbackLng: 'ar',
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { bindI18n: `languageChanged ${DISPLAY_CHANGED}` },
    })
    .then(() => addCountFormat(i18next));
}

export { i18next };
