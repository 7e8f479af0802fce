import { workspaceMembersChangedEvent } from '@nashr/contracts';
import type { Queues } from '@nashr/platform';
import type { WorkspaceStore } from './workspace-store.js';

/**
 * Tells the services that keep work in workspaces who the members of these workspaces are now,
 * after a change to them has been committed. Each event carries the whole list and its version,
 * so a copy that missed an announcement is mended by the next; a change whose announcement never
 * went out (this process stopped in between, or Redis failed) stays in the outbox, which the
 * periodic sweep announces. Answers the highest version announced (the caller's `memberships` stamp).
 */
export async function announceMembers(
  store: WorkspaceStore,
  queues: Queues,
  workspaceIds: readonly string[],
  requestId?: string,
): Promise<number> {
  let newest = 0;
  for (const list of await store.memberLists(workspaceIds)) {
    newest = Math.max(newest, list.version);
    await queues.publish(
      workspaceMembersChangedEvent,
      { ...list, ...(requestId ? { requestId } : {}) },
      { id: `${list.workspaceId}-${list.version}`, removeOnComplete: true },
    );
    await store.announced(list.workspaceId, list.version);
  }
  return newest;
}
