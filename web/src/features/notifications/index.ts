/** What other parts of the app may use from notifications; everything else here is its own. */
export { NotificationBell } from './notification-bell';
export { NotificationPreferencesSection } from './notification-preferences';
