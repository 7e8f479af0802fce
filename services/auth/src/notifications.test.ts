/**
 * Notifications through the real auth service and its workers: events published on the real
 * inbox queue as the linkedin service publishes them, e-mails received by a real SMTP server.
 */
import {
  accountDisconnectedEvent,
  checkoutRefundedEvent,
  connectionExpiringEvent,
  creditsLowEvent,
  engageAutopilotStoppedEvent,
  PUBLISHER_LEFT_MESSAGE,
  postNeedsAttentionEvent,
  postPublishedEvent,
  postPublishFailedEvent,
  QUEUES,
  WORKSPACE_ERROR_CODES,
} from '@nashr/contracts';
import { identityHeaders } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverEvent,
  type Harness,
  mailsTo,
  postFailed,
  postPublished,
  type StoredUser,
  startHarness,
  storedUser,
  until,
} from './test-harness.js';

let h: Harness;
/** The workers' clock: the digest tick reads it. */
let now = new Date('2026-11-24T05:00:00Z');

beforeAll(async () => {
  h = await startHarness({ clock: () => now });
});

afterAll(async () => {
  await h?.close();
});

const newUser = (name: string) => storedUser(h, `${name}@notify.test`);
type User = StoredUser;

const list = async (user: User) => {
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    notifications: { id: string; kind: string; reason: string | null; reasonCode?: string | null; read: boolean }[];
    unread: number;
  };
};

/** Publishes as the linkedin service does, and waits until the auth worker has handled it. */
const deliver = (publish: () => Promise<void>, jobId: string) => deliverEvent(h, publish, jobId);

const failed = (user: User, postId: string, attempt = 1) => postFailed(h, user.userId, postId, attempt);

const published = (user: User, postId: string) => postPublished(h, user.userId, postId);

