import {
  API,
  type Identity,
  MAX_REVIEW_COMMENT_LENGTH,
  MAX_REVIEW_COMMENTS,
  POST_ERROR_CODES,
  PUBLISHER_LEFT_MESSAGE,
  QUEUES,
  REVIEW_ERROR_CODES,
  REVIEW_MESSAGES,
  userDeletedEvent,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HEADER,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftActivity, draftComments, posts } from '../db/schema.js';
import { ReviewStore } from '../review/review-store.js';
import type { FakeLinkedin } from '../testing/fake-linkedin.js';
import { PostsHarness, type TestTeam } from '../testing/harness.js';

/**
 * The review of a workspace's drafts: its steps at one version, its thread, its history, the
 * approval a workspace may require (at the door and again when the post goes out), and what
 * members are told.
 */
let h: PostsHarness;
let linkedin: FakeLinkedin;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await PostsHarness.start({ publishWaitMs: 10_000 });
  linkedin = h.startFakeLinkedin();
  await h.startWorker();
});
afterAll(async () => {
  await h.close();
});

const at = (t: TestTeam) => ({ headers: { [WORKSPACE_HEADER]: t.id } });
const future = () => new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);

async function newDraft(
  t: TestTeam,
  who: Identity,
  content = 'Our launch checklist, in five steps',
  firstComment = '',
) {
  const created = await h.call(who, API.posts.createDraft, { body: { content, firstComment }, ...at(t) });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { id: string; version: number };
}

const submit = (t: TestTeam, who: Identity, id: string, version: number) =>
  h.call(who, API.review.submit, { params: { id }, body: { version }, ...at(t) });
const approve = (t: TestTeam, who: Identity, id: string, version: number) =>
  h.call(who, API.review.approve, { params: { id }, body: { version }, ...at(t) });
const save = (t: TestTeam, who: Identity, id: string, content: string, version?: number) =>
  h.call(who, API.posts.updateDraft, {
    params: { id },
    body: { content, ...(version ? { version } : {}) },
    ...at(t),
  });
const comment = (
  t: TestTeam,
  who: Identity,
  id: string,
  body: string,
  extra: { parentId?: string; mentions?: string[] } = {},
) => h.call(who, API.review.comment, { params: { id }, body: { body, ...extra }, ...at(t) });
const schedule = (t: TestTeam, who: Identity, content: string, draftId?: string) =>
  h.call(who, API.posts.schedule, {
    body: {
      userId: who.userId,
      content,
      date: future(),
      time: '10:30 AM',
      timeZone: 'Asia/Riyadh',
      ...(draftId ? { draftId } : {}),
    },
    ...at(t),
  });
