import arAccount from '../features/account/locales/ar/account.json';
import arVoice from '../features/account/locales/ar/voice.json';
import arAnalytics from '../features/analytics/locales/ar/analytics.json';
import arShell from '../features/app-shell/locales/ar/shell.json';
import arBilling from '../features/billing/locales/ar/billing.json';
import arComposer from '../features/composer/locales/ar/composer.json';
import arConnect from '../features/connect/locales/ar/connect.json';
import arDashboard from '../features/dashboard/locales/ar/dashboard.json';
import arEngage from '../features/engage/locales/ar/engage.json';
import arLibrary from '../features/inspiration/locales/ar/library.json';
import arLanding from '../features/landing/locales/ar/landing.json';
import arNotifications from '../features/notifications/locales/ar/notifications.json';
import arAuth from '../features/onboarding/locales/ar/auth.json';
import arOnboarding from '../features/onboarding/locales/ar/onboarding.json';
import arPosts from '../features/posts/locales/ar/posts.json';
import arProfile from '../features/profile/locales/ar/profile.json';
import arReview from '../features/review/locales/ar/review.json';
import arWorkspaces from '../features/workspaces/locales/ar/workspaces.json';
import arCommon from './locales/ar/common.json';
import arErrors from './locales/ar/errors.json';

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
  workspaces: arWorkspaces,
  review: arReview,
  profile: arProfile,
  account: arAccount,
  library: arLibrary,
  billing: arBilling,
  engage: arEngage,
  voice: arVoice,
} as const;
