/**
 * Push notifications through the real auth service and its workers: events published on the real
 * inbox queue as the other services publish them, pushed to a local Web Push service that checks
 * the VAPID signature, and decrypted here as the browser would, with the subscription's own keys.
 */
import { createHash } from 'node:crypto';
import {
  COMMON_ERROR_CODES,
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_ERROR_CODES,
  PUSHES_PER_DEVICE_PER_HOUR,
  type PushPayload,
  QUEUES,
  sendNotificationMailJob,
  sendPushJob,
} from '@nashr/contracts';
import {
  decryptPushMessage,
  type PushService,
  type PushSubscriptionKeys,
  pushSubscriptionKeys,
  startPushService,
} from '@nashr/fakes/push-service';
import { createRedis, waitForRedis } from '@nashr/platform';
import { TEST_INTERNAL_SECRET } from '@nashr/platform/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushCap } from './push/push-cap.js';
import { endpointRefusal } from './routes/push.js';
import {
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
let pushService: PushService;

beforeAll(async () => {
  pushService = await startPushService();
  // A short wait for a push service, so the slow one's test is quick.
  h = await startHarness({ env: { PUSH_TIMEOUT_MS: '400' } });
});

afterAll(async () => {
  await h?.close();
  await pushService?.close();
});

const newUser = (name: string) => storedUser(h, `${name}@push.test`);
type User = StoredUser;

/** A browser's subscription on a device: an endpoint of the local push service, and its keys. */
function device(keys: PushSubscriptionKeys = pushSubscriptionKeys(), endpoint = pushService.endpoint()) {
  return { endpoint, keys, json: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
}
type Device = ReturnType<typeof device>;

const subscribe = (user: User, body: unknown) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/v1/notifications/push/subscription',
    headers: { ...user.headers, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' },
    payload: body as object,
  });

const unsubscribe = (user: User, endpoint: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/push/subscription/remove',
    headers: user.headers,
    payload: { endpoint },
  });

async function subscribed(user: User, d: Device) {
  const res = await subscribe(user, d.json);
  expect(res.statusCode, res.body).toBe(200);
}

const failed = (user: User, postId: string) => postFailed(h, user.userId, postId);
const published = (user: User, postId: string) => postPublished(h, user.userId, postId);

const arrived = (d: Device, count = 1) =>
  until(
    `push to ${d.endpoint}`,
    () => pushService.messages(d.endpoint),
    (messages) => messages.length >= count,
  );

const payloadOf = (d: Device, body: Buffer) => JSON.parse(decryptPushMessage(body, d.keys)) as PushPayload;

const notificationIdOf = async (user: User, postId: string) => {
  const [row] = await h.database.sql<{ id: string }[]>`
    select id from auth.notifications where user_id = ${user.userId} and post_id = ${postId}`;
  return row?.id;
};

