import {
  API,
  type Identity,
  QUEUES,
  userDeletedEvent,
  WORKSPACE_HEADER,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftActivity, drafts, media, posts, reviewSettings } from '../db/schema.js';
import { PostsHarness, type TestTeam } from '../testing/harness.js';

/**
 * What a deleted account leaves behind: its personal workspace goes with it; what it wrote in a
 * shared workspace stays with that workspace's team; a shared workspace left with no one goes.
 */
let h: PostsHarness;
beforeAll(async () => {
  h = await PostsHarness.start();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const DAY = 86_400_000;
const at = (t: TestTeam) => ({ headers: { [WORKSPACE_HEADER]: t.id } });

/** A draft and a scheduled post by `who`, each with a new image, in `t` or (without it) in their personal workspace. */
async function work(who: Identity, t?: TestTeam) {
  const where = t ? at(t) : {};
  const [draftImage, postImage] = [await h.uploadImage(who), await h.uploadImage(who)];
  const draft = await h.call(who, API.posts.createDraft, {
    body: { content: 'Our hiring plan, draft', mediaIds: [draftImage] },
    ...where,
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const post = await h.call(who, API.posts.schedule, {
    body: {
      userId: who.userId,
      content: 'Our hiring plan',
      date: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
      time: '10:30 AM',
      timeZone: 'UTC',
      mediaIds: [postImage],
    },
    ...where,
  });
  expect(post.statusCode, post.body).toBe(201);
  return {
    draftId: draft.json().data.id as string,
    postId: post.json().data.id as string,
    images: [draftImage, postImage],
  };
}

const rowsOf = async (table: typeof posts | typeof drafts, ids: string[]) =>
  (await h.database.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id);
const mediaLeft = async (ids: string[]) =>
  (await h.database.db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((r) => r.id).sort();
const dueJobsOf = async (postId: string) =>
  (await h.queues.queues.get(QUEUES.postsDue).getJobs(['waiting', 'delayed'])).filter((j) => j.data.postId === postId);

describe("a deleted account's work", () => {
  it('stays in the shared workspace it was written in, images included, while its personal workspace goes', async () => {
    const t = await h.team();
    const shared = await work(t.editor, t);
    const personal = await work(t.editor);
    expect(await dueJobsOf(personal.postId)).toHaveLength(1);

    // As auth does: the account is gone, and the workspace is announced without it.
    await h.deliver(userDeletedEvent, { userId: t.editor.userId, email: 'editor@example.test' }, t.editor.userId);
    const members = (['owner', 'admin', 'contributor', 'viewer'] as const).map((role) => ({
      userId: t[role].userId,
      role,
    }));
    await h.deliver(workspaceMembersChangedEvent, { workspaceId: t.id, version: 2, members }, `${t.id}-2`);

    expect(await rowsOf(drafts, [shared.draftId, personal.draftId])).toEqual([shared.draftId]);
    expect(await rowsOf(posts, [shared.postId, personal.postId])).toEqual([shared.postId]);
    expect(await dueJobsOf(personal.postId)).toEqual([]);
    // The team still reads them, pictures included.
    const teamDrafts = await h.call(t.owner, API.posts.drafts, at(t));
    expect(teamDrafts.json().data.map((d: { id: string }) => d.id)).toContain(shared.draftId);
    expect((await h.call(t.owner, API.posts.get, { params: { id: shared.postId }, ...at(t) })).statusCode).toBe(200);
    for (const image of shared.images) {
      expect((await h.request(t.owner, 'GET', `/api/v1/media/${image}`)).statusCode, image).toBe(200);
    }
    expect(await mediaLeft([...shared.images, ...personal.images])).toEqual([...shared.images].sort());
  });

  it('of a shared workspace left with no one goes with that workspace, history and rule included', async () => {
    const t = await h.team();
    const bystander = testIdentity();
    const kept = await work(bystander);
    const gone = await work(t.owner, t);
    const rule = await h.call(t.owner, API.review.saveSettings, { body: { requiresApproval: true }, ...at(t) });
    expect(rule.statusCode, rule.body).toBe(200);
    expect(await h.database.db.select().from(draftActivity).where(eq(draftActivity.workspaceId, t.id))).not.toEqual([]);

    await h.deliver(workspaceMembersChangedEvent, { workspaceId: t.id, version: 2, members: [] }, `${t.id}-2`);

    expect(await rowsOf(drafts, [gone.draftId, kept.draftId])).toEqual([kept.draftId]);
    expect(await rowsOf(posts, [gone.postId, kept.postId])).toEqual([kept.postId]);
    expect(await dueJobsOf(gone.postId)).toEqual([]);
    expect(await dueJobsOf(kept.postId)).toHaveLength(1);
    expect(await h.database.db.select().from(draftActivity).where(eq(draftActivity.workspaceId, t.id))).toEqual([]);
    expect(await h.database.db.select().from(reviewSettings).where(eq(reviewSettings.workspaceId, t.id))).toEqual([]);
  });
});
