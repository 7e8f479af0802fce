import { LANGUAGE_COOKIE } from '@nashr/contracts';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addCountFormat } from './count-format';
import arCommon from './locales/ar/common.json';
import arLanding from './locales/ar/landing.json';

/**
 * The first bundle holds only what the landing page shows, in Arabic (the default language). The
 * English copy of it is fetched by visitors who chose English (as text: two small files of its
 * own). Every other namespace arrives in one chunk per language (resources-ar.ts,
 * resources-en.ts) before any other screen renders: the root route's beforeLoad calls
 * loadAllNamespaces for the language shown, and the admin editors, which edit both languages'
 * copy, ask for both.
 */
const englishLanding = import.meta.glob<string>('./locales/en/{common,landing}.json', {
  query: '?raw',
  import: 'default',
});

export type Language = 'ar' | 'en';

const LANGUAGE_RESOURCES: Record<Language, () => Promise<Record<string, Record<string, unknown>>>> = {
  ar: () => import('./resources-ar').then((module) => module.arResources),
  en: () => import('./resources-en').then((module) => module.enResources),
};

const loading = new Map<Language, Promise<void>>();

function loadLanguage(language: Language): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = LANGUAGE_RESOURCES[language]().then(
      (namespaces) => {
        for (const [namespace, bundle] of Object.entries(namespaces)) {
          // A plain replace, not a deep merge: the bundles are the same files the landing
          // page's ones came from, and merging every key of both languages took
          // some 30 ms of a phone's start-up (measured in Chromium's profiler).
          i18next.addResourceBundle(language, namespace, bundle, false, true);
        }
      },
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again on the next navigation.
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, loaded);
  }
  return loaded;
}

/** The language on screen: i18next's once it has one, before that the stored choice. */
function shownLanguage(): Language {
  const language = i18next.language;
  return language === 'en' || language === 'ar' ? language : storedLanguage();
}

/** Every namespace of the language on screen, or of each language given (the admin editors ask for both). */
export function loadAllNamespaces(languages: readonly Language[] = [shownLanguage()]): Promise<void> {
  return Promise.all(languages.map(loadLanguage)).then(() => {});
}

/**
 * Where i18next gets a namespace it does not hold yet: the English landing copy, or its
 * language's whole chunk. A screen asking for a namespace that has not arrived suspends until it
 * has.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const english = englishLanding[`./locales/${language}/${namespace}.json`];
    const bundle: Promise<Record<string, unknown>> = english
      ? english().then((text) => JSON.parse(text) as Record<string, unknown>)
      : loadAllNamespaces([language === 'en' ? 'en' : 'ar']).then(
          () => i18next.getResourceBundle(language, namespace) ?? {},
        );
    bundle.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

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
  // Past the landing page the screen needs every namespace of the new language: its chunk comes
  // first, so text and direction switch together. Should it fail, i18next asks again (lazyNamespaces).
  if (loading.has(shownLanguage())) await loadLanguage(language).catch(() => {});
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
      // No fallback language: i18next would fetch the fallback's copy of every namespace beside
      // the one shown (an English screen downloading the Arabic chunk too). Both languages have
      // the same keys (i18n.test.ts), so a fallback would never be used.
      fallbackLng: false,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { bindI18n: `languageChanged ${DISPLAY_CHANGED}` },
    })
    .then(() => addCountFormat(i18next));
}

export { i18next };