/** The push jobs queued for a notification (none when the user does not want it pushed). */
const pushJobsOf = async (notificationId: string | undefined) =>
  (await h.queues.get(QUEUES.authPush).getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter(
    (job) => job?.data?.notificationId === notificationId,
  );

const devicesOf = async (user: User) =>
  h.database.sql<{ endpoint: string; label: string | null }[]>`
    select endpoint, label from auth.push_subscriptions where user_id = ${user.userId} order by created_at`;

describe('push notifications', () => {
  it('pushes a failed post to the device, signed with the key the app subscribes with, encrypted to the device', async () => {
    const salma = await newUser('salma');
    const phone = device();
    await subscribed(salma, phone);
    expect(await devicesOf(salma)).toEqual([{ endpoint: phone.endpoint, label: 'Chrome on Android' }]);
    // 'Download my data' lists the device, never its keys nor its address at the push service.
    const exported = await h.app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: salma.headers });
    expect(exported.json().data.notifications.pushDevices).toEqual([
      {
        label: 'Chrome on Android',
        pushService: new URL(phone.endpoint).host,
        createdAt: expect.any(String),
        lastDeliveredAt: null,
      },
    ]);
    expect(exported.body).not.toContain(phone.keys.auth);

    const postId = crypto.randomUUID();
    await failed(salma, postId);
    const [message] = await arrived(phone);
    if (!message) throw new Error('no message');
    const key = await h.app.inject({ method: 'GET', url: '/api/v1/notifications/push/key', headers: salma.headers });
    expect(key.statusCode).toBe(200);
    expect(message.vapid.publicKey).toBe(key.json().data.publicKey);
    expect(message.urgency).toBe('high');

    // Arabic is the default language: the words the bell and the e-mail use, and where the bell leads.
    expect(payloadOf(phone, message.body)).toEqual({
      kind: 'post_failed',
      title: 'تعذّر نشر منشورك المجدول على لينكدإن.',
      body: expect.stringMatching(/^السبب: /),
      url: `/posts?post=${postId}`,
      tag: await notificationIdOf(salma, postId),
      lang: 'ar',
      dir: 'rtl',
    });
    expect(pushService.refused()).toEqual([]);

    // In English once the user reads English.
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: salma.headers,
      payload: { locale: 'en' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = crypto.randomUUID();
    await failed(salma, second);
    const messages = await arrived(phone, 2);
    expect(payloadOf(phone, messages[1]?.body as Buffer)).toMatchObject({
      title: 'Your scheduled post could not be published on LinkedIn.',
      url: `/posts?post=${second}`,
      lang: 'en',
      dir: 'ltr',
    });
    await until(
      'the delivery noted',
      async () =>
        (
          await h.database.sql<{ last: string | null }[]>`
            select last_success_at as last from auth.push_subscriptions where endpoint = ${phone.endpoint}`
        )[0]?.last ?? null,
      (last) => last !== null,
    );
  });

  it('removes a device its push service says is gone (410), without retrying', async () => {
    const omar = await newUser('omar');
    const gone = device();
    const kept = device();
    await subscribed(omar, gone);
    await subscribed(omar, kept);
    pushService.answerWith(gone.endpoint, 410);

    await failed(omar, crypto.randomUUID());
    await until(
      'the gone device removed',
      () => devicesOf(omar),
      (rows) => rows.length === 1,
    );
    expect((await devicesOf(omar)).map((d) => d.endpoint)).toEqual([kept.endpoint]);
    await arrived(kept);
    expect(pushService.attempts(gone.endpoint)).toBe(1);
  });

  it('moves a device to the account signed in on it only with its own keys; another account cannot take it', async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const laptop = device();
    await subscribed(alice, laptop);

    // Bob knows the address only: refused, and Alice keeps her device.
    const forged = await subscribe(bob, device(pushSubscriptionKeys(), laptop.endpoint).json);
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toMatchObject({ success: false, code: PUSH_ERROR_CODES.endpointTaken });
    expect((await devicesOf(alice)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);
    expect(await devicesOf(bob)).toEqual([]);

    // Bob signed in on that laptop: its browser gives the same keys, and the device is his now.
    await subscribed(bob, laptop);
    expect(await devicesOf(alice)).toEqual([]);
    expect((await devicesOf(bob)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);
    // Alice can no longer remove it (it is not hers), and her posts are not pushed to it.
    const removed = await unsubscribe(alice, laptop.endpoint);
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toMatchObject({ code: PUSH_ERROR_CODES.notFound });

    await failed(alice, crypto.randomUUID());
    const bobsPost = crypto.randomUUID();
    await failed(bob, bobsPost);
    const [message] = await arrived(laptop);
    expect(payloadOf(laptop, message?.body as Buffer).tag).toBe(await notificationIdOf(bob, bobsPost));
    expect(pushService.messages(laptop.endpoint)).toHaveLength(1);

    // Bob turns push off on it (or signs out): removed, and nothing more reaches it.
    expect((await unsubscribe(bob, laptop.endpoint)).statusCode).toBe(200);
    expect(await devicesOf(bob)).toEqual([]);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} devices per account`, async () => {
    const many = await newUser('many');
    const devices = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => device());
    for (const d of devices) await subscribed(many, d);
    const extra = device();
    const refused = await subscribe(many, extra.json);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: PUSH_ERROR_CODES.limitReached,
      params: { max: MAX_PUSH_SUBSCRIPTIONS },
    });
    // A device already registered registers again (a browser refreshing its subscription).
    await subscribed(many, devices[0] as Device);
    expect((await unsubscribe(many, (devices[1] as Device).endpoint)).statusCode).toBe(200);
    await subscribed(many, extra);
    expect(await devicesOf(many)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it('follows the preferences: push off for a kind stops it; published posts are pushed only when asked', async () => {
    const nour = await newUser('nour');
    const tablet = device();
    await subscribed(nour, tablet);

    const prefs = await h.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/preferences',
      headers: nour.headers,
    });
    expect(prefs.json().data.kinds.post_failed).toEqual({ app: true, email: true, push: true });
    expect(prefs.json().data.kinds.post_published).toEqual({ app: true, email: true, push: false });

    const off = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: nour.headers,
      // Only the push channel: the others stay as they were.
      payload: { kinds: { post_failed: { push: false }, post_published: { push: true } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.kinds.post_failed).toEqual({ app: true, email: true, push: false });

    const quiet = crypto.randomUUID();
    await failed(nour, quiet);
    expect(await notificationIdOf(nour, quiet)).toBeDefined();
    expect(await pushJobsOf(await notificationIdOf(nour, quiet))).toEqual([]);

    const live = crypto.randomUUID();
    await published(nour, live);
    const [message] = await arrived(tablet);
    // The post opens in the app, not on the network; the payload names no post text.
    const payload = payloadOf(tablet, message?.body as Buffer);
    expect(payload).toMatchObject({ kind: 'post_published', url: `/posts?post=${live}` });
    // No detail: no body at all (the service worker would show a null as the word).
    expect(payload).not.toHaveProperty('body');
    expect(pushService.messages(tablet.endpoint)).toHaveLength(1);
  });

  it('retries a device whose push service is slow, while the others are pushed at once', async () => {
    const lina = await newUser('lina');
    const slow = device();
    const quick = device();
    await subscribed(lina, slow);
    await subscribed(lina, quick);
    pushService.delay(slow.endpoint, 3_000);

    const postId = crypto.randomUUID();
    await failed(lina, postId);
    await arrived(quick);
    const notificationId = await notificationIdOf(lina, postId);
    const slowJob = `push-${notificationId}-${
      (
        await h.database.sql<{ id: string }[]>`
      select id from auth.push_subscriptions where endpoint = ${slow.endpoint}`
      )[0]?.id
    }`;
    await until(
      'the slow delivery given up on for now',
      async () => (await h.queues.get(QUEUES.authPush).getJob(slowJob))?.attemptsMade ?? 0,
      (attempts) => attempts >= 1,
    );
    expect(pushService.messages(slow.endpoint)).toEqual([]);
    // Back to normal: the retry delivers it.
    pushService.delay(slow.endpoint, 0);
    await arrived(slow, 1);
  }, 30_000);

  it('queues what a failed try left unqueued when the event is handled again, and nothing twice', async () => {
    const rania = await newUser('rania');
    const phone = device();
    const laptop = device();
    await subscribed(rania, phone);
    await subscribed(rania, laptop);
    // The second device's push job cannot be queued once (Redis gone for a moment): the event's
    // first try fails after the notification, its e-mail and the first push were queued.
    const add = Queue.prototype.add;
    let pushes = 0;
    const spy = vi.spyOn(Queue.prototype, 'add').mockImplementation(function (this: Queue, ...args) {
      if (args[0] === sendPushJob.name && ++pushes === 2) return Promise.reject(new Error('Redis went away'));
      return add.apply(this, args);
    });
    const postId = crypto.randomUUID();
    try {
      await failed(rania, postId);
    } finally {
      spy.mockRestore();
    }
    const inbox = await h.queues.get(QUEUES.authInbox).getJob(`post-publish-failed-${postId}-1`);
    expect(inbox?.attemptsMade).toBe(2);
    expect(pushes).toBeGreaterThanOrEqual(2);

    const notificationId = await notificationIdOf(rania, postId);
    await arrived(phone);
    await arrived(laptop);
    const mails = await until(
      'the e-mail of the failed post',
      () => mailsTo(h, rania.email),
      (m) => m.length > 0,
    );
    const mailJobs = (
      await h.queues.get(QUEUES.authMail).getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])
    ).filter((job) => job?.name === sendNotificationMailJob.name && job.data?.notificationId === notificationId);
    expect(mailJobs).toHaveLength(1);
    expect((await pushJobsOf(notificationId)).map((job) => job.data.subscriptionId).sort()).toEqual(
      (
        await h.database.sql<{ id: string }[]>`
        select id from auth.push_subscriptions where user_id = ${rania.userId} order by id`
      ).map((d) => d.id),
    );
    expect(mails).toHaveLength(1);
    expect(pushService.messages(phone.endpoint)).toHaveLength(1);
    expect(pushService.messages(laptop.endpoint)).toHaveLength(1);
  });

  it('refuses addresses a browser push service would not give, and keys of the wrong shape', async () => {
    const user = await newUser('checks');
    const keys = pushSubscriptionKeys();
    const plain = await subscribe(user, {
      endpoint: 'http://push.example.test/send/1',
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: PUSH_ERROR_CODES.endpointRefused });
    const short = await subscribe(user, {
      endpoint: 'https://push.example.test/send/1',
      keys: { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth },
    });
    expect(short.statusCode).toBe(400);
    const noAuth = await subscribe(user, {
      endpoint: 'https://push.example.test/send/1',
      keys: { p256dh: keys.p256dh },
    });
    expect(noAuth.statusCode).toBe(400);
    expect(await devicesOf(user)).toEqual([]);
    const anonymous = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/push/subscription',
      headers: { 'x-internal-secret': TEST_INTERNAL_SECRET },
      payload: device().json,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists the caller's own devices without their addresses or keys, and removes one of them only", async () => {
    const huda = await newUser('huda');
    const karim = await newUser('karim');
    const phone = device();
    const laptop = device();
    await subscribed(huda, phone);
    await subscribed(huda, laptop);
    const karims = device();
    await subscribed(karim, karims);

    const hash = createHash('sha256').update(laptop.endpoint).digest('base64url');
    const listed = await h.app.inject({
      method: 'GET',
      url: `/api/v1/notifications/push/devices?endpointHash=${hash}`,
      headers: huda.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const devices = listed.json().data.devices as { id: string; current: boolean }[];
    expect(devices).toEqual([
      {
        id: expect.any(String),
        label: 'Chrome on Android',
        current: false,
        createdAt: expect.any(String),
        lastDeliveredAt: null,
      },
      expect.objectContaining({ current: true }),
    ]);
    for (const secret of [phone.endpoint, laptop.endpoint, phone.keys.p256dh, phone.keys.auth, laptop.keys.auth]) {
      expect(listed.body).not.toContain(secret);
    }
    // Without a hash, no device is this one.
    const plain = await h.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/push/devices',
      headers: huda.headers,
    });
    expect(plain.json().data.devices.map((d: { current: boolean }) => d.current)).toEqual([false, false]);
    const badHash = await h.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/push/devices?endpointHash=not-a-hash',
      headers: huda.headers,
    });
    expect(badHash.statusCode).toBe(400);

    const remove = (user: User, id: string) =>
      h.app.inject({ method: 'POST', url: `/api/v1/notifications/push/devices/${id}/remove`, headers: user.headers });
    const phoneId = devices[0]?.id as string;
    // Karim cannot remove Huda's phone: not found, and it stays.
    const crossed = await remove(karim, phoneId);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ success: false, code: PUSH_ERROR_CODES.notFound });
    expect(await devicesOf(huda)).toHaveLength(2);
    const malformed = await remove(huda, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: COMMON_ERROR_CODES.invalid });
    expect((await remove(huda, crypto.randomUUID())).statusCode).toBe(404);

    const removed = await remove(huda, phoneId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await devicesOf(huda)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);
    expect((await remove(huda, phoneId)).json()).toMatchObject({ code: PUSH_ERROR_CODES.notFound });
    expect(await devicesOf(karim)).toHaveLength(1);
    // The removed device is pushed nothing more; the other still is.
    await failed(huda, crypto.randomUUID());
    await arrived(laptop);
    expect(pushService.messages(phone.endpoint)).toEqual([]);
  });

  it(`pushes one device at most ${PUSHES_PER_DEVICE_PER_HOUR} times an hour, however many notifications come at once`, async () => {
    const burst = await newUser('burst');
    const phone = device();
    await subscribed(burst, phone);
    // Pushed only: this burst is about the devices, and the e-mails have a cap of their own.
    const quiet = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: burst.headers,
      payload: { kinds: { post_failed: { email: false } } },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const postIds = Array.from({ length: PUSHES_PER_DEVICE_PER_HOUR + 3 }, () => crypto.randomUUID());
    // All at once: the push worker runs their jobs side by side.
    await Promise.all(postIds.map((postId) => failed(burst, postId)));
    const notificationIds = await Promise.all(postIds.map((postId) => notificationIdOf(burst, postId)));
    const outcomes = await until(
      'every push job done',
      async () =>
        (await h.queues.get(QUEUES.authPush).getJobs(['completed', 'failed'])).filter((job) =>
          notificationIds.includes(job?.data?.notificationId),
        ),
      (jobs) => jobs.length === postIds.length,
    );
    const counted = outcomes.map((job) => (job.returnvalue as { outcome: string }).outcome).sort();
    expect(counted).toEqual([...Array(3).fill('capped'), ...Array(PUSHES_PER_DEVICE_PER_HOUR).fill('delivered')]);
    // The device was told of exactly the admitted notifications. A push whose answer was lost in
    // the test's short timeout on a busy machine is sent again under its own notification (tag and
    // topic), which the device shows once: counted once here too.
    const messages = pushService.messages(phone.endpoint);
    for (const m of messages) expect(m.topic).toBe(payloadOf(phone, m.body).tag.replaceAll('-', ''));
    const pushed = new Set(messages.map((m) => payloadOf(phone, m.body).tag));
    const admitted = outcomes.filter((job) => (job.returnvalue as { outcome: string }).outcome === 'delivered');
    expect([...pushed].sort()).toEqual(admitted.map((job) => job.data.notificationId).sort());
    // The bell has every one of them.
    const bell = await h.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: burst.headers });
    expect(bell.json().data.unread).toBe(postIds.length);
  }, 30_000);

  it('counts a retried notification once, and lets concurrent deliveries past the cap never', async () => {
    const redis = createRedis(h.config.REDIS_URL, 'request');
    await waitForRedis(redis);
    let clock = Date.now();
    const cap = new PushCap(redis, h.config.REDIS_PREFIX, 3, () => clock);
    try {
      const device = crypto.randomUUID();
      const first = crypto.randomUUID();
      expect(await cap.admit(device, first)).toBe(true);
      // The same notification again (its job retried after a slow push service): passes, not counted again.
      expect(await cap.admit(device, first)).toBe(true);
      expect(await cap.admit(device, first)).toBe(true);
      const racing = Array.from({ length: 12 }, () => crypto.randomUUID());
      const admitted = await Promise.all(racing.map((id) => cap.admit(device, id)));
      expect(admitted.filter(Boolean)).toHaveLength(2);
      // A capped notification is not counted: once the hour has passed, the device is pushed again.
      clock += 3_600_001;
      expect(await cap.admit(device, racing[0] as string)).toBe(true);
      // Another device has its own share.
      expect(await cap.admit(crypto.randomUUID(), first)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});

describe('endpointRefusal', () => {
  it('in production resolves the host: a name on this machine or a private address is refused', async () => {
    expect(await endpointRefusal('https://localhost/send/1', true)).toBe('A push service address must be public');
    expect(await endpointRefusal('https://[fd00::1]/send/1', true)).toBe('A push service address must be public');
    expect(await endpointRefusal('https://10.0.0.1/send/1', true)).toBe('A push service address must be public');
    expect(await endpointRefusal('http://93.184.215.14/send/1', true)).toBe('A push service address must be https');
    expect(await endpointRefusal('https://93.184.215.14/send/1', true)).toBeNull();
  });

  it('outside production lets a stand-in on this machine through, over http too, and resolves nothing', async () => {
    expect(await endpointRefusal('http://127.0.0.1:9/send/1', false)).toBeNull();
    expect(await endpointRefusal('https://push.example.test/send/1', false)).toBeNull();
    expect(await endpointRefusal('http://push.example.test/send/1', false)).toBe(
      'A push service address must be https',
    );
    expect(await endpointRefusal('https://u:p@push.example.test/send/1', false)).toBe(
      'A push service address carries no credentials',
    );
  });
});
