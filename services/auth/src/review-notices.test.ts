/**
 * A draft's review told through the real auth service and its workers: notices published on the
 * real inbox queue as the posts service publishes them, e-mails received by a real SMTP server.
 */
import {
  type DraftReviewNotice,
  draftReviewNoticeEvent,
  QUEUES,
  reviewPagePath,
  userDeletedEvent,
} from '@nashr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  type Harness,
  mailsTo,
  type StoredUser,
  startHarness,
  storedUser,
  until,
} from './test-harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const newUser = (name: string) => storedUser(h, `${name}@review-notice.test`);

interface Listed {
  id: string;
  kind: string;
  workspaceId: string | null;
  draftId: string | null;
  actorEmail: string | null;
  excerpt: string | null;
  read: boolean;
}

const list = async (user: StoredUser) => {
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { notifications: Listed[]; unread: number };
};

/** Publishes one notice as the posts service does (id `review-{activityOrCommentId}-{userId}`) and waits until it is handled. */
async function notice(
  to: StoredUser,
  by: StoredUser,
  kind: DraftReviewNotice['kind'],
  ids: { activityId?: string; workspaceId?: string; draftId?: string } = {},
) {
  const activityId = ids.activityId ?? crypto.randomUUID();
  const workspaceId = ids.workspaceId ?? crypto.randomUUID();
  const draftId = ids.draftId ?? crypto.randomUUID();
  const id = `review-${activityId}-${to.userId}`;
  await deliverEvent(
    h,
    () =>
      h.queues.publish(
        draftReviewNoticeEvent,
        { userId: to.userId, kind, workspaceId, draftId, actorId: by.userId, excerpt: 'Our Q3 launch, in five lines' },
        { id },
      ),
    `draft-review-notice-${id}`,
  );
  return { activityId, workspaceId, draftId, jobId: `draft-review-notice-${id}` };
}

const emailStates = async (user: StoredUser) =>
  (await h.database.sql<{ email: string }[]>`select email from auth.notifications where user_id = ${user.userId}`).map(
    (r) => r.email,
  );

describe('a draft sent for review', () => {
  it('tells the reviewer once, in the bell with who asked and the draft’s words, and at once by e-mail with the review link', async () => {
    const reviewer = await newUser('reviewer');
    const author = await newUser('author');
    const sent = await notice(reviewer, author, 'review_requested');
    // Delivered again (a worker died after handling it): nothing more is told.
    await (await h.queues.get(QUEUES.authInbox).getJob(sent.jobId))?.remove();
    await notice(reviewer, author, 'review_requested', sent);

    const seen = await list(reviewer);
    expect(seen.unread).toBe(1);
    expect(seen.notifications).toEqual([
      expect.objectContaining({
        kind: 'review_requested',
        workspaceId: sent.workspaceId,
        draftId: sent.draftId,
        actorEmail: author.email,
        excerpt: 'Our Q3 launch, in five lines',
        read: false,
      }),
    ]);
    // The author, who acted, is told nothing.
    expect((await list(author)).notifications).toEqual([]);

    const [mail] = await until(
      'the review e-mail',
      async () => mailsTo(h, reviewer.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('مسودة بانتظار مراجعتك.');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    const link = `http://localhost:8080${reviewPagePath(sent.workspaceId, sent.draftId)}`;
    expect(mail?.text).toContain(`فتح المراجعة: ${link}`);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.text).toContain(`من: ${author.email}`);
    expect(mail?.text).toContain('«Our Q3 launch, in five lines»');
    expect(mail?.listUnsubscribe).toContain('kind=review_requested');
    expect(mailsTo(h, reviewer.email)).toHaveLength(1);
  });

  it('is e-mailed to a member whose preferences were saved before reviews were told, in English when they read English', async () => {
    const reviewer = await newUser('saved-before');
    const author = await newUser('saved-before-author');
    // Preferences as stored before the review kinds existed: those kinds take their defaults.
    await h.database.sql`
      insert into auth.notification_preferences (user_id, data, unsubscribe_token)
      values (${reviewer.userId}, ${JSON.stringify({
        kinds: { post_published: { app: true, email: false, push: false } },
        digestHour: 8,
        timeZone: 'UTC',
        locale: 'en',
      })}::jsonb, ${`before-${reviewer.userId}`})`;
    const sent = await notice(reviewer, author, 'mentioned');
    const [mail] = await until(
      'the mention e-mail',
      async () => mailsTo(h, reviewer.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('A member mentioned you in a draft’s review.');
    expect(mail?.text).toContain(
      `Open the review: http://localhost:8080${reviewPagePath(sent.workspaceId, sent.draftId)}`,
    );
  });

  it('is not e-mailed to a member who turned e-mail off for drafts sent for review, and stays in the bell', async () => {
    const reviewer = await newUser('no-review-mail');
    const author = await newUser('no-review-mail-author');
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: reviewer.headers,
      payload: { kinds: { review_requested: { email: false } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.kinds.review_requested).toEqual({ app: true, email: false, push: true });

    await notice(reviewer, author, 'review_requested');
    // The e-mail is decided as the notice is handled: 'none' queues no mail.
    expect(await emailStates(reviewer)).toEqual(['none']);
    expect((await list(reviewer)).notifications).toEqual([expect.objectContaining({ kind: 'review_requested' })]);
    // A mention, whose e-mail is still on, is mailed: the mail worker ran meanwhile, and sent only that.
    await notice(reviewer, author, 'mentioned');
    await until(
      'the mention e-mail',
      async () => mailsTo(h, reviewer.email),
      (m) => m.length > 0,
    );
    expect(mailsTo(h, reviewer.email).map((m) => m.subject)).toEqual(['أشار إليك أحد الأعضاء في مراجعة مسودة.']);
  });
});

describe('a draft approved', () => {
  it('waits for the author’s daily digest rather than being e-mailed at once', async () => {
    const author = await newUser('approved');
    const reviewer = await newUser('approver');
    await notice(author, reviewer, 'draft_approved');
    expect(await emailStates(author)).toEqual(['digest']);
    expect((await list(author)).notifications).toEqual([
      expect.objectContaining({ kind: 'draft_approved', actorEmail: reviewer.email }),
    ]);
  });
});

describe('a member who acted, then deleted their account', () => {
  it('is named in no one’s bell any more, and their id is kept in none of the notices', async () => {
    const author = await newUser('commented-on');
    const gone = await newUser('commenter-gone');
    await notice(author, gone, 'draft_commented');
    expect((await list(author)).notifications).toEqual([expect.objectContaining({ actorEmail: gone.email })]);

    // As the account deletion does: the account goes, and the auth inbox forgets it.
    await h.database.sql`delete from auth.users where id = ${gone.userId}`;
    await deliverEvent(
      h,
      () => h.queues.publish(userDeletedEvent, { userId: gone.userId, email: gone.email }, { id: gone.userId }),
      `user-deleted-${gone.userId}`,
    );
    expect((await list(author)).notifications).toEqual([
      expect.objectContaining({ kind: 'draft_commented', actorEmail: null, excerpt: 'Our Q3 launch, in five lines' }),
    ]);
    expect(await h.database.sql`select 1 from auth.notifications where actor_id = ${gone.userId}`).toHaveLength(0);
  });
});
