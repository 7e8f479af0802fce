import { randomUUID } from 'node:crypto';
import {
  API,
  IDENTITY_HEADERS,
  type Identity,
  MEDIA_ERROR_CODES,
  POST_ERROR_CODES,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HEADER,
  type WorkspaceRole,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import { identityHeaders } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostsHarness } from '../testing/harness.js';

/**
 * Posts and drafts kept in a shared workspace: its members read and change them as their role
 * allows, with the members as auth announced them; the personal workspace works as before.
 */
let h: PostsHarness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await PostsHarness.start();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const inWorkspace = (id: string) => ({ [WORKSPACE_HEADER]: id });
const future = () => new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
const schedule = (who: Identity, workspaceId?: string, draftId?: string) =>
  h.call(who, API.posts.schedule, {
    body: {
      userId: who.userId,
      content: 'Our launch checklist, in five steps',
      date: future(),
      time: '10:30 AM',
      timeZone: 'Asia/Riyadh',
      ...(draftId ? { draftId } : {}),
    },
    ...(workspaceId ? { headers: inWorkspace(workspaceId) } : {}),
  });
const roleTooLow = (role: WorkspaceRole) => ({
  success: false,
  code: WORKSPACE_ERROR_CODES.roleTooLow,
  params: { role },
});

