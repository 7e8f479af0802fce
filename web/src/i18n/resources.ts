import arAccount from './locales/ar/account.json';
import arAdmin from './locales/ar/admin.json';
import arAnalytics from './locales/ar/analytics.json';
import arAuth from './locales/ar/auth.json';
import arBilling from './locales/ar/billing.json';
import arCommon from './locales/ar/common.json';
import arComposer from './locales/ar/composer.json';
import arConnect from './locales/ar/connect.json';
import arDashboard from './locales/ar/dashboard.json';
import arEngage from './locales/ar/engage.json';
import arErrors from './locales/ar/errors.json';
import arLanding from './locales/ar/landing.json';
import arLegal from './locales/ar/legal.json';
import arLibrary from './locales/ar/library.json';
import arNotifications from './locales/ar/notifications.json';
import arOnboarding from './locales/ar/onboarding.json';
import arPosts from './locales/ar/posts.json';
import arProfile from './locales/ar/profile.json';
import arShell from './locales/ar/shell.json';
import arVoice from './locales/ar/voice.json';
import enAccount from './locales/en/account.json';
import enAdmin from './locales/en/admin.json';
import enAnalytics from './locales/en/analytics.json';
import enAuth from './locales/en/auth.json';
import enBilling from './locales/en/billing.json';
import enCommon from './locales/en/common.json';
import enComposer from './locales/en/composer.json';
import enConnect from './locales/en/connect.json';
import enDashboard from './locales/en/dashboard.json';
import enEngage from './locales/en/engage.json';
import enErrors from './locales/en/errors.json';
import enLanding from './locales/en/landing.json';
import enLegal from './locales/en/legal.json';
import enLibrary from './locales/en/library.json';
import enNotifications from './locales/en/notifications.json';
import enOnboarding from './locales/en/onboarding.json';
import enPosts from './locales/en/posts.json';
import enProfile from './locales/en/profile.json';
import enShell from './locales/en/shell.json';
import enVoice from './locales/en/voice.json';

/**
 * Every namespace in both languages. A test checks that Arabic and English have exactly the
 * same keys, so a screen never shows a raw key in one language.
 */
export const resources = {
  ar: {
    common: arCommon,
    landing: arLanding,
    legal: arLegal,
    admin: arAdmin,
    auth: arAuth,
    onboarding: arOnboarding,
    shell: arShell,
    posts: arPosts,
    composer: arComposer,
    connect: arConnect,
    dashboard: arDashboard,
    analytics: arAnalytics,
    errors: arErrors,
    notifications: arNotifications,
    profile: arProfile,
    account: arAccount,
    library: arLibrary,
    billing: arBilling,
    engage: arEngage,
    voice: arVoice,
  },
  en: {
    common: enCommon,
    landing: enLanding,
    legal: enLegal,
    admin: enAdmin,
    auth: enAuth,
    onboarding: enOnboarding,
    shell: enShell,
    posts: enPosts,
    composer: enComposer,
    connect: enConnect,
    dashboard: enDashboard,
    analytics: enAnalytics,
    errors: enErrors,
    notifications: enNotifications,
    profile: enProfile,
    account: enAccount,
    library: enLibrary,
    billing: enBilling,
    engage: enEngage,
    voice: enVoice,
  },
} as const;
