import { randomUUID } from 'node:crypto';
import { QUEUES, userDeletedEvent, type WorkspaceMembersChanged, workspaceMembersChangedEvent } from '@nashr/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMembers, workspaceVersions } from '../db/schema.js';
import { PostsHarness } from '../testing/harness.js';

let h: PostsHarness;

beforeAll(async () => {
  h = await PostsHarness.start();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

/** Auth's event for `workspaceId` at `version`, delivered to the posts worker, which handled it. */
async function announce(event: WorkspaceMembersChanged, deliveryId = `${event.workspaceId}-${event.version}`) {
  await h.deliver(workspaceMembersChangedEvent, event, deliveryId);
  const job = await h.queues.queues.get(QUEUES.postsInbox).getJob(`${workspaceMembersChangedEvent.name}-${deliveryId}`);
  return job?.returnvalue as { stored: boolean };
}

const membersOf = async (workspaceId: string) =>
  (
    await h.database.db
      .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.role))
  ).map((m) => [m.userId, m.role]);

const versionOf = async (workspaceId: string) =>
  (await h.database.db.select().from(workspaceVersions).where(eq(workspaceVersions.workspaceId, workspaceId)))[0]
    ?.version ?? null;

describe('the copy of workspace members', () => {
  it('keeps the members of an announced workspace with their roles', async () => {
    const [workspaceId, owner, editor] = [randomUUID(), randomUUID(), randomUUID()];
    const told = await announce({
      workspaceId,
      version: 1,
      members: [
        { userId: owner, role: 'owner' },
        { userId: editor, role: 'editor' },
      ],
    });
    expect(told).toEqual({ stored: true });
    expect(await membersOf(workspaceId)).toEqual([
      [owner, 'owner'],
      [editor, 'editor'],
    ]);
  });

  it('replaces the list with a newer one, and ignores an older one arriving late', async () => {
    const [workspaceId, owner, first, second] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await announce({ workspaceId, version: 1, members: [{ userId: owner, role: 'owner' }] });
    await announce({
      workspaceId,
      version: 3,
      members: [
        { userId: owner, role: 'owner' },
        { userId: second, role: 'viewer' },
      ],
    });
    const late = await announce({
      workspaceId,
      version: 2,
      members: [
        { userId: owner, role: 'owner' },
        { userId: first, role: 'admin' },
      ],
    });
    expect(late).toEqual({ stored: false });
    expect(await membersOf(workspaceId)).toEqual([
      [owner, 'owner'],
      [second, 'viewer'],
    ]);
    expect(await versionOf(workspaceId)).toBe(3);
  });

  it('removes every member of a workspace announced with no members, and keeps it gone', async () => {
    const [workspaceId, owner, viewer] = [randomUUID(), randomUUID(), randomUUID()];
    const members = [
      { userId: owner, role: 'owner' as const },
      { userId: viewer, role: 'viewer' as const },
    ];
    await announce({ workspaceId, version: 4, members });
    expect(await announce({ workspaceId, version: 5, members: [] })).toEqual({ stored: true });
    expect(await membersOf(workspaceId)).toEqual([]);
    // A late list from before it was deleted does not bring its members back.
    expect(await announce({ workspaceId, version: 4, members }, `${workspaceId}-4-again`)).toEqual({ stored: false });
    expect(await membersOf(workspaceId)).toEqual([]);
  });

  it('changes nothing when the same event is delivered again', async () => {
    const [workspaceId, owner, contributor] = [randomUUID(), randomUUID(), randomUUID()];
    const event: WorkspaceMembersChanged = {
      workspaceId,
      version: 7,
      members: [
        { userId: owner, role: 'owner' },
        { userId: contributor, role: 'contributor' },
      ],
    };
    expect(await announce(event)).toEqual({ stored: true });
    // At-least-once: the same event again, as a second delivery (its own job).
    expect(await announce(event, `${workspaceId}-7-redelivered`)).toEqual({ stored: false });
    expect(await membersOf(workspaceId)).toEqual([
      [owner, 'owner'],
      [contributor, 'contributor'],
    ]);
    expect(await versionOf(workspaceId)).toBe(7);
  });

  it('takes a deleted account out of every workspace it was in', async () => {
    const [one, two, leaver, stayer] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await announce({
      workspaceId: one,
      version: 1,
      members: [
        { userId: stayer, role: 'owner' },
        { userId: leaver, role: 'editor' },
      ],
    });
    await announce({ workspaceId: two, version: 1, members: [{ userId: leaver, role: 'owner' }] });
    await h.deliver(userDeletedEvent, { userId: leaver, email: 'leaver@example.test' }, leaver);
    expect(await membersOf(one)).toEqual([[stayer, 'owner']]);
    expect(await membersOf(two)).toEqual([]);
  });
});
