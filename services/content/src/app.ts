import { fileURLToPath } from 'node:url';
import { API } from '@nashr/contracts';
import {
  AdminAudit,
  adminAuditRoutes,
  createServiceApp,
  type Database,
  type Logger,
  type ServiceApp,
  WorkspaceAccess,
  WorkspaceMemberStore,
} from '@nashr/platform';
import type { Config } from './config.js';
import { ContentStore } from './content-store.js';
import { adminAudit, type schema, workspaceMembers, workspaceVersions } from './db/schema.js';
import { LibraryStore } from './library-store.js';
import { contentRoutes } from './routes/content.js';
import { libraryRoutes } from './routes/library.js';

/** Where the SQL migrations live, from src/ in development and from dist/ once built. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface ContentDeps {
  config: Pick<Config, 'INTERNAL_SECRET'>;
  logger: Logger;
  database: Database<typeof schema>;
}

export function buildApp({ config, logger, database }: ContentDeps): ServiceApp {
  const app = createServiceApp({
    name: 'content',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    readiness: [{ name: 'postgres', check: database.ping }],
  });
  const audit = new AdminAudit(database.db, adminAudit, 'content');
  contentRoutes(app, new ContentStore(database.db), audit);
  const workspaces = new WorkspaceAccess(
    new WorkspaceMemberStore(database.db, { workspaceMembers, workspaceVersions }),
  );
  libraryRoutes(app, { store: new LibraryStore(database.db), audit, workspaces });
  adminAuditRoutes(app, audit, API.adminAudit.content);
  return app;
}
