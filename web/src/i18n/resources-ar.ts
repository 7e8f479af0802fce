import arAccount from './locales/ar/account.json';
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
import arLibrary from './locales/ar/library.json';
import arNotifications from './locales/ar/notifications.json';
import arOnboarding from './locales/ar/onboarding.json';
import arPosts from './locales/ar/posts.json';
import arProfile from './locales/ar/profile.json';
import arShell from './locales/ar/shell.json';
import arVoice from './locales/ar/voice.json';

/**
 * Every namespace but those of one screen each (admin: i18n/index.ts, SCREEN_NAMESPACES) in Arabic: the one chunk an app screen in this language waits for (i18n/index.ts,
 * loadNamespaces). Its own file so the other language is not downloaded with it.
 */
export const arResources = {
  common: arCommon,
  landing: arLanding,
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
} as const;
