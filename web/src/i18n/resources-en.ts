import enAccount from '../features/account/locales/en/account.json';
import enVoice from '../features/account/locales/en/voice.json';
import enAnalytics from '../features/analytics/locales/en/analytics.json';
import enShell from '../features/app-shell/locales/en/shell.json';
import enBilling from '../features/billing/locales/en/billing.json';
import enComposer from '../features/composer/locales/en/composer.json';
import enConnect from '../features/connect/locales/en/connect.json';
import enDashboard from '../features/dashboard/locales/en/dashboard.json';
import enEngage from '../features/engage/locales/en/engage.json';
import enLibrary from '../features/inspiration/locales/en/library.json';
import enLanding from '../features/landing/locales/en/landing.json';
import enNotifications from '../features/notifications/locales/en/notifications.json';
import enAuth from '../features/onboarding/locales/en/auth.json';
import enOnboarding from '../features/onboarding/locales/en/onboarding.json';
import enPosts from '../features/posts/locales/en/posts.json';
import enProfile from '../features/profile/locales/en/profile.json';
import enReview from '../features/review/locales/en/review.json';
import enWorkspaces from '../features/workspaces/locales/en/workspaces.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';

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
  workspaces: enWorkspaces,
  review: enReview,
  profile: enProfile,
  account: enAccount,
  library: enLibrary,
  billing: enBilling,
  engage: enEngage,
  voice: enVoice,
} as const;
