import { API, WORKSPACE_HEADER, workspaceMembersChangedEvent } from '@nashr/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.js';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness, type TestTeam } from '../testing/harness.js';

/** In a shared workspace one member's post may carry another's uploads: they go out with it. */
let h: PostsHarness;
let linkedin: FakeLinkedin;
beforeAll(async () => {
  h = await PostsHarness.start();
  linkedin = h.startFakeLinkedin();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const at = (t: TestTeam) => ({ headers: { [WORKSPACE_HEADER]: t.id } });

/** Where the object store keeps each file, in the order given. */
const storageKeys = async (ids: string[]) => {
  const rows = await h.database.db.select().from(media).where(inArray(media.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.storageKey);
};

describe("a teammate's files on a post", () => {
  it("go out with the post an editor publishes from a contributor's draft", async () => {
    const t = await h.team();
    const images = [await h.uploadImage(t.contributor), await h.uploadImage(t.contributor)];
    const draft = await h.call(t.contributor, API.posts.createDraft, {
      body: { content: 'Our team day, in pictures', mediaIds: images },
      ...at(t),
    });
    expect(draft.statusCode, draft.body).toBe(201);

    const published = await h.call(t.editor, API.posts.publishNow, {
      body: { text: 'Our team day, in pictures', mediaIds: images, draftId: draft.json().data.id },
      ...at(t),
    });
    expect(published.statusCode, published.body).toBe(200);

    const [sent] = linkedin.published(published.json().data.id);
    const keys = await storageKeys(images);
    expect(sent?.attachments).toEqual(keys);
    for (const key of keys) await expect(h.storage.read(key as string)).resolves.toBeDefined();
  });

  it('go out with a post a member takes over after its scheduler left', async () => {
    const t = await h.team();
    const image = await h.uploadImage(t.editor);
    const post = await h.service.schedule(
      { userId: t.editor.userId, workspaceId: t.id },
      'Held when its scheduler left',
      { instant: new Date(Date.now() + 1500), timeZone: 'UTC' },
      undefined,
      null,
      [{ id: image, contentType: 'image/png', width: 30, height: 20 }],
    );
    const members = (['owner', 'admin', 'contributor', 'viewer'] as const).map((role) => ({
      userId: t[role].userId,
      role,
    }));
    await h.deliver(workspaceMembersChangedEvent, { workspaceId: t.id, version: 2, members }, `${t.id}-2`);
    await expect.poll(async () => (await h.store.get(post.id))?.status, { timeout: 15_000 }).toBe('failed');

    const retried = await h.call(t.owner, API.posts.retry, { params: { id: post.id }, ...at(t) });
    expect(retried.statusCode, retried.body).toBe(200);
    await expect.poll(async () => (await h.store.get(post.id))?.status, { timeout: 15_000 }).toBe('published');
    expect(linkedin.published(post.id)[0]?.attachments).toEqual(await storageKeys([image]));
  });
});