describe('a shared workspace', () => {
  it('lets a contributor write drafts there, and refuses them creating, scheduling or publishing a post', async () => {
    const t = await h.team();
    const created = await h.call(t.contributor, API.posts.createDraft, {
      body: { content: 'A first idea' },
      headers: inWorkspace(t.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data;
    expect(draft).toMatchObject({ workspaceId: t.id, userId: t.contributor.userId });
    const saved = await h.call(t.contributor, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'A first idea, better' },
      headers: inWorkspace(t.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const scheduled = await schedule(t.contributor, t.id);
    expect(scheduled.statusCode).toBe(403);
    expect(scheduled.json()).toMatchObject(roleTooLow('contributor'));
    const published = await h.call(t.contributor, API.posts.publishNow, {
      body: { text: 'Out now' },
      headers: inWorkspace(t.id),
    });
    expect(published.statusCode).toBe(403);
    expect(published.json()).toMatchObject(roleTooLow('contributor'));
    const queued = await h.call(t.contributor, API.queue.add, {
      body: { content: 'Next free slot' },
      headers: inWorkspace(t.id),
    });
    expect(queued.statusCode).toBe(403);
    expect(queued.json()).toMatchObject(roleTooLow('contributor'));
    // Nothing was written for them.
    const list = await h.call(t.owner, API.posts.list, { headers: inWorkspace(t.id) });
    expect(list.json().data).toEqual([]);
  });

  it('lets a viewer read the posts and drafts, and not save a draft', async () => {
    const t = await h.team();
    const draft = (
      await h.call(t.contributor, API.posts.createDraft, { body: { content: 'Read me' }, headers: inWorkspace(t.id) })
    ).json().data;
    const post = (await schedule(t.editor, t.id)).json().data;

    const drafts = await h.call(t.viewer, API.posts.drafts, { headers: inWorkspace(t.id) });
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().data.map((d: { id: string }) => d.id)).toEqual([draft.id]);
    const one = await h.call(t.viewer, API.posts.get, { params: { id: post.id }, headers: inWorkspace(t.id) });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: post.id, workspaceId: t.id, userId: t.editor.userId });

    const created = await h.call(t.viewer, API.posts.createDraft, {
      body: { content: 'Mine' },
      headers: inWorkspace(t.id),
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject(roleTooLow('viewer'));
    const changed = await h.call(t.viewer, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'Changed by a viewer' },
      headers: inWorkspace(t.id),
    });
    expect(changed.statusCode).toBe(403);
    const cancelled = await h.call(t.viewer, API.posts.cancel, { params: { id: post.id }, headers: inWorkspace(t.id) });
    expect(cancelled.statusCode).toBe(403);
    expect((await h.call(t.viewer, API.posts.drafts, { headers: inWorkspace(t.id) })).json().data[0].content).toBe(
      'Read me',
    );
  });

  it('answers 404 workspace.not_found to someone not in it, even a member of another workspace, and shows nothing', async () => {
    const t = await h.team();
    const other = await h.team();
    const draft = (
      await h.call(t.contributor, API.posts.createDraft, { body: { content: 'Secret' }, headers: inWorkspace(t.id) })
    ).json().data;
    const post = (await schedule(t.editor, t.id)).json().data;
    for (const stranger of [testIdentity(), other.owner]) {
      const answers = [
        await h.call(stranger, API.posts.drafts, { headers: inWorkspace(t.id) }),
        await h.call(stranger, API.posts.list, { headers: inWorkspace(t.id) }),
        await h.call(stranger, API.posts.get, { params: { id: post.id }, headers: inWorkspace(t.id) }),
        await h.call(stranger, API.posts.createDraft, { body: { content: 'In' }, headers: inWorkspace(t.id) }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({
          success: false,
          code: WORKSPACE_ERROR_CODES.notFound,
          message: expect.any(String),
        });
      }
      // Naming the post or draft from their own workspace finds nothing either.
      expect((await h.call(stranger, API.posts.get, { params: { id: post.id } })).json().code).toBe(
        POST_ERROR_CODES.notFound,
      );
      const deleted = await h.call(stranger, API.posts.deleteDraft, { params: { id: draft.id } });
      expect(deleted.json().code).toBe(POST_ERROR_CODES.draftNotFound);
    }
    expect((await h.call(t.owner, API.posts.drafts, { headers: inWorkspace(t.id) })).json().data).toHaveLength(1);
  });

  it("lets an editor list a contributor's draft and schedule it as a post of the workspace", async () => {
    const t = await h.team();
    const draft = (
      await h.call(t.contributor, API.posts.createDraft, {
        body: { content: 'Our launch checklist' },
        headers: inWorkspace(t.id),
      })
    ).json().data;
    const drafts = await h.call(t.editor, API.posts.drafts, { headers: inWorkspace(t.id) });
    expect(drafts.json().data).toEqual([expect.objectContaining({ id: draft.id, userId: t.contributor.userId })]);
    const edited = await h.call(t.editor, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'Our launch checklist, in five steps' },
      headers: inWorkspace(t.id),
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const scheduled = await schedule(t.editor, t.id, draft.id);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // In the workspace, published through the editor's own account.
    const post = (
      await h.call(t.owner, API.posts.get, { params: { id: scheduled.json().data.id }, headers: inWorkspace(t.id) })
    ).json().data;
    expect(post).toMatchObject({ workspaceId: t.id, userId: t.editor.userId, status: 'scheduled' });
    // The draft did its job; the post is the workspace's, not the editor's personal one's.
    expect((await h.call(t.editor, API.posts.drafts, { headers: inWorkspace(t.id) })).json().data).toEqual([]);
    expect((await h.call(t.editor, API.posts.list)).json().data).toEqual([]);
    expect((await h.call(t.editor, API.posts.get, { params: { id: post.id } })).statusCode).toBe(404);
    // Another editor of the workspace may reschedule it; the contributor may not.
    const moved = await h.call(t.admin, API.posts.update, {
      params: { id: post.id },
      body: { date: new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10), time: '9:00 AM' },
      headers: inWorkspace(t.id),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ userId: t.editor.userId, workspaceId: t.id });
    const refused = await h.call(t.contributor, API.posts.update, {
      params: { id: post.id },
      body: { content: 'Changed by a contributor' },
      headers: inWorkspace(t.id),
    });
    expect(refused.json()).toMatchObject(roleTooLow('contributor'));
  });

  it("lets another member keep a draft's images when saving it, and attach only their own", async () => {
    const t = await h.team();
    const image = async (who: Identity) => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const uploaded = await h.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: {
          ...identityHeaders(who, TEST_INTERNAL_SECRET),
          'content-type': 'image/png',
          ...inWorkspace(t.id),
        },
        payload: png,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      return uploaded.json().data.id as string;
    };
    const theirs = await image(t.contributor);
    const draft = (
      await h.call(t.contributor, API.posts.createDraft, {
        body: { content: 'With a picture', mediaIds: [theirs] },
        headers: inWorkspace(t.id),
      })
    ).json().data;
    const saved = await h.call(t.editor, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'With a picture, edited', mediaIds: [theirs] },
      headers: inWorkspace(t.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.media.map((m: { id: string }) => m.id)).toEqual([theirs]);
    // A file of someone else's that the draft does not carry is still not theirs to attach.
    const stranger = await image(t.owner);
    const refused = await h.call(t.editor, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { mediaIds: [theirs, stranger] },
      headers: inWorkspace(t.id),
    });
    expect(refused.json().code).toBe(MEDIA_ERROR_CODES.unknownMedia);
  });

  it("shows a draft's images to the workspace's members only, and lets an editor schedule it with them", async () => {
    const t = await h.team();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
      .png()
      .toBuffer();
    const uploaded = await h.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: {
        ...identityHeaders(t.contributor, TEST_INTERNAL_SECRET),
        'content-type': 'image/png',
        ...inWorkspace(t.id),
      },
      payload: png,
    });
    const image = uploaded.json().data.id as string;
    const thumbnail = (who: Identity) => h.request(who, 'GET', `/api/v1/media/${image}/thumbnail`);
    // Not yet carried by anything of the workspace: the uploader's alone.
    expect((await thumbnail(t.owner)).statusCode).toBe(404);
    const draft = (
      await h.call(t.contributor, API.posts.createDraft, {
        body: { content: 'Our office, in one picture', mediaIds: [image] },
        headers: inWorkspace(t.id),
      })
    ).json().data;
    // An <img> sends no workspace header: membership alone opens it.
    expect((await thumbnail(t.owner)).statusCode).toBe(200);
    expect((await thumbnail(t.viewer)).statusCode).toBe(200);
    expect((await h.request(t.viewer, 'GET', `/api/v1/media/${image}`)).statusCode).toBe(200);
    const outsider = (await h.team()).editor;
    expect((await thumbnail(outsider)).statusCode).toBe(404);
    expect((await thumbnail(testIdentity())).statusCode).toBe(404);

    const scheduled = await h.call(t.editor, API.posts.schedule, {
      body: {
        userId: t.editor.userId,
        content: draft.content,
        date: future(),
        time: '9:00 AM',
        timeZone: 'Asia/Riyadh',
        mediaIds: [image],
        draftId: draft.id,
      },
      headers: inWorkspace(t.id),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // Another workspace's editor cannot take the file into theirs by naming it.
    const elsewhere = await h.team();
    const taken = await h.call(elsewhere.editor, API.posts.createDraft, {
      body: { content: 'Not ours', mediaIds: [image] },
      headers: inWorkspace(elsewhere.id),
    });
    expect(taken.json().code).toBe(MEDIA_ERROR_CODES.unknownMedia);
  });

  it('answers someone who just joined from the copy that holds their membership', async () => {
    const [workspaceId, owner, joiner] = [randomUUID(), testIdentity(), testIdentity()];
    // Auth stamped the join with its (global) version; the gateway holds the joiner's next requests to it.
    const version = 1_000_000;
    const asked = h.call(joiner, API.posts.drafts, {
      headers: { ...inWorkspace(workspaceId), [IDENTITY_HEADERS.seen]: `memberships=${version}` },
    });
    await h.queues.queues.publish(
      workspaceMembersChangedEvent,
      {
        workspaceId,
        version,
        members: [
          { userId: owner.userId, role: 'owner' },
          { userId: joiner.userId, role: 'viewer' },
        ],
      },
      { id: `${workspaceId}-${version}` },
    );
    const answer = await asked;
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('follows the newest member list: a member removed from it is no longer let in', async () => {
    const t = await h.team();
    expect((await h.call(t.viewer, API.posts.drafts, { headers: inWorkspace(t.id) })).statusCode).toBe(200);
    await h.deliver(
      workspaceMembersChangedEvent,
      { workspaceId: t.id, version: 2, members: [{ userId: t.owner.userId, role: 'owner' }] },
      `${t.id}-2`,
    );
    const answer = await h.call(t.viewer, API.posts.drafts, { headers: inWorkspace(t.id) });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe(WORKSPACE_ERROR_CODES.notFound);
  });
});

describe('the personal workspace', () => {
  it('works without the header exactly as before, and with its own id named', async () => {
    const me = testIdentity();
    const draft = await h.call(me, API.posts.createDraft, { body: { content: 'Just mine' } });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().data).toMatchObject({ userId: me.userId, workspaceId: me.userId });
    const post = await schedule(me);
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json().data).toMatchObject({ userID: me.userId, workspaceId: me.userId });
    const named = await h.call(me, API.posts.drafts, { headers: inWorkspace(me.userId) });
    expect(named.json().data.map((d: { id: string }) => d.id)).toEqual([draft.json().data.id]);
    const list = await h.call(me, API.posts.list);
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([post.json().data.id]);
  });

  it('refuses a header that names no workspace with 400 workspace.header_invalid', async () => {
    const answer = await h.call(testIdentity(), API.posts.drafts, { headers: inWorkspace('not-a-workspace') });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe(WORKSPACE_ERROR_CODES.headerInvalid);
  });

  it("does not let anyone into another account's personal workspace by naming its id", async () => {
    const owner = testIdentity();
    await h.call(owner, API.posts.createDraft, { body: { content: 'Private' } });
    const answer = await h.call(testIdentity(), API.posts.drafts, { headers: inWorkspace(owner.userId) });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe(WORKSPACE_ERROR_CODES.notFound);
  });
});
