import { QUEUES } from '@nashr/contracts';
import {
  createWorker,
  type Database,
  type Logger,
  type QueueContext,
  Queues,
  WorkspaceMemberStore,
} from '@nashr/platform';
import { type schema, workspaceMembers, workspaceVersions } from '../db/schema.js';
import { LibraryStore } from '../library-store.js';
import { contentInbox } from './content-inbox.js';

/** The handlers of every queue this service consumes, by queue name (checked against the events' subscribers). */
export const QUEUE_HANDLERS = { [QUEUES.contentInbox]: contentInbox };

export interface ContentWorkerDeps {
  database: Database<typeof schema>;
  queue: QueueContext;
  logger: Logger;
}

/** The content inbox worker: plans' library shares, workspaces' members and deleted accounts. */
export function startContentWorker({ database, queue, logger }: ContentWorkerDeps): { close: () => Promise<void> } {
  const queues = new Queues(queue, logger);
  const worker = createWorker(
    QUEUES.contentInbox,
    contentInbox({
      library: new LibraryStore(database.db),
      members: new WorkspaceMemberStore(database.db, { workspaceMembers, workspaceVersions }),
      queues,
    }),
    queue,
    { logger },
  );
  return {
    close: async () => {
      await worker.close();
      await queues.close();
    },
  };
}
