import enAccount from './locales/en/account.json';
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
import enLibrary from './locales/en/library.json';
import enNotifications from './locales/en/notifications.json';
import enOnboarding from './locales/en/onboarding.json';
import enPosts from './locales/en/posts.json';
import enProfile from './locales/en/profile.json';
import enShell from './locales/en/shell.json';
import enVoice from './locales/en/voice.json';

/**
 * Every namespace but those of one screen each (admin: i18n/index.ts, SCREEN_NAMESPACES) in English: the one chunk an app screen in this language waits for (i18n/index.ts,
 * loadNamespaces). Its own file so the other language is not downloaded with it.
 */
export const enResources = {
  common: enCommon,
  landing: enLanding,
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
} as const;
