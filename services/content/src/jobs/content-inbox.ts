import { entitlementChangedEvent, QUEUES, userDeletedEvent } from '@nashr/contracts';
import { forgetJobs, handleJob, jobOfUser, type Queues } from '@nashr/platform';
import type { LibraryStore } from '../library-store.js';

export interface ContentInboxDeps {
  library: LibraryStore;
  queues: Queues;
}

/** The content inbox: what each user's plan shows of the library, and deleted accounts. */
export function contentInbox({ library, queues }: ContentInboxDeps) {
  return [
    // The user's plan changed: keep the newest copy of its library share (older or repeated events change nothing).
    handleJob(entitlementChangedEvent, async (event, _job, log) => {
      const stored = await library.applyEntitlement(event);
      log.info(
        { userId: event.userId, version: event.version, plan: event.plan, library: event.limits.library, stored },
        'library share copied',
      );
      return { stored };
    }),
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      const favourites = await library.forgetUser(userId);
      const forgotten = await forgetJobs(queues.get(QUEUES.contentInbox), jobOfUser(userId), [userId]);
      log.info({ userId, favourites, forgotten }, 'deleted account: library favourites removed');
      return { favourites, forgotten };
    }),
  ];
}
