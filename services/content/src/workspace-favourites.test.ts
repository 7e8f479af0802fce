import { randomUUID } from 'node:crypto';
import {
  API,
  type EventContract,
  type Identity,
  userDeletedEvent,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HEADER,
  type WorkspaceRole,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import type { ServiceApp } from '@nashr/platform';
import { callEndpoint, TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deliver as deliverTo, type Harness, startHarness } from './testing/harness.js';

let h: Harness;
let app: ServiceApp;
/** Three posts of the seeded library, as any user finds them. */
let posts: string[];

beforeAll(async () => {
  h = await startHarness();
  app = h.app;
  const page = await callEndpoint(app, TEST_INTERNAL_SECRET, testIdentity(), API.library.search, {
    query: { limit: 3 },
  });
  posts = page.json().data.posts.map((post: { id: string }) => post.id);
  expect(posts).toHaveLength(3);
});
afterAll(async () => {
  await h?.close();
});

/** Delivers an event to the content inbox as auth or the account deletion does, and waits until it is handled. */
const deliver = <E extends EventContract>(event: E, data: z.input<E['schema']>) =>
  deliverTo(h.queues, event, data, randomUUID());

type Team = { id: string } & Record<WorkspaceRole, Identity>;

/** A shared workspace with one member of each role, announced to the content service as auth does. */
async function team(): Promise<Team> {
  const people = {
    owner: testIdentity(),
    admin: testIdentity(),
    editor: testIdentity(),
    contributor: testIdentity(),
    viewer: testIdentity(),
  };
  const id = randomUUID();
  const members = Object.entries(people).map(([role, who]) => ({ userId: who.userId, role: role as WorkspaceRole }));
  await deliver(workspaceMembersChangedEvent, { workspaceId: id, version: 1, members });
  return { id, ...people };
}

const inWorkspace = (workspaceId: string | null): Record<string, string> =>
  workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {};

/** The ids of the favourites `who` sees in the workspace (its personal one when null), or the refusal. */
async function favouritesOf(who: Identity, workspaceId: string | null) {
  const res = await callEndpoint(app, TEST_INTERNAL_SECRET, who, API.library.search, {
    query: { favourites: '1', limit: 50 },
    headers: inWorkspace(workspaceId),
  });
  if (res.statusCode !== 200) return { status: res.statusCode, code: res.json().code as string };
  return res.json().data.posts.map((post: { id: string }) => post.id) as string[];
}

const save = (who: Identity, workspaceId: string | null, postId: string) =>
  callEndpoint(app, TEST_INTERNAL_SECRET, who, API.library.favourite, {
    params: { postId },
    headers: inWorkspace(workspaceId),
  });
const unsave = (who: Identity, workspaceId: string | null, postId: string) =>
  callEndpoint(app, TEST_INTERNAL_SECRET, who, API.library.unfavourite, {
    params: { postId },
    headers: inWorkspace(workspaceId),
  });

describe("a workspace's library favourites", () => {
  it('are the same for every member of the workspace, and nothing of them reaches another workspace', async () => {
    const launch = await team();
    const other = await team();
    expect((await save(launch.editor, launch.id, posts[0]!)).statusCode).toBe(200);
    expect((await save(launch.contributor, launch.id, posts[1]!)).statusCode).toBe(200);

    const shared = [posts[0], posts[1]].sort();
    for (const role of ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const) {
      expect(((await favouritesOf(launch[role], launch.id)) as string[]).sort(), role).toEqual(shared);
    }
    // The members' personal workspaces, and the other team, have none of them.
    expect(await favouritesOf(launch.editor, null)).toEqual([]);
    expect(await favouritesOf(other.owner, other.id)).toEqual([]);
    // A member of another workspace naming this one learns nothing: not even that it exists.
    expect(await favouritesOf(other.owner, launch.id)).toEqual({ status: 404, code: WORKSPACE_ERROR_CODES.notFound });
    const outsider = await save(other.owner, launch.id, posts[2]!);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe(WORKSPACE_ERROR_CODES.notFound);
    const removeOutside = await unsave(other.owner, launch.id, posts[0]!);
    expect(removeOutside.statusCode).toBe(404);
    expect(removeOutside.json().code).toBe(WORKSPACE_ERROR_CODES.notFound);

    // Any member who writes removes one for everyone, whoever saved it.
    expect((await unsave(launch.owner, launch.id, posts[1]!)).statusCode).toBe(200);
    expect(await favouritesOf(launch.viewer, launch.id)).toEqual([posts[0]]);
    // The other team's removal of a post it never saved is no removal of this team's.
    const notTheirs = await unsave(other.owner, other.id, posts[0]!);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().code).toBe('library.favourite_not_found');
    expect(await favouritesOf(launch.viewer, launch.id)).toEqual([posts[0]]);
  });

  it('refuses a viewer who saves or removes one (403), changing nothing', async () => {
    const launch = await team();
    expect((await save(launch.contributor, launch.id, posts[0]!)).statusCode).toBe(200);
    for (const attempt of [save(launch.viewer, launch.id, posts[1]!), unsave(launch.viewer, launch.id, posts[0]!)]) {
      const res = await attempt;
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: WORKSPACE_ERROR_CODES.roleTooLow, params: { role: 'viewer' } });
    }
    expect(await favouritesOf(launch.owner, launch.id)).toEqual([posts[0]]);
  });

  it("go with a deleted account's personal workspace, and stay with a shared one", async () => {
    const launch = await team();
    const leaver = launch.editor;
    expect((await save(leaver, null, posts[0]!)).statusCode).toBe(200);
    expect((await save(leaver, launch.id, posts[1]!)).statusCode).toBe(200);
    // 'Download my data' lists both: its personal workspace's, and what it saved for the team.
    const exported = await callEndpoint(app, TEST_INTERNAL_SECRET, leaver, API.library.export);
    expect(
      exported
        .json()
        .data.libraryFavourites.map((f: { workspaceId: string; postId: string }) => `${f.workspaceId} ${f.postId}`)
        .sort(),
    ).toEqual([`${leaver.userId} ${posts[0]}`, `${launch.id} ${posts[1]}`].sort());

    await deliver(userDeletedEvent, { userId: leaver.userId, email: leaver.email });
    expect(await favouritesOf(launch.owner, launch.id)).toEqual([posts[1]]);
    const [kept] = await h.database.sql<{ addedBy: string | null }[]>`
      select added_by as "addedBy" from content.library_favourites where workspace_id = ${launch.id}`;
    expect(kept).toEqual({ addedBy: null });
    const personal = await h.database
      .sql`select 1 from content.library_favourites where workspace_id = ${leaver.userId}`;
    expect(personal).toHaveLength(0);
  });

  it('go with a workspace that is gone', async () => {
    const launch = await team();
    expect((await save(launch.owner, launch.id, posts[0]!)).statusCode).toBe(200);
    expect(await favouritesOf(launch.viewer, launch.id)).toEqual([posts[0]]);
    await deliver(workspaceMembersChangedEvent, { workspaceId: launch.id, version: 2, members: [] });
    const left = await h.database.sql`select 1 from content.library_favourites where workspace_id = ${launch.id}`;
    expect(left).toHaveLength(0);
    expect(await favouritesOf(launch.owner, launch.id)).toEqual({ status: 404, code: WORKSPACE_ERROR_CODES.notFound });
  });
});