const requireApproval = async (t: TestTeam, on = true) => {
  const saved = await h.call(t.admin, API.review.saveSettings, { body: { requiresApproval: on }, ...at(t) });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** An approved draft of the contributor's, at its current version. */
async function approvedDraft(t: TestTeam, content: string) {
  const draft = await newDraft(t, t.contributor, content);
  expect((await submit(t, t.contributor, draft.id, draft.version)).statusCode).toBe(200);
  const approved = await approve(t, t.admin, draft.id, draft.version);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data.draft as { id: string; version: number };
}

/** The review notices published for the auth service about `draftId`: kind → users told. */
async function notices(draftId: string): Promise<{ kind: string; userId: string; excerpt: string; id: string }[]> {
  const jobs = await h.queues.queues.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']);
  return jobs
    .filter((j) => j.name === 'draft-review-notice' && j.data.draftId === draftId)
    .map((j) => ({ kind: j.data.kind, userId: j.data.userId, excerpt: j.data.excerpt, id: String(j.id) }));
}
const toldOf = async (draftId: string, kind: string) =>
  (await notices(draftId))
    .filter((n) => n.kind === kind)
    .map((n) => n.userId)
    .sort();

const code = (answer: { json: () => { code?: string } }) => answer.json().code;

describe('the review of a draft', () => {
  it('goes draft → in review → approved at one version, each step once, and tells the reviewers and the author', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor);
    expect((await h.call(t.viewer, API.posts.drafts, at(t))).json().data[0]).toMatchObject({
      id: draft.id,
      reviewState: 'draft',
      submittedBy: null,
      approvedVersion: null,
      comments: 0,
    });

    const stale = await submit(t, t.contributor, draft.id, draft.version + 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: REVIEW_ERROR_CODES.staleVersion, params: { version: draft.version } });

    const submitted = await submit(t, t.contributor, draft.id, draft.version);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.draft).toMatchObject({
      reviewState: 'in_review',
      submittedBy: t.contributor.userId,
      submittedAt: expect.any(String),
      version: draft.version,
    });
    expect(code(await submit(t, t.contributor, draft.id, draft.version))).toBe(REVIEW_ERROR_CODES.wrongState);

    // Reviewing is for admins and owners.
    for (const who of [t.contributor, t.editor]) {
      const refused = await approve(t, who, draft.id, draft.version);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: WORKSPACE_ERROR_CODES.roleTooLow });
    }
    const approved = await approve(t, t.admin, draft.id, draft.version);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.draft).toMatchObject({
      reviewState: 'approved',
      approvedVersion: draft.version,
      reviewedBy: t.admin.userId,
    });
    expect(approved.json().data.activity.map((a: { action: string }) => a.action)).toEqual([
      'created',
      'submitted',
      'approved',
    ]);
    expect(code(await approve(t, t.admin, draft.id, draft.version))).toBe(REVIEW_ERROR_CODES.wrongState);

    expect(await toldOf(draft.id, 'review_requested')).toEqual([t.owner.userId, t.admin.userId].sort());
    expect(await toldOf(draft.id, 'draft_approved')).toEqual([t.contributor.userId]);
    const [requested] = await notices(draft.id);
    expect(requested!.excerpt).toBe('Our launch checklist, in five steps');
    expect(requested!.id).toMatch(new RegExp(`^draft-review-notice-review-[0-9a-f-]{36}-${requested!.userId}$`));
  });

  it('tells the reviewers other than the one who sends it', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.admin, 'Mine to send');
    expect((await submit(t, t.admin, draft.id, draft.version)).statusCode).toBe(200);
    expect(await toldOf(draft.id, 'review_requested')).toEqual([t.owner.userId]);
    // Approving one's own draft tells no one.
    expect((await approve(t, t.admin, draft.id, draft.version)).statusCode).toBe(200);
    expect(await toldOf(draft.id, 'draft_approved')).toEqual([]);
  });

  it('refuses to send an empty draft for review', async () => {
    const t = await h.team();
    const created = await h.call(t.contributor, API.posts.createDraft, {
      body: { content: '   ', firstComment: 'Only a comment' },
      ...at(t),
    });
    const draft = created.json().data;
    const refused = await submit(t, t.contributor, draft.id, draft.version);
    expect(refused.statusCode).toBe(400);
    expect(code(refused)).toBe(POST_ERROR_CODES.contentRequired);
  });

  it('sends an approved draft back to review when it is saved, and refuses the approval of the older version', async () => {
    const t = await h.team();
    const draft = await approvedDraft(t, 'Version one');
    const saved = await save(t, t.contributor, draft.id, 'Version two', draft.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      reviewState: 'in_review',
      approvedVersion: null,
      version: draft.version + 1,
    });
    // Its reviewers are asked again (the contributor's first sending asked them once already);
    // a further save, with the draft in review already, asks no one more.
    const asked = async () => (await notices(draft.id)).filter((n) => n.kind === 'review_requested');
    expect(await asked()).toHaveLength(4);
    expect(
      (await asked())
        .filter((n) => n.excerpt === 'Version two')
        .map((n) => n.userId)
        .sort(),
    ).toEqual([t.owner.userId, t.admin.userId].sort());
    expect((await save(t, t.contributor, draft.id, 'Version two, with a typo fixed')).statusCode).toBe(200);
    expect(await asked()).toHaveLength(4);
    const latest = draft.version + 2;

    const late = await approve(t, t.admin, draft.id, draft.version);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: REVIEW_ERROR_CODES.staleVersion,
      params: { version: latest },
    });
    const again = await approve(t, t.admin, draft.id, latest);
    expect(again.json().data.draft).toMatchObject({ reviewState: 'approved', approvedVersion: latest });
  });

  it('never leaves a draft approved at a version it no longer has when an approval and a save race', async () => {
    const t = await h.team();
    for (let round = 0; round < 6; round++) {
      const draft = await newDraft(t, t.contributor, `Race ${round}`);
      await submit(t, t.contributor, draft.id, draft.version);
      const [approval, saving] = await Promise.all([
        approve(t, t.admin, draft.id, draft.version),
        save(t, t.editor, draft.id, `Race ${round}, changed`),
      ]);
      expect(saving.statusCode, saving.body).toBe(200);
      const now = (await h.call(t.admin, API.review.draftReview, { params: { id: draft.id }, ...at(t) })).json().data;
      // Either order leaves the changed text waiting for review, never approved.
      expect(now.draft).toMatchObject({ reviewState: 'in_review', approvedVersion: null, version: draft.version + 1 });
      const actions = now.activity.map((a: { action: string }) => a.action);
      if (approval.statusCode === 200) {
        // The approval came first: the save that followed took it back.
        expect(actions).toEqual(['created', 'submitted', 'approved', 'edited']);
      } else {
        expect(approval.statusCode).toBe(409);
        expect(code(approval)).toBe(REVIEW_ERROR_CODES.staleVersion);
        expect(actions).toEqual(['created', 'submitted', 'edited']);
      }
    }
  });

  it('sends a draft back with what to change, kept in its thread, and lets it be submitted again', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor);
    expect(
      code(
        await h.call(t.admin, API.review.requestChanges, {
          params: { id: draft.id },
          body: { version: draft.version, comment: 'Too early' },
          ...at(t),
        }),
      ),
    ).toBe(REVIEW_ERROR_CODES.wrongState);
    await submit(t, t.contributor, draft.id, draft.version);
    const empty = await h.call(t.admin, API.review.requestChanges, {
      params: { id: draft.id },
      body: { version: draft.version, comment: '   ' },
      ...at(t),
    });
    expect(empty.statusCode).toBe(400);
    expect(code(empty)).toBe(REVIEW_ERROR_CODES.commentEmpty);

    const sent = await h.call(t.admin, API.review.requestChanges, {
      params: { id: draft.id },
      body: { version: draft.version, comment: '  Say which five steps  ' },
      ...at(t),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.draft).toMatchObject({ reviewState: 'changes_requested', comments: 1 });
    expect(sent.json().data.comments).toEqual([
      expect.objectContaining({ kind: 'changes_requested', body: 'Say which five steps', authorId: t.admin.userId }),
    ]);
    expect(await toldOf(draft.id, 'changes_requested')).toEqual([t.contributor.userId]);
    expect((await h.call(t.contributor, API.posts.drafts, at(t))).json().data[0]).toMatchObject({ comments: 1 });

    const saved = await save(t, t.contributor, draft.id, 'Our launch checklist: plan, build, test, ship, tell');
    // Changes requested stays so until it is sent again.
    expect(saved.json().data.reviewState).toBe('changes_requested');
    const again = await submit(t, t.contributor, draft.id, saved.json().data.version);
    expect(again.json().data.draft.reviewState).toBe('in_review');
  });
});

