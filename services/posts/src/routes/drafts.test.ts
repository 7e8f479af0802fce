import {
  API,
  MAX_DRAFT_LENGTH,
  MAX_DRAFTS_PER_USER,
  MAX_FIRST_COMMENT_LENGTH,
  MAX_POST_LENGTH,
  POST_ERROR_CODES,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts } from '../db/schema.js';
import { instantToLocal } from '../schedule/local-time.js';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness } from '../testing/harness.js';

let h: PostsHarness;
let linkedin: FakeLinkedin;

beforeAll(async () => {
  h = await PostsHarness.start();
  linkedin = h.startFakeLinkedin({
    commentOutcome: (comment) =>
      comment.includes('refuse me')
        ? { ok: false, reason: 'LinkedIn refused this comment', code: 'linkedin.rejected' }
        : { ok: true },
  });
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const inThreeDays = () => instantToLocal(new Date(Date.now() + 3 * 86_400_000), 'Asia/Riyadh').date;

describe('drafts', () => {
  it('makes one draft of a create repeated with the same Idempotency-Key', async () => {
    const me = testIdentity();
    const headers = { 'idempotency-key': `draft-${Date.now().toString(36)}-once` };
    const body = { content: 'Sent twice by a client that lost the first answer' };
    const [first, again] = [
      await h.call(me, API.posts.createDraft, { body, headers }),
      await h.call(me, API.posts.createDraft, { body, headers }),
    ];
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await h.call(me, API.posts.drafts)).json().data).toHaveLength(1);
  });

  it('creates, lists newest first, saves again and deletes a draft', async () => {
    const me = testIdentity();
    const first = await h.call(me, API.posts.createDraft, { body: { content: 'An idea about hiring' } });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      userId: me.userId,
      content: 'An idea about hiring',
      firstComment: '',
      version: 1,
    });
    const second = await h.call(me, API.posts.createDraft, {
      body: {
        content: 'فكرة عن القيادة',
        firstComment: '#قيادة',
      },
    });
    expect(second.statusCode).toBe(201);

    const saved = await h.call(me, API.posts.updateDraft, {
      params: { id: first.json().data.id },
      body: {
        content: 'An idea about hiring, longer now',
        version: 1,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ content: 'An idea about hiring, longer now', version: 2 });

    const list = await h.call(me, API.posts.drafts);
    expect(list.json().data.map((d: { id: string }) => d.id)).toEqual([first.json().data.id, second.json().data.id]);

    const deleted = await h.call(me, API.posts.deleteDraft, { params: { id: second.json().data.id } });
    expect(deleted.statusCode).toBe(200);
    const again = await h.call(me, API.posts.deleteDraft, { params: { id: second.json().data.id } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(POST_ERROR_CODES.draftNotFound);
    expect((await h.call(me, API.posts.drafts)).json().data).toHaveLength(1);
    // 'Download my data' holds the drafts too.
    const exported = await h.call(me, API.posts.export);
    expect(exported.json().data.drafts).toEqual([
      expect.objectContaining({ id: first.json().data.id, content: 'An idea about hiring, longer now' }),
    ]);
  });

  it("answers 404 for someone else's draft and never shows or changes it", async () => {
    const owner = testIdentity();
    const other = testIdentity();
    const created = await h.call(owner, API.posts.createDraft, { body: { content: 'Mine alone' } });
    const id = created.json().data.id;
    expect((await h.call(other, API.posts.drafts)).json().data).toEqual([]);
    const edit = await h.call(other, API.posts.updateDraft, { params: { id }, body: { content: 'Hijacked' } });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe(POST_ERROR_CODES.draftNotFound);
    expect((await h.call(other, API.posts.deleteDraft, { params: { id } })).statusCode).toBe(404);
    expect((await h.call(owner, API.posts.drafts)).json().data[0]).toMatchObject({
      id,
      content: 'Mine alone',
    });
  });

  it('refuses an empty draft, text longer than a draft or comment, and a stale version', async () => {
    const me = testIdentity();
    const empty = await h.call(me, API.posts.createDraft, { body: { content: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(POST_ERROR_CODES.draftEmpty);
    const long = await h.call(me, API.posts.createDraft, { body: { content: 'x'.repeat(MAX_DRAFT_LENGTH + 1) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: POST_ERROR_CODES.draftTooLong,
      params: { length: MAX_DRAFT_LENGTH + 1, limit: MAX_DRAFT_LENGTH },
    });
    const longComment = await h.call(me, API.posts.createDraft, {
      body: {
        content: 'ok',
        firstComment: 'c'.repeat(MAX_FIRST_COMMENT_LENGTH + 1),
      },
    });
    expect(longComment.statusCode).toBe(400);
    expect(longComment.json()).toMatchObject({
      code: POST_ERROR_CODES.firstCommentTooLong,
      params: { length: MAX_FIRST_COMMENT_LENGTH + 1, limit: MAX_FIRST_COMMENT_LENGTH },
    });

    const draft = (await h.call(me, API.posts.createDraft, { body: { content: 'v1' } })).json().data;
    await h.call(me, API.posts.updateDraft, { params: { id: draft.id }, body: { content: 'v2 from another tab' } });
    const stale = await h.call(me, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'v2 here', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(POST_ERROR_CODES.draftChangedElsewhere);
  });

  it('keeps a draft longer than a post, which is neither scheduled nor published until it fits', async () => {
    const me = testIdentity();
    const text = 'y'.repeat(MAX_POST_LENGTH + 500);
    const created = await h.call(me, API.posts.createDraft, { body: { content: text } });
    expect(created.statusCode).toBe(201);
    const draft = created.json().data;
    expect(draft.content).toHaveLength(MAX_POST_LENGTH + 500);
    const longer = await h.call(me, API.posts.updateDraft, {
      params: { id: draft.id },
      body: {
        content: `${text}z`,
        version: draft.version,
      },
    });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().data.content).toHaveLength(MAX_POST_LENGTH + 501);

    const scheduled = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: `${text}z`,
        date: inThreeDays(),
        time: '9:00 AM',
        timeZone: 'Asia/Riyadh',
        draftId: draft.id,
      },
    });
    expect(scheduled.statusCode).toBe(400);
    expect(scheduled.json()).toMatchObject({
      code: POST_ERROR_CODES.tooLong,
      params: { length: MAX_POST_LENGTH + 501, limit: MAX_POST_LENGTH },
    });
    const published = await h.call(me, API.posts.publishNow, {
      body: {
        text: JSON.stringify(`${text}z`),
        timeZone: 'Asia/Riyadh',
        draftId: draft.id,
      },
    });
    expect(published.statusCode).toBe(400);
    expect(published.json().code).toBe(POST_ERROR_CODES.tooLong);
    // Refused, the draft is kept as it was, and nothing reached the network.
    expect((await h.call(me, API.posts.drafts)).json().data).toMatchObject([{ id: draft.id, content: `${text}z` }]);
    expect(linkedin.networkPosts.filter((p) => p.text.startsWith('yyy'))).toEqual([]);
  });

  it('keeps exactly one of two tabs saving from the same version, and refuses the other without touching the text', async () => {
    const me = testIdentity();
    const draft = (await h.call(me, API.posts.createDraft, { body: { content: 'v1' } })).json().data;
    expect(draft.version).toBe(1);
    // Both tabs last saw version 1 and save at the same moment: the conditional update lets one through.
    const [a, b] = await Promise.all([
      h.call(me, API.posts.updateDraft, { params: { id: draft.id }, body: { content: 'tab A', version: 1 } }),
      h.call(me, API.posts.updateDraft, { params: { id: draft.id }, body: { content: 'tab B', version: 1 } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [kept, refused] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(refused.json().code).toBe(POST_ERROR_CODES.draftChangedElsewhere);
    // The answer carries the new version, which the next save sends back.
    expect(kept.json().data.version).toBe(2);
    const [stored] = (await h.call(me, API.posts.drafts)).json().data;
    expect(stored).toMatchObject({ id: draft.id, content: kept.json().data.content, version: 2 });

    // 'Keep mine': saved over at the version now stored.
    const over = await h.call(me, API.posts.updateDraft, {
      params: { id: draft.id },
      body: {
        content: refused === a ? 'tab A' : 'tab B',
        version: 2,
      },
    });
    expect(over.statusCode).toBe(200);
    expect(over.json().data.version).toBe(3);
    // A version the draft never had yet is no more current than an older one.
    const ahead = await h.call(me, API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'ahead', version: 9 },
    });
    expect(ahead.statusCode).toBe(409);
    // Another user's draft stays a 404 whatever the version, never a hint that it exists.
    const other = await h.call(testIdentity(), API.posts.updateDraft, {
      params: { id: draft.id },
      body: { content: 'x', version: 1 },
    });
    expect(other.statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_DRAFTS_PER_USER} drafts per user`, async () => {
    const me = testIdentity();
    await h.database.db.insert(drafts).values(
      Array.from({ length: MAX_DRAFTS_PER_USER }, (_, i) => ({
        workspaceId: me.userId,
        userId: me.userId,
        content: `idea ${i}`,
      })),
    );
    const over = await h.call(me, API.posts.createDraft, { body: { content: 'one too many' } });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: POST_ERROR_CODES.tooManyDrafts, params: { limit: MAX_DRAFTS_PER_USER } });
    // Someone else is not affected by this user's drafts.
    expect((await h.call(testIdentity(), API.posts.createDraft, { body: { content: 'mine' } })).statusCode).toBe(201);
  });

  it(`keeps the ${MAX_DRAFTS_PER_USER} limit exactly when drafts are saved at once`, async () => {
    const me = testIdentity();
    await h.database.db.insert(drafts).values(
      Array.from({ length: MAX_DRAFTS_PER_USER - 3 }, (_, i) => ({
        workspaceId: me.userId,
        userId: me.userId,
        content: `idea ${i}`,
      })),
    );
    // Ten saves at once with three places left: each counts and writes under the user's lock.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.call(me, API.posts.createDraft, { body: { content: `burst ${i}` } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: POST_ERROR_CODES.tooManyDrafts });
    }
    const kept = await h.database.db.select().from(drafts).where(eq(drafts.userId, me.userId));
    expect(kept).toHaveLength(MAX_DRAFTS_PER_USER);
  });

  it('never publishes a draft by itself, and is consumed when scheduled from it', async () => {
    const me = testIdentity();
    const draft = (await h.call(me, API.posts.createDraft, { body: { content: 'Scheduled from a draft' } })).json()
      .data;
    const scheduled = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: draft.content,
        date: inThreeDays(),
        time: '9:00 AM',
        timeZone: 'Asia/Riyadh',
        draftId: draft.id,
      },
    });
    expect(scheduled.statusCode).toBe(201);
    expect((await h.call(me, API.posts.drafts)).json().data).toEqual([]);
    // The draft itself never reached the publish queue.
    expect(linkedin.networkPosts.filter((p) => p.text === draft.content)).toEqual([]);
  });
});

describe('first comment', () => {
  const publishNow = (who: ReturnType<typeof testIdentity>, text: string, firstComment?: string) =>
    h.call(who, API.posts.publishNow, { body: { text, timeZone: 'Asia/Riyadh', firstComment } });
  const postOf = async (who: ReturnType<typeof testIdentity>, id: string) =>
    (await h.call(who, API.posts.get, { params: { id } })).json().data;

  it('is kept with the post and posted once after the post publishes', async () => {
    const me = testIdentity();
    const res = await publishNow(me, 'A post with a first comment', 'Links in the first comment: https://example.com');
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    await expect
      .poll(async () => (await postOf(me, id)).firstCommentStatus, { timeout: 15_000, interval: 100 })
      .toBe('posted');
    expect(await postOf(me, id)).toMatchObject({
      status: 'published',
      firstComment: 'Links in the first comment: https://example.com',
      firstCommentFailure: null,
    });
    expect(linkedin.published(id)).toHaveLength(1);
    expect(linkedin.published(id)[0]?.firstComment?.text).toBe('Links in the first comment: https://example.com');
  });

  it('leaves the post published and says why when the comment is refused', async () => {
    const me = testIdentity();
    const res = await publishNow(me, 'A post whose comment fails', 'please refuse me');
    const id = res.json().data.id;
    await expect
      .poll(async () => (await postOf(me, id)).firstCommentStatus, { timeout: 15_000, interval: 100 })
      .toBe('failed');
    expect(await postOf(me, id)).toMatchObject({
      status: 'published',
      firstCommentFailure: 'LinkedIn refused this comment',
    });
  });

  it('is refused over the network limit, and can be changed or removed on a scheduled post', async () => {
    const me = testIdentity();
    const long = await publishNow(me, 'Too long a comment', 'c'.repeat(MAX_FIRST_COMMENT_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe(POST_ERROR_CODES.firstCommentTooLong);

    const scheduled = await h.call(me, API.posts.schedule, {
      body: {
        userId: me.userId,
        content: 'Later, with a comment',
        date: inThreeDays(),
        time: '9:00 AM',
        timeZone: 'Asia/Riyadh',
        firstComment: '  First!  ',
      },
    });
    const id = scheduled.json().data.id;
    expect(await postOf(me, id)).toMatchObject({ firstComment: 'First!', firstCommentStatus: 'pending' });
    const changed = await h.call(me, API.posts.update, { params: { id }, body: { firstComment: 'Second thought' } });
    expect(changed.json().data).toMatchObject({ firstComment: 'Second thought', firstCommentStatus: 'pending' });
    const removed = await h.call(me, API.posts.update, { params: { id }, body: { firstComment: '' } });
    expect(removed.json().data).toMatchObject({ firstComment: null, firstCommentStatus: null });
  });
});
