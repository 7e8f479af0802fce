import arAdmin from './locales/ar/admin.json';
import arAuth from './locales/ar/auth.json';
import arCommon from './locales/ar/common.json';
import arLanding from './locales/ar/landing.json';
import arOnboarding from './locales/ar/onboarding.json';
import arShell from './locales/ar/shell.json';
import enAdmin from './locales/en/admin.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enLanding from './locales/en/landing.json';
import enOnboarding from './locales/en/onboarding.json';
import enShell from './locales/en/shell.json';

/**
 * Every namespace in both languages. A test checks that Arabic and English have exactly the
 * same keys, so a screen never shows a raw key in one language.
 */
export const resources = {
  ar: { common: arCommon, landing: arLanding, admin: arAdmin, auth: arAuth, onboarding: arOnboarding, shell: arShell },
  en: { common: enCommon, landing: enLanding, admin: enAdmin, auth: enAuth, onboarding: enOnboarding, shell: enShell },
} as const;
