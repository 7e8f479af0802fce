import { entitlementChangedEvent, QUEUES, userDeletedEvent } from '@nashr/contracts';
import {
  copyWorkspaceMembers,
  forgetJobs,
  handleJob,
  jobOfUser,
  type Queues,
  type WorkspaceMemberStore,
} from '@nashr/platform';
import type { LibraryStore } from '../library-store.js';

export interface ContentInboxDeps {
  library: LibraryStore;
  /** Who belongs to which shared workspace, with what role (auth's copy). */
  members: WorkspaceMemberStore;
  queues: Queues;
}

/** The content inbox: what each user's plan shows of the library, workspaces' members, and deleted accounts. */
export function contentInbox({ library, members, queues }: ContentInboxDeps) {
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
    // Its personal workspace's favourites go with it; what it saved in shared ones stays with their
    // teams (a shared workspace it leaves empty is announced with no members, below).
    handleJob(userDeletedEvent, async ({ userId }, _job, log) => {
      const favourites = await library.forgetUser(userId);
      // Auth announces each of its workspaces' new member lists too; this does not wait for them.
      await members.deleteUser(userId);
      const forgotten = await forgetJobs(queues.get(QUEUES.contentInbox), jobOfUser(userId), [userId]);
      log.info({ userId, favourites, forgotten }, 'deleted account: library favourites removed');
      return { favourites, forgotten };
    }),
    // A shared workspace's members changed: keep the newest whole list; one that is gone takes its
    // favourites with it.
    copyWorkspaceMembers(members, async (workspaceId) => ({
      favouritesDeleted: await library.forgetWorkspace(workspaceId),
    })),
  ];
}
