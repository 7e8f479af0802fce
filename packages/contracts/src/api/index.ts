import type { DataExportPart } from '../account-data.js';
import { accountApi } from './account.js';
import { adminAuditApi } from './admin-audit.js';
import { aiApi } from './ai.js';
import { analyticsApi } from './analytics.js';
import { authApi } from './auth.js';
import { billingApi } from './billing.js';
import { contentApi } from './content.js';
import type { Endpoint } from './define.js';
import { engageApi } from './engage.js';
import { gatewayApi } from './gateway.js';
import { libraryApi } from './library.js';
import { linkedinApi } from './linkedin.js';
import { mediaApi } from './media.js';
import { notificationsApi } from './notifications.js';
import { personalizationApi } from './personalization.js';
import { postsApi } from './posts.js';
import { preferencesApi } from './preferences.js';
import { queueApi } from './queue.js';
import { reviewApi } from './review.js';
import { webhooksApi } from './webhooks.js';
import { workspacesApi } from './workspaces.js';

export * from './account.js';
export * from './admin-audit.js';
export * from './ai.js';
export * from './analytics.js';
export * from './auth.js';
export * from './billing.js';
export * from './content.js';
export * from './define.js';
export * from './engage.js';
export * from './gateway.js';
export * from './library.js';
export * from './link-paths.js';
export * from './linkedin.js';
export * from './media.js';
export * from './notifications.js';
export * from './personalization.js';
export * from './posts.js';
export * from './preferences.js';
export * from './queue.js';
export * from './review.js';
export * from './webhooks.js';
export * from './workspaces.js';

/**
 * The public API, one domain per file. The gateway routes and documents exactly these, the
 * services serve them through `route()`, and the web app calls them through `call()`.
 */
export const API = {
  auth: authApi,
  personalization: personalizationApi,
  preferences: preferencesApi,
  notifications: notificationsApi,
  webhooks: webhooksApi,
  workspaces: workspacesApi,
  account: accountApi,
  linkedin: linkedinApi,
  posts: postsApi,
  media: mediaApi,
  queue: queueApi,
  review: reviewApi,
  analytics: analyticsApi,
  content: contentApi,
  library: libraryApi,
  ai: aiApi,
  billing: billingApi,
  engage: engageApi,
  adminAudit: adminAuditApi,
  gateway: gatewayApi,
} as const;

/** 'Download my data': the endpoint of each service's part. */
export const DATA_EXPORT_ENDPOINTS = {
  auth: accountApi.exportAuth,
  linkedin: linkedinApi.export,
  posts: postsApi.export,
  ai: aiApi.export,
  engage: engageApi.export,
  billing: billingApi.export,
  content: libraryApi.export,
} as const satisfies Record<DataExportPart, Endpoint>;

/** Every endpoint of the catalogue, in declaration order. */
export const API_CATALOGUE: readonly Endpoint[] = Object.values(API).flatMap(
  (domain) => Object.values(domain) as Endpoint[],
);
