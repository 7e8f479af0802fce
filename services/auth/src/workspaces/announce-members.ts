import { workspaceMembersChangedEvent } from '@nashr/contracts';
import type { Queues } from '@nashr/platform';
import type { WorkspaceStore } from './workspace-store.js';

/**
 * Tells the services that keep work in workspaces who the members of these workspaces are now,
 * after a change to them has been committed. Each event carries the whole list and its version,
 * so a copy that missed an announcement (this process stopped in between) is mended by the next.
 */
export async function announceMembers(
  store: WorkspaceStore,
  queues: Queues,
  workspaceIds: readonly string[],
  requestId?: string,
): Promise<void> {
  for (const list of await store.memberLists(workspaceIds)) {
    await queues.publish(
      workspaceMembersChangedEvent,
      { ...list, ...(requestId ? { requestId } : {}) },
      { id: `${list.workspaceId}-${list.version}`, removeOnComplete: true },
    );
  }
}