describe("a draft's review thread", () => {
  it('keeps comments and replies (a reply to a reply joins the thread) and tells its people', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor);
    await submit(t, t.contributor, draft.id, draft.version);

    const first = await comment(t, t.admin, draft.id, '  Which launch?  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ body: 'Which launch?', parentId: null, kind: 'comment', mentions: [] });
    const reply = await comment(t, t.contributor, draft.id, 'The spring one', { parentId: first.json().data.id });
    expect(reply.json().data.parentId).toBe(first.json().data.id);
    const replyToReply = await comment(t, t.editor, draft.id, 'Agreed', {
      parentId: reply.json().data.id,
      mentions: [t.viewer.userId],
    });
    expect(replyToReply.statusCode, replyToReply.body).toBe(201);
    expect(replyToReply.json().data.parentId).toBe(first.json().data.id);

    // The editor's reply: the author (who is the submitter), the thread's earlier people, not the
    // editor; the viewer mentioned hears of it as a mention only.
    const told = (await notices(draft.id)).filter((n) => n.id.includes(replyToReply.json().data.id));
    expect(
      told
        .filter((n) => n.kind === 'draft_commented')
        .map((n) => n.userId)
        .sort(),
    ).toEqual([t.contributor.userId, t.admin.userId].sort());
    expect(told.filter((n) => n.kind === 'mentioned').map((n) => n.userId)).toEqual([t.viewer.userId]);
    expect(told.find((n) => n.kind === 'mentioned')!.excerpt).toBe('Agreed');

    // The admin answers in the thread: its other people hear of it, the admin does not.
    const last = (await comment(t, t.admin, draft.id, 'Spring it is', { parentId: first.json().data.id })).json().data;
    const toldOfLast = (await notices(draft.id)).filter((n) => n.id.includes(last.id));
    expect(toldOfLast.map((n) => [n.kind, n.userId]).sort()).toEqual(
      [
        ['draft_commented', t.contributor.userId],
        ['draft_commented', t.editor.userId],
      ].sort(),
    );

    const view = await h.call(t.viewer, API.review.draftReview, { params: { id: draft.id }, ...at(t) });
    expect(view.json().data.comments.map((c: { body: string }) => c.body)).toEqual([
      'Which launch?',
      'The spring one',
      'Agreed',
      'Spring it is',
    ]);
    expect(view.json().data.draft.comments).toBe(4);
  });

  it('refuses an empty, too long or unsafe comment, a parent of another draft and a mention of a non-member', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor);
    const other = await newDraft(t, t.contributor, 'Another');
    const elsewhere = (await comment(t, t.admin, other.id, 'On the other one')).json().data;

    expect(code(await comment(t, t.admin, draft.id, ' \n '))).toBe(REVIEW_ERROR_CODES.commentEmpty);
    const long = await comment(t, t.admin, draft.id, 'x'.repeat(MAX_REVIEW_COMMENT_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: REVIEW_ERROR_CODES.commentTooLong,
      params: { length: MAX_REVIEW_COMMENT_LENGTH + 1, limit: MAX_REVIEW_COMMENT_LENGTH },
    });
    const unsafe = await comment(t, t.admin, draft.id, 'bad\u0000text');
    expect(unsafe.statusCode).toBe(400);
    expect(code(unsafe)).toBe('text.unstorable');
    const parent = await comment(t, t.admin, draft.id, 'A reply', { parentId: elsewhere.id });
    expect(parent.statusCode).toBe(404);
    expect(code(parent)).toBe(REVIEW_ERROR_CODES.commentParentNotFound);
    const outsider = await h.team();
    const mention = await comment(t, t.admin, draft.id, 'Look', { mentions: [outsider.owner.userId] });
    expect(mention.statusCode).toBe(400);
    expect(code(mention)).toBe(REVIEW_ERROR_CODES.mentionNotMember);
    // A viewer reads the thread but does not write in it.
    expect((await comment(t, t.viewer, draft.id, 'Hello')).statusCode).toBe(403);
    expect(
      (await h.call(t.admin, API.review.draftReview, { params: { id: draft.id }, ...at(t) })).json().data.comments,
    ).toEqual([]);
  });

  it(`keeps at most ${MAX_REVIEW_COMMENTS} comments per draft, even when they arrive at once`, async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor);
    await h.database.db.insert(draftComments).values(
      Array.from({ length: MAX_REVIEW_COMMENTS - 2 }, (_, i) => ({
        draftId: draft.id,
        workspaceId: t.id,
        authorId: t.admin.userId,
        body: `Comment ${i}`,
        version: 1,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => comment(t, t.editor, draft.id, `At once ${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json()).toMatchObject({
      code: REVIEW_ERROR_CODES.tooManyComments,
      params: { limit: MAX_REVIEW_COMMENTS },
    });
    const rows = await h.database.db.select().from(draftComments).where(eq(draftComments.draftId, draft.id));
    expect(rows).toHaveLength(MAX_REVIEW_COMMENTS);
  });
});

describe('a workspace that requires approval', () => {
  it('lets its admins set the rule, and everyone read it', async () => {
    const t = await h.team();
    expect((await h.call(t.viewer, API.review.settings, at(t))).json().data).toEqual({ requiresApproval: false });
    const refused = await h.call(t.editor, API.review.saveSettings, { body: { requiresApproval: true }, ...at(t) });
    expect(refused.statusCode).toBe(403);
    await requireApproval(t);
    expect((await h.call(t.viewer, API.review.settings, at(t))).json().data).toEqual({ requiresApproval: true });
  });

  it('schedules, publishes and queues only an approved draft, exactly as approved', async () => {
    const t = await h.team();
    await requireApproval(t);
    const text = 'Approved words';
    const draft = await approvedDraft(t, text);

    const refusals = [
      await schedule(t, t.editor, text),
      await schedule(t, t.editor, `${text}, and more`, draft.id),
      await h.call(t.editor, API.posts.publishNow, { body: { text }, ...at(t) }),
      await h.call(t.editor, API.queue.add, { body: { content: text }, ...at(t) }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: REVIEW_ERROR_CODES.approvalRequired,
        message: REVIEW_MESSAGES.approvalRequired,
      });
    }
    // A draft in review is not approved.
    const waiting = await newDraft(t, t.contributor, 'Still in review');
    await submit(t, t.contributor, waiting.id, waiting.version);
    expect(code(await schedule(t, t.editor, 'Still in review', waiting.id))).toBe(REVIEW_ERROR_CODES.approvalRequired);

    const scheduled = await schedule(t, t.editor, `  ${text}  `, draft.id);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const [row] = await h.database.db.select().from(posts).where(eq(posts.id, scheduled.json().data.id));
    expect(row).toMatchObject({ approvedBy: t.admin.userId, approvedAt: expect.any(Date) });

    const queuedDraft = await approvedDraft(t, 'Queued words');
    await h.call(t.editor, API.queue.save, {
      body: { slots: [{ weekday: 1, time: '09:00' }], timeZone: 'Asia/Riyadh' },
    });
    const queued = await h.call(t.editor, API.queue.add, {
      body: { content: 'Queued words', draftId: queuedDraft.id },
      ...at(t),
    });
    expect(queued.statusCode, queued.body).toBe(201);

    const nowDraft = await approvedDraft(t, 'Out now');
    const published = await h.call(t.editor, API.posts.publishNow, {
      body: { text: 'Out now', draftId: nowDraft.id },
      ...at(t),
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(linkedin.networkPosts.map((p) => p.text)).toContain('Out now');
  });

  it("locks an approved post's text, first comment and media, not its time", async () => {
    const t = await h.team();
    await requireApproval(t);
    const draft = await approvedDraft(t, 'Locked words');
    const post = (await schedule(t, t.editor, 'Locked words', draft.id)).json().data;
    for (const body of [{ content: 'Other words' }, { firstComment: 'A comment' }, { mediaIds: [] }]) {
      const refused = await h.call(t.editor, API.posts.update, { params: { id: post.id }, body, ...at(t) });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(code(refused)).toBe(REVIEW_ERROR_CODES.approvedPostLocked);
    }
    const moved = await h.call(t.editor, API.posts.update, {
      params: { id: post.id },
      body: { date: future(), time: '11:45 AM' },
      ...at(t),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.content).toBe('Locked words');
  });

  it('fails a post scheduled before approval was required when its time comes, and never hands it over', async () => {
    const t = await h.team();
    const post = await h.service.schedule({ userId: t.editor.userId, workspaceId: t.id }, 'Written before the rule', {
      instant: new Date(Date.now() + 1500),
      timeZone: 'UTC',
    });
    await requireApproval(t);
    await expect.poll(async () => (await h.store.get(post.id))?.status, { timeout: 15_000 }).toBe('failed');
    expect(await h.store.get(post.id)).toMatchObject({
      failureCode: REVIEW_ERROR_CODES.notApproved,
      failureReason: REVIEW_MESSAGES.notApproved,
      attempts: 0,
    });
    expect(await h.queues.publish.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ postId: post.id }) }),
    );
    expect(linkedin.networkPosts.map((p) => p.postId)).not.toContain(post.id);
    // Told as any failure is: the author hears of it.
    const failed = (await h.queues.queues.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']))
      .filter((j) => j.name === 'post-publish-failed' && j.data.postId === post.id)
      .map((j) => j.data);
    expect(failed).toEqual([
      expect.objectContaining({ userId: t.editor.userId, code: REVIEW_ERROR_CODES.notApproved, permanent: true }),
    ]);
  });

  it('fails at its time a post whose scheduler left the workspace or may no longer schedule there, and never hands it over', async () => {
    const t = await h.team();
    const soon = () => ({ instant: new Date(Date.now() + 1500), timeZone: 'UTC' });
    const byEditor = await h.service.schedule(
      { userId: t.editor.userId, workspaceId: t.id },
      'From the editor',
      soon(),
    );
    const byAdmin = await h.service.schedule({ userId: t.admin.userId, workspaceId: t.id }, 'From the admin', soon());
    const byOwner = await h.service.schedule({ userId: t.owner.userId, workspaceId: t.id }, 'From the owner', soon());
    // The editor is removed; the admin is lowered to contributor; the owner stays.
    const members = [
      { userId: t.owner.userId, role: 'owner' as const },
      { userId: t.admin.userId, role: 'contributor' as const },
    ];
    await h.deliver(workspaceMembersChangedEvent, { workspaceId: t.id, version: 2, members }, `${t.id}-2`);
    for (const held of [byEditor, byAdmin]) {
      await expect.poll(async () => (await h.store.get(held.id))?.status, { timeout: 15_000 }).toBe('failed');
      expect(await h.store.get(held.id)).toMatchObject({
        failureCode: WORKSPACE_ERROR_CODES.publisherLeft,
        failureReason: PUBLISHER_LEFT_MESSAGE,
        attempts: 0,
      });
      expect(linkedin.networkPosts.map((p) => p.postId)).not.toContain(held.id);
    }
    await expect.poll(async () => (await h.store.get(byOwner.id))?.status, { timeout: 15_000 }).toBe('published');
    const published = await h.queues.publish.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    expect(published.map((j) => j.data.postId)).not.toContain(byEditor.id);
    expect(published.map((j) => j.data.postId)).not.toContain(byAdmin.id);
    const failed = (await h.queues.queues.get(QUEUES.authInbox).getJobs(['waiting', 'delayed', 'completed', 'failed']))
      .filter((j) => j.name === 'post-publish-failed' && j.data.postId === byEditor.id)
      .map((j) => j.data);
    expect(failed).toEqual([
      // With its workspace: auth tells that workspace's owners and admins too.
      expect.objectContaining({
        userId: t.editor.userId,
        code: WORKSPACE_ERROR_CODES.publisherLeft,
        permanent: true,
        workspaceId: t.id,
      }),
    ]);
    // Tried again by the owner, it goes out under the owner's account; the lowered admin's, retried
    // by the admin (a contributor now), is refused.
    const refused = await h.call(t.admin, API.posts.retry, { params: { id: byAdmin.id }, ...at(t) });
    expect(refused.statusCode, refused.body).toBe(403);
    const retried = await h.call(t.owner, API.posts.retry, { params: { id: byEditor.id }, ...at(t) });
    expect(retried.statusCode, retried.body).toBe(200);
    await expect.poll(async () => (await h.store.get(byEditor.id))?.status, { timeout: 15_000 }).toBe('published');
    expect(await h.store.get(byEditor.id)).toMatchObject({ userId: t.owner.userId, failureCode: null });
  });

  it('lets an approved post out at its time', async () => {
    const t = await h.team();
    await requireApproval(t);
    const draft = await approvedDraft(t, 'Approved, then due');
    const post = await h.service.schedule(
      { userId: t.editor.userId, workspaceId: t.id },
      'Approved, then due',
      { instant: new Date(Date.now() + 500), timeZone: 'UTC' },
      undefined,
      null,
      [],
      false,
      { approvedBy: t.admin.userId, approvedAt: new Date() },
    );
    expect(draft.id).toBeTruthy();
    await expect.poll(async () => (await h.store.get(post.id))?.status, { timeout: 15_000 }).toBe('published');
  });
});

describe("a post's history", () => {
  it('shows who wrote, changed, approved and scheduled it, and when it went out', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor, 'History');
    // Autosave: one 'edited' for a member's run of saves.
    await save(t, t.contributor, draft.id, 'History, longer');
    await save(t, t.contributor, draft.id, 'History, longer still');
    await save(t, t.editor, draft.id, 'History told');
    const current = (await h.call(t.admin, API.review.draftReview, { params: { id: draft.id }, ...at(t) })).json().data
      .draft;
    await submit(t, t.contributor, draft.id, current.version);
    await approve(t, t.admin, draft.id, current.version);
    const published = await h.call(t.editor, API.posts.publishNow, {
      body: { text: 'History told', draftId: draft.id },
      ...at(t),
    });
    expect(published.statusCode, published.body).toBe(200);
    const postId = published.json().data.id;

    await expect
      .poll(
        async () => {
          const answer = await h.call(t.viewer, API.review.postActivity, { params: { id: postId }, ...at(t) });
          return answer
            .json()
            .data.activity.map((a: { action: string; actorId: string | null }) => [a.action, a.actorId]);
        },
        { timeout: 15_000 },
      )
      .toEqual([
        ['created', t.contributor.userId],
        ['edited', t.contributor.userId],
        ['edited', t.editor.userId],
        ['submitted', t.contributor.userId],
        ['approved', t.admin.userId],
        ['scheduled', t.editor.userId],
        ['published', null],
      ]);
    // Another workspace's member learns nothing of it.
    const other = await h.team();
    const stranger = await h.call(other.owner, API.review.postActivity, {
      params: { id: postId },
      headers: { [WORKSPACE_HEADER]: other.id },
    });
    expect(stranger.statusCode).toBe(404);
    expect(code(stranger)).toBe(POST_ERROR_CODES.notFound);
  });
});

describe('a deleted account', () => {
  it('takes its comments along, leaves its actions by no one, and its export holds its comments', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor, 'Keep me');
    const mine = (await comment(t, t.admin, draft.id, 'My note')).json().data;
    const reply = (await comment(t, t.contributor, draft.id, 'Thanks', { parentId: mine.id })).json().data;
    await submit(t, t.contributor, draft.id, draft.version);
    await approve(t, t.admin, draft.id, draft.version);

    const exported = await h.call(t.admin, API.posts.export);
    expect(exported.json().data.reviewComments).toEqual([
      expect.objectContaining({ id: mine.id, body: 'My note', draftId: draft.id, workspaceId: t.id }),
    ]);

    await h.deliver(
      userDeletedEvent,
      { userId: t.admin.userId, email: 'admin@example.test' },
      `gone-${t.admin.userId}`,
    );
    const left = await h.database.db.select().from(draftComments).where(eq(draftComments.draftId, draft.id));
    expect(left).toEqual([expect.objectContaining({ id: reply.id, parentId: null })]);
    const history = await h.database.db.select().from(draftActivity).where(eq(draftActivity.draftId, draft.id));
    expect(history.find((a) => a.action === 'approved')).toMatchObject({ actorId: null });
    expect(history.some((a) => a.actorId === t.admin.userId)).toBe(false);
  });

  it('says it went out when it was published before the request that made it linked its history', async () => {
    const t = await h.team();
    const draft = await newDraft(t, t.contributor, 'Out at once');
    const acting = { userId: t.editor.userId, workspaceId: t.id, role: 'editor' as const };
    const post = await h.service.schedule(acting, 'Out at once', {
      instant: new Date(Date.now() + 3_600_000),
      timeZone: 'UTC',
    });
    // The published event comes first: the post is out, but no history is linked to it yet.
    await h.store.markPublished(post.id, t.editor.userId, {
      networkPostId: 'urn:li:share:1',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      publishedAt: new Date(),
    });
    expect(await h.review.postMade(acting, draft.id, post)).toBeUndefined();
    const actions = async () =>
      (await h.call(t.viewer, API.review.postActivity, { params: { id: post.id }, ...at(t) }))
        .json()
        .data.activity.map((a: { action: string }) => a.action);
    expect(await actions()).toEqual(['created', 'scheduled', 'published']);
    // The event handled again (or the two at once) does not say it twice.
    const store = new ReviewStore(h.database.db);
    expect(await Promise.all([store.recordPublished(post.id), store.recordPublished(post.id)])).toEqual([false, false]);
    expect(await actions()).toEqual(['created', 'scheduled', 'published']);
  });
});
