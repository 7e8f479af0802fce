import { type Database, IdentityChanges, type Redis, Sealer } from '@nashr/platform';
import type { schema } from './db/schema.js';
import { MagicLinks } from './magic-links.js';
import { NotificationStore } from './notifications/notification-store.js';
import { PushStore } from './push/push-store.js';
import { UserStore } from './users/user-store.js';
import { WebhookStore } from './webhooks/webhook-store.js';
import { WorkspaceStore } from './workspaces/workspace-store.js';

export interface AuthServicesDeps {
  database: Database<typeof schema>;
  /** Carries identity changes to the gateways: a request connection in the API, a worker one in the worker. */
  redis: Redis;
  prefix: string;
  /** Seals the webhook endpoints' signing secrets (ENCRYPTION_KEY). */
  encryptionKey: string;
}

/** The stores the API and the workers share, wired once. */
export function createServices({ database, redis, prefix, encryptionKey }: AuthServicesDeps) {
  return {
    users: new UserStore(database.db, new IdentityChanges(redis, prefix)),
    notifications: new NotificationStore(database.db),
    push: new PushStore(database.db),
    links: new MagicLinks(database.db),
    webhooks: new WebhookStore(database.db, new Sealer(encryptionKey)),
    workspaces: new WorkspaceStore(database.db),
  };
}
export type AuthServices = ReturnType<typeof createServices>;
