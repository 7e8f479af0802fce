import { QUEUES } from '@nashr/contracts';
import { linkedinAnalytics } from './linkedin-analytics.js';
import { linkedinInbox } from './linkedin-inbox.js';
import { linkedinPublish } from './linkedin-publish.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = {
  [QUEUES.linkedinInbox]: linkedinInbox,
  [QUEUES.linkedinPublish]: linkedinPublish,
  [QUEUES.linkedinAnalytics]: linkedinAnalytics,
};

export { startPublishWorker } from '../publish/publish-worker.js';
export { startAnalyticsWorker } from './linkedin-analytics.js';
export { startInboxWorker } from './linkedin-inbox.js';
