import { QUEUES } from '@nashr/contracts';
import { authInbox } from './auth-inbox.js';
import { authMail } from './auth-mail.js';
import { authPush } from './auth-push.js';
import { authWebhooks } from './auth-webhooks.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = {
  [QUEUES.authMail]: authMail,
  [QUEUES.authInbox]: authInbox,
  [QUEUES.authPush]: authPush,
  [QUEUES.authWebhooks]: authWebhooks,
};
export { startWorkers } from './workers.js';
