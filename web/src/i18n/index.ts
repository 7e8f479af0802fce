import { LANGUAGE_COOKIE, manifestOf } from '@nashr/contracts';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import arLanding from '../features/landing/locales/ar/landing.json';
import { addCountFormat } from './count-format';
import arCommon from './locales/ar/common.json';

/**
 * The first bundle holds only what the landing page shows, in Arabic (the default language). The
 * English copy of it is fetched by visitors who chose English (as text: two small files of its
 * own). Every other namespace arrives in one chunk per language (resources-ar.ts,
 * resources-en.ts) before any other screen renders: the root route's beforeLoad calls
 * loadTranslations for the language shown. The namespaces of a single screen (SCREEN_NAMESPACES)
 * are fetched apart by that screen's route, and the admin editors, which edit both languages'
 * copy, ask for both languages.
 */
const englishLandingFiles = import.meta.glob<string>(
  ['./locales/en/common.json', '../features/landing/locales/en/landing.json'],
  { query: '?raw', import: 'default' },
);
/** The English landing copy by `<language>/<namespace>.json`. */
const englishLanding = Object.fromEntries(
  Object.entries(englishLandingFiles).map(([path, load]) => [path.split('/').slice(-2).join('/'), load]),
);

export type Language = 'ar' | 'en';

type Bundles = Record<string, Record<string, unknown>>;

const LANGUAGE_RESOURCES: Record<Language, () => Promise<Bundles>> = {
  ar: () => import('./resources-ar').then((module) => module.arResources),
  en: () => import('./resources-en').then((module) => module.enResources),
};

type Bundle = () => Promise<{ default: Record<string, unknown> }>;

/** Namespaces only one screen reads: kept out of the languages' chunks, fetched by their routes. */
const SCREEN_NAMESPACES = {
  admin: {
    ar: () => import('../features/admin/locales/ar/admin.json'),
    en: () => import('../features/admin/locales/en/admin.json'),
  },
} as const satisfies Record<string, Record<Language, Bundle>>;

export type ScreenNamespace = keyof typeof SCREEN_NAMESPACES;

const isScreenNamespace = (namespace: string): namespace is ScreenNamespace =>
  Object.hasOwn(SCREEN_NAMESPACES, namespace);

/** What is fetched or on its way, by `language` (its chunk) or `language/namespace` (a screen's own). */
const loading = new Map<string, Promise<void>>();

function loadOnce(key: string, language: Language, fetchBundles: () => Promise<Bundles>): Promise<void> {
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = fetchBundles().then(
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
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, loaded);
  }
  return loaded;
}

const loadLanguage = (language: Language) => loadOnce(language, language, LANGUAGE_RESOURCES[language]);

const loadScreenNamespace = (namespace: ScreenNamespace, language: Language) =>
  loadOnce(`${language}/${namespace}`, language, () =>
    SCREEN_NAMESPACES[namespace][language]().then((module) => ({ [namespace]: module.default })),
  );

/** The language on screen: i18next's once it has one, before that the stored choice. */
function shownLanguage(): Language {
  const language = i18next.language;
  return language === 'en' || language === 'ar' ? language : storedLanguage();
}

/** What a screen needs beyond the language's chunk (a route's `staticData.translations`). */
export interface TranslationNeeds {
  /** Both languages, not only the one shown (the admin editors). */
  bothLanguages?: boolean;
  /** Namespaces of its own. */
  namespaces?: readonly ScreenNamespace[];
}

/** Every namespace a screen other than the landing page reads, in the language shown (or both). */
export function loadTranslations({ bothLanguages = false, namespaces = [] }: TranslationNeeds = {}): Promise<void> {
  const languages: Language[] = bothLanguages ? ['ar', 'en'] : [shownLanguage()];
  return Promise.all(
    languages.flatMap((language) => [
      loadLanguage(language),
      ...namespaces.map((namespace) => loadScreenNamespace(namespace, language)),
    ]),
  ).then(() => {});
}

/** Every namespace of the language shown but the screens' own (main.tsx, before taking over a screen the gateway rendered). */
export const loadAllNamespaces = (): Promise<void> => loadTranslations();

/**
 * Where i18next gets a namespace it does not hold yet: the English landing copy, a screen's own
 * namespace, or its language's whole chunk. A screen asking for a namespace that has not arrived
 * suspends until it has.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const english = englishLanding[`${language}/${namespace}.json`];
    const lang: Language = language === 'en' ? 'en' : 'ar';
    const bundle: Promise<Record<string, unknown>> = english
      ? english().then((text) => JSON.parse(text) as Record<string, unknown>)
      : (isScreenNamespace(namespace) ? loadScreenNamespace(namespace, lang) : loadLanguage(lang)).then(
          () => i18next.getResourceBundle(language, namespace) ?? {},
        );
    bundle.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Past the landing page, what the screen holds in the language shown, fetched in `language`
 * before a switch to it: text and direction then change together.
 */
function loadLikeShown(language: Language): Promise<void> {
  const shown = shownLanguage();
  if (!loading.has(shown)) return Promise.resolve();
  const namespaces = (Object.keys(SCREEN_NAMESPACES) as ScreenNamespace[]).filter((namespace) =>
    loading.has(`${shown}/${namespace}`),
  );
  return Promise.all([loadLanguage(language), ...namespaces.map((n) => loadScreenNamespace(n, language))]).then(
    () => {},
  );
}

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
  // The app installed from here takes its name and shortcuts in this language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestOf(language));
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
  // Should it fail, i18next asks again as it switches (lazyNamespaces).
  await loadLikeShown(language).catch(() => {});
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
      // No note of the library's own in the reader's browser console.
      showSupportNotice: false,
      react: { bindI18n: `languageChanged ${DISPLAY_CHANGED}` },
    })
    .then(() => addCountFormat(i18next));
}

export { i18next };