async function preferences(user: User, payload: Record<string, unknown>) {
  const saved = await h.app.inject({
    method: 'PUT',
    url: '/api/v1/notifications/preferences',
    headers: user.headers,
    payload,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const needsAttention = (user: User, postId: string) =>
  deliver(
    () =>
      h.queues.publish(
        postNeedsAttentionEvent,
        {
          postId,
          userId: user.userId,
          cause: 'account_disconnected',
          scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        { id: `${postId}-account_disconnected` },
      ),
    `post-needs-attention-${postId}-account_disconnected`,
  );

const creditsLow = (user: User, grant: string) =>
  deliver(
    () =>
      h.queues.publish(
        creditsLowEvent,
        { userId: user.userId, remaining: 20, total: 100 },
        { id: `${user.userId}-${grant}` },
      ),
    `credits-low-${user.userId}-${grant}`,
  );

/** Removes a handled event's job, so publishing it again delivers it again (as after a lost ack). */
const forget = async (jobId: string) => (await h.queues.get(QUEUES.authInbox).getJob(jobId))?.remove();

const tick = () =>
  h.queues.get(QUEUES.authMail).add('notification-digest-tick', {}, { jobId: `tick-${now.toISOString()}` });

describe('a scheduled post that fails', () => {
  it('is told once in the app and at once by e-mail, in Arabic with a plain-text part, the reason and a retry link', async () => {
    const user = await newUser('fails');
    const postId = crypto.randomUUID();
    await failed(user, postId);
    // The same event delivered again (a worker died after handling it): nothing more is told.
    await (await h.queues.get(QUEUES.authInbox).getJob(`post-publish-failed-${postId}-1`))?.remove();
    await failed(user, postId);

    const seen = await list(user);
    expect(seen.unread).toBe(1);
    expect(seen.notifications).toEqual([
      expect.objectContaining({
        kind: 'post_failed',
        reason: 'LinkedIn refused the post: duplicate content',
        read: false,
      }),
    ]);

    const [mail] = await until(
      'the failure e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('تعذّر نشر منشورك المجدول على لينكدإن.');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    // The refusal in the reader's language by its code, as the bell says it; never the network's English.
    expect(mail?.text).toContain('السبب: رفض لينكدإن هذا الطلب.');
    expect(mail?.html).toContain('رفض لينكدإن هذا الطلب.');
    expect(`${mail?.text}${mail?.html}`).not.toContain('duplicate content');
    expect(mail?.text).toContain(`إعادة المحاولة: http://localhost:8080/posts?post=${postId}`);
    expect(mail?.listUnsubscribe).toMatch(
      /^<http:\/\/localhost:8080\/api\/v1\/notifications\/unsubscribe\?token=.+&kind=post_failed>$/,
    );
    expect(mailsTo(h, user.email)).toHaveLength(1);
  });

  it('gives the reason in English to a reader of English, left to right', async () => {
    const user = await newUser('fails-en');
    await preferences(user, { locale: 'en' });
    const postId = crypto.randomUUID();
    await failed(user, postId);
    const [mail] = await until(
      'the failure e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('Your scheduled post could not be published on LinkedIn.');
    expect(mail?.html).toContain('dir="ltr"');
    expect(mail?.text).toContain('Reason: LinkedIn refused this request.');
    expect(mail?.text).toContain(`Retry: http://localhost:8080/posts?post=${postId}`);
  });

  it('e-mails at most three an hour; the rest wait for the digest', async () => {
    const user = await newUser('burst');
    for (let i = 0; i < 5; i++) await failed(user, crypto.randomUUID());
    await until(
      'the burst settled',
      async () =>
        (await h.database.sql`select email from auth.notifications where user_id = ${user.userId}`).map((r) => r.email),
      (states) => states.length === 5 && !states.includes('urgent'),
    );
    expect(mailsTo(h, user.email)).toHaveLength(3);
    expect((await list(user)).unread).toBe(5);
  });
});

describe("a team's scheduled post whose publisher may no longer publish there", () => {
  /** A shared workspace with these members, stored as the workspaces API leaves it. */
  async function workspaceOf(members: [User, 'owner' | 'admin' | 'editor' | 'contributor'][]) {
    const [workspace] = await h.database.sql<{ id: string }[]>`
      insert into auth.workspaces (name) values ('Content team') returning id`;
    for (const [member, role] of members) {
      await h.database.sql`insert into auth.workspace_members (workspace_id, user_id, role)
        values (${workspace?.id ?? ''}, ${member.userId}, ${role})`;
    }
    return workspace?.id ?? '';
  }

  const held = (
    publisher: User,
    postId: string,
    workspaceId: string,
    code: string = WORKSPACE_ERROR_CODES.publisherLeft,
  ) =>
    deliver(
      () =>
        h.queues.publish(
          postPublishFailedEvent,
          { postId, userId: publisher.userId, reason: PUBLISHER_LEFT_MESSAGE, code, permanent: true, workspaceId },
          { id: `${postId}-${code}-3` },
        ),
      `post-publish-failed-${postId}-${code}-3`,
    );

  it("is told to the workspace's owners and admins, once each, with who scheduled it and the way to the post there", async () => {
    const [owner, admin, editor, publisher] = await Promise.all(
      ['team-owner', 'team-admin', 'team-editor', 'team-left'].map(newUser),
    );
    if (!owner || !admin || !editor || !publisher) throw new Error('users not stored');
    // The publisher was removed from the team before the post's time.
    const workspaceId = await workspaceOf([
      [owner, 'owner'],
      [admin, 'admin'],
      [editor, 'editor'],
    ]);
    const postId = crypto.randomUUID();
    await held(publisher, postId, workspaceId);
    // Delivered again (a worker died after handling it): nobody is told twice.
    await (
      await h.queues.get(QUEUES.authInbox).getJob(`post-publish-failed-${postId}-workspace.publisher_left-3`)
    )?.remove();
    await held(publisher, postId, workspaceId);

    for (const manager of [owner, admin]) {
      const seen = await list(manager);
      expect(seen.notifications).toEqual([
        expect.objectContaining({
          kind: 'team_post_failed',
          postId,
          workspaceId,
          actorEmail: publisher.email,
          reasonCode: WORKSPACE_ERROR_CODES.publisherLeft,
        }),
      ]);
      const [mail] = await until(
        'the e-mail to a manager',
        async () => mailsTo(h, manager.email),
        (m) => m.length > 0,
      );
      expect(mail?.subject).toBe('تعذّر نشر منشور مجدول على لينكدإن في مساحة عمل دورك فيها مالك أو مدير.');
      expect(mail?.text).toContain(`جدوله: ${publisher.email}`);
      expect(mail?.text).toContain(`http://localhost:8080/posts?post=${postId}&workspace=${workspaceId}`);
    }
    // An editor is not told; the publisher hears of their own post as of any failure.
    expect((await list(editor)).notifications).toEqual([]);
    expect((await list(publisher)).notifications).toEqual([expect.objectContaining({ kind: 'post_failed', postId })]);
  });

  it('is told only to the member who scheduled it when it failed for another reason', async () => {
    const [owner, editor] = await Promise.all(['other-owner', 'other-editor'].map(newUser));
    if (!owner || !editor) throw new Error('users not stored');
    const workspaceId = await workspaceOf([
      [owner, 'owner'],
      [editor, 'editor'],
    ]);
    const postId = crypto.randomUUID();
    await held(editor, postId, workspaceId, 'review.not_approved');
    expect((await list(editor)).notifications).toEqual([expect.objectContaining({ kind: 'post_failed', postId })]);
    expect((await list(owner)).notifications).toEqual([]);
  });
});

describe('a burst of failures at once', () => {
  it('is e-mailed up to the cap and the rest left for the digest, without the mail worker running out of connections', async () => {
    // Eight at once: more mail jobs than the worker's database connections, all for one user,
    // so they queue on that user's lock. None may wait for a second connection while holding one.
    const user = await newUser('parallel-burst');
    await Promise.all(Array.from({ length: 8 }, () => failed(user, crypto.randomUUID())));
    await until(
      'the burst settled',
      async () =>
        (await h.database.sql`select email from auth.notifications where user_id = ${user.userId}`).map((r) => r.email),
      (states) => states.length === 8 && !states.includes('urgent'),
      20_000,
    );
    expect(mailsTo(h, user.email)).toHaveLength(3);
  });
});

describe('a scheduled post that needs the user before its time', () => {
  it('is told once per post and cause, at once by e-mail with the reason and the Reconnect link', async () => {
    const user = await newUser('attention');
    const postId = crypto.randomUUID();
    await needsAttention(user, postId);
    await forget(`post-needs-attention-${postId}-account_disconnected`);
    await needsAttention(user, postId);

    const seen = await list(user);
    expect(seen.notifications).toEqual([
      expect.objectContaining({
        kind: 'post_needs_attention',
        postId,
        reasonCode: 'linkedin.reconnect',
        read: false,
      }),
    ]);
    const [mail] = await until(
      'the attention e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('منشورك المجدول يحتاج إلى تدخّلك قبل موعده، وإلا فلن يُنشر.');
    expect(mail?.text).toContain('السبب: انتهت صلاحية ربط حسابك على لينكدإن. يُرجى إعادة ربط حسابك.');
    expect(mail?.text).toContain('إعادة ربط الحساب: http://localhost:8080/connect-linkedIn');
    expect(mail?.listUnsubscribe).toContain('kind=post_needs_attention');
    expect(mailsTo(h, user.email)).toHaveLength(1);
  });
});

describe('a scheduled post due after the connection expires', () => {
  it('is told at once with the reason in the reader’s words and the Reconnect link', async () => {
    const user = await newUser('expires-before');
    await preferences(user, { locale: 'en' });
    const postId = crypto.randomUUID();
    const jobId = `${postId}-connection_expires-1790000000000`;
    await deliver(
      () =>
        h.queues.publish(
          postNeedsAttentionEvent,
          {
            postId,
            userId: user.userId,
            cause: 'connection_expires',
            scheduledAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
          },
          { id: jobId },
        ),
      `post-needs-attention-${jobId}`,
    );
    expect((await list(user)).notifications).toEqual([
      expect.objectContaining({ kind: 'post_needs_attention', postId, reasonCode: 'linkedin.expires_before_post' }),
    ]);
    const [mail] = await until(
      'the attention e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.text).toContain(
      'Reason: Your LinkedIn connection expires before this post is due. Reconnect your account so it goes out on time.',
    );
    expect(mail?.text).toContain('Reconnect LinkedIn: http://localhost:8080/connect-linkedIn');
  });
});

const autopilotStopped = (user: User, stoppedAt: Date) =>
  deliver(
    () =>
      h.queues.publish(
        engageAutopilotStoppedEvent,
        { userId: user.userId, reason: 'engage.credits_exhausted', stoppedAt: stoppedAt.toISOString() },
        { id: `${user.userId}-${stoppedAt.getTime()}` },
      ),
    `engage-autopilot-stopped-${user.userId}-${stoppedAt.getTime()}`,
  );

describe("Engage's autopilot stopping by itself", () => {
  it('is told once per stop, in the bell and by e-mail, with why and the way to Engage', async () => {
    const user = await newUser('autopilot');
    await preferences(user, { locale: 'en' });
    const stoppedAt = new Date();
    await autopilotStopped(user, stoppedAt);
    // The same stop delivered again (a lost acknowledgement, a tick run twice): nothing more.
    await forget(`engage-autopilot-stopped-${user.userId}-${stoppedAt.getTime()}`);
    await autopilotStopped(user, stoppedAt);
    const { notifications } = await list(user);
    expect(notifications).toEqual([
      expect.objectContaining({
        kind: 'autopilot_stopped',
        reason: "This period's commenting credits are used up.",
        reasonCode: 'engage.credits_exhausted',
        read: false,
      }),
    ]);
    const [mail] = await until(
      'the autopilot e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe(
      'Engage’s autopilot stopped by itself: it sends no more comments until you turn it on again.',
    );
    expect(mail?.text).toContain('commenting credits are used up');
    expect(mail?.text).toContain('Open Engage: http://localhost:8080/engage');
    expect(mail?.listUnsubscribe).toContain('kind=autopilot_stopped');
    expect(mailsTo(h, user.email)).toHaveLength(1);

    // A later stop (after the user turned it on again) is another notification.
    await autopilotStopped(user, new Date(stoppedAt.getTime() + 60_000));
    expect((await list(user)).notifications.map((n) => n.kind)).toEqual(['autopilot_stopped', 'autopilot_stopped']);
  });

  it('is written in Arabic for Arabic readers', async () => {
    const user = await newUser('autopilot-ar');
    await autopilotStopped(user, new Date());
    const [mail] = await until(
      'the Arabic autopilot e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe(
      'توقّف الوضع التلقائي في مساعد التفاعل من تلقاء نفسه، ولن يُرسل تعليقات أخرى حتى تعيد تشغيله.',
    );
    expect(mail?.text).toContain('نفدت نقاط التعليق لهذه الفترة');
    expect(mail?.text).toContain('http://localhost:8080/engage');
  });
});

const checkoutRefunded = (user: User, subscriptionId: string, reason: 'stale' | 'subscribed' | null) =>
  deliver(
    () =>
      h.queues.publish(
        checkoutRefundedEvent,
        { userId: user.userId, reason, refunds: 1 },
        { id: `test-payments-${subscriptionId}` },
      ),
    `checkout-refunded-test-payments-${subscriptionId}`,
  );

describe('a refused payment refunded', () => {
  it('is told once, in the bell and by e-mail, with why, that the plan is unchanged and the way to Billing', async () => {
    const user = await newUser('refunded');
    await preferences(user, { locale: 'en' });
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    await checkoutRefunded(user, subscriptionId, 'stale');
    // The same refund told again (a retried job published again): nothing more.
    await forget(`checkout-refunded-test-payments-${subscriptionId}`);
    await checkoutRefunded(user, subscriptionId, 'stale');
    expect((await list(user)).notifications).toEqual([
      expect.objectContaining({
        kind: 'checkout_refunded',
        reason: 'It was made on a checkout a newer one had replaced, so it starts no plan.',
        reasonCode: 'billing.checkout_stale',
        read: false,
      }),
    ]);
    const [mail] = await until(
      'the refund e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('A payment was refused and refunded in full.');
    expect(mail?.text).toContain('a newer one had replaced');
    expect(mail?.text).toContain('Your plan is as it was.');
    expect(mail?.text).toContain('Open Billing: http://localhost:8080/billing');
    expect(mail?.listUnsubscribe).toContain('kind=checkout_refunded');
    expect(mailsTo(h, user.email)).toHaveLength(1);
  });

  it('is written in Arabic for Arabic readers, also for a refusal recorded before reasons were', async () => {
    const user = await newUser('refunded-ar');
    await checkoutRefunded(user, `sub_${crypto.randomUUID()}`, 'subscribed');
    await checkoutRefunded(user, `sub_${crypto.randomUUID()}`, null);
    expect((await list(user)).notifications.map((n) => n.reasonCode).sort()).toEqual([
      'billing.already_subscribed',
      null,
    ]);
    const mails = await until(
      'the Arabic refund e-mails',
      async () => mailsTo(h, user.email),
      (m) => m.length === 2,
    );
    for (const mail of mails) {
      expect(mail.subject).toBe('رُفضت عملية دفع وأُعيد مبلغها كاملًا.');
      expect(mail.text).toContain('خطتك كما هي');
      expect(mail.text).toContain('http://localhost:8080/billing');
    }
    expect(mails.filter((m) => m.text?.includes('لديك اشتراك قائم بالفعل'))).toHaveLength(1);
  });
});

describe('credits running low', () => {
  it('tells once per grant, in the app and by e-mail, and not at all when the user turned both off', async () => {
    const user = await newUser('credits');
    await preferences(user, { locale: 'en' });
    await creditsLow(user, 'free-1');
    await forget(`credits-low-${user.userId}-free-1`);
    await creditsLow(user, 'free-1');
    expect((await list(user)).notifications).toEqual([expect.objectContaining({ kind: 'credits_low', read: false })]);
    const [mail] = await until(
      'the credits e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(mail?.subject).toBe('Your GPT-4o credits are running low.');
    expect(mail?.text).toContain('Open the post writer: http://localhost:8080/generate-post');
    expect(mail?.listUnsubscribe).toContain('kind=credits_low');

    const quiet = await newUser('credits-quiet');
    await preferences(quiet, { kinds: { credits_low: { app: false, email: false } } });
    await creditsLow(quiet, 'free-1');
    expect((await list(quiet)).notifications).toEqual([]);
    expect(mailsTo(h, quiet.email)).toHaveLength(0);
  });
});

const expiring = (user: User, expiresAt: Date, reminder: '7d' | '1d') =>
  deliver(
    () =>
      h.queues.publish(
        connectionExpiringEvent,
        { userId: user.userId, expiresAt: expiresAt.toISOString(), reminder },
        { id: `${user.userId}-${expiresAt.getTime()}-${reminder}` },
      ),
    `connection-expiring-${user.userId}-${expiresAt.getTime()}-${reminder}`,
  );

describe('a connection about to expire', () => {
  it('is told once per reminder and expiry, by e-mail in Arabic with the date and the Reconnect link', async () => {
    const user = await newUser('expiring');
    await preferences(user, { timeZone: 'Asia/Riyadh' });
    const expiresAt = new Date(Date.now() + 6.5 * 86_400_000);
    await expiring(user, expiresAt, '7d');
    await forget(`connection-expiring-${user.userId}-${expiresAt.getTime()}-7d`);
    await expiring(user, expiresAt, '7d');
    expect((await list(user)).notifications).toEqual([
      expect.objectContaining({ kind: 'connection_expiring', reason: expiresAt.toISOString(), read: false }),
    ]);
    const [mail] = await until(
      'the reminder e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    const date = new Intl.DateTimeFormat('ar-u-nu-latn', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Asia/Riyadh',
    }).format(expiresAt);
    expect(mail?.subject).toBe(`تنتهي صلاحية ربط حسابك على لينكدإن خلال أسبوع، في ${date}.`);
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.text).toContain('أعد ربطه قبل ذلك لتُنشر منشوراتك المجدولة في مواعيدها');
    expect(mail?.text).toContain('إعادة ربط الحساب: http://localhost:8080/connect-linkedIn');
    expect(mail?.listUnsubscribe).toContain('kind=connection_expiring');
    expect(mailsTo(h, user.email)).toHaveLength(1);
  });

  it('says "within a day" in English the day before, and starts again for a new expiry', async () => {
    const user = await newUser('expiring-en');
    await preferences(user, { locale: 'en' });
    const expiresAt = new Date(Date.now() + 20 * 3_600_000);
    await expiring(user, expiresAt, '1d');
    const [mail] = await until(
      'the reminder e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      expiresAt,
    );
    expect(mail?.subject).toBe(`Your LinkedIn connection expires within a day, on ${date}.`);
    expect(mail?.html).toContain('dir="ltr"');
    expect(mail?.text).toContain('Reconnect LinkedIn: http://localhost:8080/connect-linkedIn');

    // After reconnecting, the new token's reminders are told again.
    const renewed = new Date(expiresAt.getTime() + 60 * 86_400_000);
    await expiring(user, renewed, '7d');
    await until(
      'the second reminder',
      async () => mailsTo(h, user.email),
      (m) => m.length === 2,
    );
    expect((await list(user)).notifications.map((n) => n.kind)).toEqual(['connection_expiring', 'connection_expiring']);
  });
});

describe('published posts', () => {
  it('says when the first comment could not be added under a published post', async () => {
    const user = await newUser('comment-refused');
    const postId = crypto.randomUUID();
    await deliver(
      () =>
        h.queues.publish(
          postPublishedEvent,
          {
            postId,
            userId: user.userId,
            networkPostId: null,
            url: null,
            publishedAt: new Date().toISOString(),
            firstComment: { status: 'failed', reason: 'LinkedIn refused this comment', code: 'linkedin.rejected' },
          },
          { id: `${postId}-1` },
        ),
      `post-published-${postId}-1`,
    );
    const seen = await list(user);
    expect(seen.notifications).toEqual([
      expect.objectContaining({ kind: 'post_published', reason: 'LinkedIn refused this comment' }),
    ]);
  });

  it('are gathered into one digest at the chosen hour, in the chosen language, and a day sends one', async () => {
    const user = await newUser('digest');
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: user.headers,
      payload: { locale: 'en', timeZone: 'Asia/Riyadh', digestHour: 9 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (let i = 0; i < 3; i++) await published(user, crypto.randomUUID());
    expect((await list(user)).notifications.filter((n) => n.kind === 'post_published')).toHaveLength(3);
    expect(mailsTo(h, user.email)).toHaveLength(0);

    now = new Date('2026-11-24T05:00:00Z'); // 08:00 in Riyadh: not the hour
    await tick();
    now = new Date('2026-11-24T06:00:00Z'); // 09:00 in Riyadh
    await tick();
    const [digest] = await until(
      'the digest',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    expect(digest?.subject).toBe('Your Nashr digest: 3 notifications');
    expect(digest?.text?.match(/Your scheduled post is live on LinkedIn\./g)).toHaveLength(3);

    now = new Date('2026-11-24T06:30:00Z');
    await published(user, crypto.randomUUID());
    await tick();
    await until(
      'the second tick',
      async () => (await h.queues.get(QUEUES.authMail).getJob(`tick-${now.toISOString()}`))?.finishedOn ?? null,
      (v) => v !== null,
    );
    expect(mailsTo(h, user.email)).toHaveLength(1);
  });

  it('are not e-mailed any more after the unsubscribe link, and nothing is told for an unknown token', async () => {
    const user = await newUser('unsubscribes');
    await failed(user, crypto.randomUUID());
    const [mail] = await until(
      'the failure e-mail',
      async () => mailsTo(h, user.email),
      (m) => m.length > 0,
    );
    const link = new URL(/<(.+)>/.exec(mail?.listUnsubscribe ?? '')?.[1] ?? 'http://x/');
    const token = link.searchParams.get('token') ?? '';

    const unknown = await h.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe',
      headers: identityHeaders(testIdentity(), TEST_INTERNAL_SECRET),
      payload: { token: 'x'.repeat(43), kind: 'post_published' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'notifications.unsubscribe_invalid' });

    const post = (kind: string, headers: Record<string, string>, payload: string) =>
      h.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}&kind=${kind}`,
        headers: { ...identityHeaders(testIdentity(), TEST_INTERNAL_SECRET), ...headers },
        payload,
      });
    const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
    const boundary = 'nashr-test-boundary';
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const multipartBody = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      `--${boundary}--`,
      '',
    ].join('\r\n');

    // The link of a failure e-mail turns off failure e-mails, never another kind.
    const otherKind = await post('post_published', urlencoded, 'List-Unsubscribe=One-Click');
    expect(otherKind.statusCode).toBe(404);
    expect(otherKind.json()).toMatchObject({ code: 'notifications.unsubscribe_invalid' });

    // As a mail client's one-click button sends it (RFC 8058): a form post to the header's address,
    // in either of the form encodings.
    const oneClick = await post('post_failed', multipart, multipartBody);
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await post('post_failed', urlencoded, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);

    await failed(user, crypto.randomUUID());
    await published(user, crypto.randomUUID());
    const states = async () =>
      Object.fromEntries(
        (
          await h.database
            .sql`select kind, email from auth.notifications where user_id = ${user.userId} order by created_at`
        ).map((r) => [r.kind, r.email]),
      );
    await expect.poll(states, { timeout: 10_000 }).toEqual({ post_failed: 'none', post_published: 'digest' });
    expect(mailsTo(h, user.email)).toHaveLength(1);
  });
});

describe('the bell', () => {
  it('marks the user’s own notifications read, one or all, and never another user’s', async () => {
    const [ana, omar] = [await newUser('ana'), await newUser('omar')];
    await failed(ana, crypto.randomUUID());
    await deliver(
      () =>
        h.queues.publish(
          accountDisconnectedEvent,
          { userId: ana.userId, reason: 'expired' },
          { id: `${ana.userId}-x` },
        ),
      `account-disconnected-${ana.userId}-x`,
    );
    await failed(omar, crypto.randomUUID());
    const anas = await list(ana);
    expect(anas.unread).toBe(2);
    const omars = await list(omar);

    const intrude = await h.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: ana.headers,
      payload: { ids: omars.notifications.map((n) => n.id) },
    });
    expect(intrude.statusCode).toBe(200);
    expect((await list(omar)).unread).toBe(1);

    const first = anas.notifications[0]?.id ?? '';
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: ana.headers,
      payload: { ids: [first] },
    });
    expect((await list(ana)).unread).toBe(1);
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: ana.headers,
      payload: { all: true },
    });
    expect((await list(ana)).unread).toBe(0);

    const hidden = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: ana.headers,
      payload: { kinds: { account_disconnected: { app: false, email: true } } },
    });
    expect(hidden.json().data.kinds.post_failed).toEqual({ app: true, email: true, push: true });
    expect((await list(ana)).notifications.map((n) => n.kind)).toEqual(['post_failed']);
  });

  it('refuses preferences out of range with a clear message', async () => {
    const user = await newUser('ranges');
    for (const payload of [
      { digestHour: 24 },
      { timeZone: 'Mars/Olympus' },
      { kinds: { nope: { app: true, email: true } } },
    ]) {
      const res = await h.app.inject({
        method: 'PUT',
        url: '/api/v1/notifications/preferences',
        headers: user.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'request.invalid' });
    }
  });
});
