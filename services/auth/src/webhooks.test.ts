/**
 * Outgoing webhooks through the real auth service and its workers: endpoints added through the
 * API, post events published on the real queues as the other services publish them, and
 * deliveries received by a real HTTP server on this machine, checked with the verification
 * recipe of docs/webhooks.md itself.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  draftReviewNoticeEvent,
  engageCommentSentEvent,
  MAX_WEBHOOK_ENDPOINTS,
  postPublishedEvent,
  postPublishFailedEvent,
  postScheduledEvent,
  QUEUES,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_ERROR_CODES,
} from '@nashr/contracts';
import { createRedis, waitForRedis } from '@nashr/platform';
import { createCapturingLogger } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, sealStoredWebhookSecrets } from './app.js';
import { type Harness, type StoredUser, standInBilling, startHarness, storedUser, until } from './test-harness.js';
import { sendDelivery } from './webhooks/delivery.js';

/** What the receiver answers to a request on a path: a status, or a wait first (a slow receiver). */
type Answer = { status: number; body?: string; headers?: Record<string, string>; waitMs?: number };

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine: records every request, answers each path from its script (200 when none is left). */
async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  /** Paths that answer 500 to the requests whose body matches, whatever their script says. */
  const refusals = new Map<string, (body: string) => boolean>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body });
      const answer = refusals.get(path)?.(body)
        ? { status: 500, body: 'not now' }
        : (scripts.get(path)?.shift() ?? { status: 200, body: 'ok' });
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      };
      if (answer.waitMs) setTimeout(send, answer.waitMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    script: (path: string, ...answers: Answer[]) => scripts.set(path, answers),
    refuse: (path: string, matches: (body: string) => boolean) => refusals.set(path, matches),
    stopRefusing: (path: string) => refusals.delete(path),
    at: (path: string) => received.filter((r) => r.path === path),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The verification recipe exactly as docs/webhooks.md prints it, loaded as a module. */
async function documentedRecipe(): Promise<
  (rawBody: string, signatureHeader: string, secret: string, toleranceSeconds?: number) => boolean
> {
  const doc = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /<!-- verify-recipe -->\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verification recipe');
  const file = join(tmpdir(), `nashr-webhook-recipe-${process.pid}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).verifyNashrWebhook;
}

let h: Harness;
let receiver: Receiver;
let verify: Awaited<ReturnType<typeof documentedRecipe>>;

beforeAll(async () => {
  receiver = await startReceiver();
  verify = await documentedRecipe();
  // Quick retries and a short wait for a receiver, so the retry and timeout tests are quick.
  h = await startHarness({ env: { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_TIMEOUT_MS: '700' } });
});

afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

const newUser = (name: string) => storedUser(h, `${name}@webhooks.test`);

const call = (user: StoredUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function addEndpoint(user: StoredUser, path: string, events: string[] = ['post.published']) {
  const res = await call(user, 'POST', '/api/v1/webhooks', { url: receiver.url(path), events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { secret: string; endpoint: { id: string; url: string; secretHint: string } };
}

type LoggedDelivery = {
  id: string;
  eventId: string;
  type: string;
  status: string;
  statusCode: number | null;
  excerpt: string | null;
  attempts: number;
};

const logOf = async (user: StoredUser, endpointId: string) => {
  const res = await call(user, 'GET', `/api/v1/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.deliveries as LoggedDelivery[];
};

const published = (userId: string, postId: string) =>
  h.queues.publish(
    postPublishedEvent,
    {
      postId,
      userId,
      networkPostId: `urn:li:share:${postId}`,
      url: `https://www.linkedin.com/feed/update/urn:li:share:${postId}`,
      publishedAt: '2026-12-03T08:00:00.000Z',
    },
    { id: `${postId}-1` },
  );

describe('outgoing webhooks', () => {
  it('shows the secret once, and signs a test event so that the documented recipe verifies it', async () => {
    const salma = await newUser('salma');
    const { secret, endpoint } = await addEndpoint(salma, '/salma', ['post.published', 'post.failed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint.secretHint).toBe(secret.slice(0, 10));
    const listed = await call(salma, 'GET', '/api/v1/webhooks');
    expect(listed.json().data.endpoints).toEqual([
      {
        id: endpoint.id,
        url: receiver.url('/salma'),
        events: ['post.published', 'post.failed'],
        secretHint: endpoint.secretHint,
        createdAt: expect.any(String),
      },
    ]);
    expect(listed.body).not.toContain(secret);

    const sent = await call(salma, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const [delivery] = await until(
      'the test delivery',
      () => receiver.at('/salma'),
      (r) => r.length === 1,
    );
    const body = JSON.parse(delivery!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'webhook.test',
      createdAt: expect.any(String),
      data: expect.objectContaining({ webhookId: endpoint.id }),
    });
    expect(delivery!.headers['nashr-webhook-id']).toBe(body.id);
    expect(delivery!.headers['content-type']).toBe('application/json');
    const signature = String(delivery!.headers['nashr-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(delivery!.body, signature, secret)).toBe(true);
    // The recipe refuses another secret, a changed body and an old signature.
    expect(verify(delivery!.body, signature, `${secret}x`)).toBe(false);
    expect(verify(delivery!.body.replace('webhook.test', 'post.published'), signature, secret)).toBe(false);
    expect(verify(delivery!.body, signature, secret, -1)).toBe(false);

    const log = await until(
      'the log',
      () => logOf(salma, endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(log).toEqual([
      expect.objectContaining({
        type: 'webhook.test',
        status: 'delivered',
        statusCode: 200,
        excerpt: 'ok',
        attempts: 1,
        eventId: body.id,
      }),
    ]);
  });

  it('tells each endpoint the events it chose, once however often the event arrives, without secrets', async () => {
    const omar = await newUser('omar');
    const { endpoint, secret } = await addEndpoint(omar, '/omar-published', ['post.published']);
    await addEndpoint(omar, '/omar-failed', ['post.failed', 'post.scheduled']);
    const postId = '6f1c3a36-9f0e-4b8e-9a52-1d0a6d3c2f11';
    await published(omar.userId, postId);
    await h.queues.publish(
      postScheduledEvent,
      { postId, userId: omar.userId, scheduledAt: '2026-12-04T09:00:00.000Z' },
      { id: `${postId}-1` },
    );
    const [got] = await until(
      'the published event',
      () => receiver.at('/omar-published'),
      (r) => r.length === 1,
    );
    const body = JSON.parse(got!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'post.published',
      createdAt: expect.any(String),
      data: {
        postId,
        networkPostId: `urn:li:share:${postId}`,
        url: expect.stringContaining(postId),
        publishedAt: '2026-12-03T08:00:00.000Z',
      },
    });
    expect(got!.body).not.toContain(omar.userId);
    expect(got!.body).not.toContain(omar.email);
    expect(got!.body).not.toContain(secret);
    const [scheduled] = await until(
      'the scheduled event',
      () => receiver.at('/omar-failed'),
      (r) => r.length === 1,
    );
    expect(JSON.parse(scheduled!.body)).toMatchObject({
      type: 'post.scheduled',
      data: { postId, scheduledAt: '2026-12-04T09:00:00.000Z' },
    });

    // The same event handed to the queue again (its job re-run) delivers nothing more.
    const job = await h.queues.get(QUEUES.authWebhooks).getJob(`post-published-${postId}-1`);
    await job?.retry('completed').catch(() => {});
    await until(
      'the event handled again',
      async () => (await h.queues.get(QUEUES.authWebhooks).getJob(`post-published-${postId}-1`))?.finishedOn ?? null,
      (v) => v !== null,
    );
    await until(
      'the log',
      () => logOf(omar, endpoint.id),
      (l) => l.length === 1 && l[0]?.status === 'delivered',
    );
    expect(receiver.at('/omar-published')).toHaveLength(1);
  });

  it('retries a 500 and delivers the same event once it gets a 200', async () => {
    const nora = await newUser('nora');
    receiver.script('/nora', { status: 500, body: 'database down' }, { status: 200, body: 'thanks' });
    const { endpoint, secret } = await addEndpoint(nora, '/nora');
    await published(nora.userId, '0b7bb7e3-3d2f-4a6e-8f1a-2c7a4f0c9e21');
    const tries = await until(
      'two attempts',
      () => receiver.at('/nora'),
      (r) => r.length === 2,
    );
    expect(tries[0]!.headers['nashr-webhook-id']).toBe(tries[1]!.headers['nashr-webhook-id']);
    expect(tries[0]!.body).toBe(tries[1]!.body);
    expect(verify(tries[1]!.body, String(tries[1]!.headers['nashr-signature']), secret)).toBe(true);
    const log = await until(
      'delivered',
      () => logOf(nora, endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(log).toEqual([
      expect.objectContaining({
        type: 'post.published',
        status: 'delivered',
        statusCode: 200,
        excerpt: 'thanks',
        attempts: 2,
      }),
    ]);
    expect(receiver.at('/nora')).toHaveLength(2);
  });

  it("puts a refused delivery's retries behind the first attempts waiting", async () => {
    const tamer = await newUser('tamer');
    receiver.script('/tamer-refuses', { status: 500, body: 'not now' });
    const refusing = await addEndpoint(tamer, '/tamer-refuses');
    const accepting = await addEndpoint(tamer, '/tamer-accepts');
    await published(tamer.userId, randomUUID());
    const [retried] = await until(
      'the refused delivery delivered',
      () => logOf(tamer, refusing.endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    const [once] = await until(
      'the other delivery',
      () => logOf(tamer, accepting.endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    const queue = h.queues.get(QUEUES.authWebhooks);
    // A job without a priority is always taken before a prioritized one: first attempts go first.
    expect((await queue.getJob(`webhook-delivery-${once!.id}`))?.priority).toBe(0);
    expect((await queue.getJob(`webhook-delivery-${retried!.id}`))?.priority).toBeGreaterThan(0);
    expect(retried).toMatchObject({ attempts: 2 });
  });

  it('keeps retrying a delivery however many newer ones fill the log meanwhile', async () => {
    const rami = await newUser('rami');
    await addEndpoint(rami, '/rami');
    const first = randomUUID();
    const ofFirst = () => receiver.at('/rami').filter((r) => r.body.includes(first));
    receiver.refuse('/rami', (body) => body.includes(first));
    await published(rami.userId, first);
    await until('the first attempt', ofFirst, (r) => r.length >= 1);
    // More newer deliveries than the log shows arrive while the first one waits for its retry.
    const newer = Array.from({ length: WEBHOOK_DELIVERIES_KEPT + 10 }, () => randomUUID());
    for (const postId of newer) await published(rami.userId, postId);
    await until(
      'the newer deliveries',
      () => receiver.at('/rami').length - ofFirst().length,
      (n) => n === newer.length,
      30_000,
    );
    const refused = ofFirst().length;
    receiver.stopRefusing('/rami');
    // Its next attempt still comes, and is accepted: the event is delivered, not dropped from the log.
    await until(
      'the first delivery again',
      () => ofFirst().length,
      (n) => n > refused,
      30_000,
    );
  }, 90_000);

  it('does not follow a redirect: the attempt fails and is retried', async () => {
    const karim = await newUser('karim');
    receiver.script(
      '/karim',
      { status: 302, headers: { location: receiver.url('/karim-elsewhere') } },
      { status: 301, headers: { location: receiver.url('/karim-elsewhere') } },
    );
    const { endpoint } = await addEndpoint(karim, '/karim');
    await published(karim.userId, '9d3f1e0a-5b6c-4d7e-8f90-a1b2c3d4e5f6');
    const log = await until(
      'two refused attempts',
      () => logOf(karim, endpoint.id),
      (l) => (l[0]?.attempts ?? 0) >= 2,
    );
    expect(log[0]).toMatchObject({ status: expect.stringMatching(/retrying|delivered/), excerpt: expect.any(String) });
    expect(receiver.at('/karim-elsewhere')).toHaveLength(0);
    // The third attempt is answered 200 (the script is spent): delivered at last, at the address given.
    await until(
      'delivered',
      () => logOf(karim, endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(receiver.at('/karim')).toHaveLength(3);
    expect(receiver.at('/karim-elsewhere')).toHaveLength(0);
  });

  it('gives up on a slow receiver at the timeout, without holding up the deliveries to others', async () => {
    const lina = await newUser('lina');
    receiver.script('/lina-slow', { status: 200, waitMs: 30_000 }, { status: 200, waitMs: 30_000 });
    const slow = await addEndpoint(lina, '/lina-slow');
    const quick = await addEndpoint(lina, '/lina-quick');
    await published(lina.userId, '3c9a0f4e-2b1d-4e8f-9a7c-6d5e4f3a2b1c');
    await until(
      'the quick delivery',
      () => logOf(lina, quick.endpoint.id),
      (l) => l[0]?.status === 'delivered',
      5_000,
    );
    const log = await until(
      'the slow attempt given up',
      () => logOf(lina, slow.endpoint.id),
      (l) => (l[0]?.attempts ?? 0) >= 1,
      5_000,
    );
    expect(log[0]).toMatchObject({
      status: 'retrying',
      statusCode: null,
      excerpt: expect.stringContaining('No answer within'),
    });
  });

  it('sends a logged delivery again: the same event id and body, a new entry of the log', async () => {
    const huda = await newUser('huda');
    const { endpoint } = await addEndpoint(huda, '/huda');
    await published(huda.userId, '5e4d3c2b-1a09-4f8e-b7d6-c5b4a3928170');
    const [first] = await until(
      'delivered',
      () => logOf(huda, endpoint.id),
      (l) => l[0]?.status === 'delivered',
    );
    const again = await call(huda, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${first!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    const log = await until(
      'both delivered',
      () => logOf(huda, endpoint.id),
      (l) => l.length === 2 && l.every((d) => d.status === 'delivered'),
    );
    expect(new Set(log.map((d) => d.eventId))).toEqual(new Set([first!.eventId]));
    const bodies = receiver.at('/huda').map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBe(bodies[1]);
  });

  it("answers 404 for another user's endpoint and delivery, and leaves them alone", async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const { endpoint } = await addEndpoint(alice, '/alice');
    await call(alice, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
    const [delivery] = await until(
      'logged',
      () => logOf(alice, endpoint.id),
      (l) => l.length === 1,
    );
    for (const [method, url] of [
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
    ] as const) {
      const res = await call(bob, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: WEBHOOK_ERROR_CODES.notFound });
    }
    expect((await call(bob, 'GET', '/api/v1/webhooks')).json().data.endpoints).toEqual([]);
    const missing = await call(alice, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${bob.userId}/redeliver`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: WEBHOOK_ERROR_CODES.deliveryNotFound });
    expect(await logOf(alice, endpoint.id)).toHaveLength(1);
    const removed = await call(alice, 'DELETE', `/api/v1/webhooks/${endpoint.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(alice, 'GET', '/api/v1/webhooks')).json().data.endpoints).toEqual([]);
  });

  it('refuses a bad address or events, and more than the limit of endpoints, with stable codes', async () => {
    const many = await newUser('many');
    const bad = await call(many, 'POST', '/api/v1/webhooks', {
      url: 'http://hooks.example.com/x',
      events: ['post.published'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: WEBHOOK_ERROR_CODES.urlRefused });
    const privateNet = await call(many, 'POST', '/api/v1/webhooks', {
      url: 'https://10.0.0.8/x',
      events: ['post.published'],
    });
    expect(privateNet.json()).toMatchObject({ code: WEBHOOK_ERROR_CODES.urlRefused });
    const noEvents = await call(many, 'POST', '/api/v1/webhooks', { url: receiver.url('/x'), events: [] });
    expect(noEvents.statusCode).toBe(400);
    const unknown = await call(many, 'POST', '/api/v1/webhooks', { url: receiver.url('/x'), events: ['post.deleted'] });
    expect(unknown.statusCode).toBe(400);
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) await addEndpoint(many, `/many-${i}`);
    const over = await call(many, 'POST', '/api/v1/webhooks', {
      url: receiver.url('/many-x'),
      events: ['post.failed'],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: WEBHOOK_ERROR_CODES.limitReached,
      params: { max: MAX_WEBHOOK_ENDPOINTS },
    });
  });

  it('in production refuses addresses on this machine or a private network, names resolving there included', async () => {
    const redis = createRedis(h.config.REDIS_URL, 'request');
    await waitForRedis(redis);
    const app = await buildApp({
      config: { ...h.config, NODE_ENV: 'production' },
      logger: createCapturingLogger().logger,
      database: h.database,
      redis,
    });
    try {
      const user = await newUser('prod');
      for (const url of [
        receiver.url('/prod'),
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://[fd12::1]/hook',
        'https://169.254.169.254/latest',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: user.headers,
          payload: { url, events: ['post.published'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ code: WEBHOOK_ERROR_CODES.urlRefused });
      }
      // The worker in production refuses to send there too, and the receiver hears nothing.
      const result = await sendDelivery(receiver.url('/prod-send'), { id: 'evt_x', signature: 't=1,v1=00' }, '{}', {
        timeoutMs: 1000,
        allowLoopback: false,
      });
      expect(result).toEqual({ statusCode: null, excerpt: expect.stringContaining('not') });
      expect(receiver.at('/prod-send')).toHaveLength(0);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it('lists the endpoints in "Download my data" without secrets, and deletes them with the account', async () => {
    const reem = await newUser('reem');
    const { endpoint, secret } = await addEndpoint(reem, '/reem');
    await call(reem, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
    await until(
      'logged',
      () => logOf(reem, endpoint.id),
      (l) => l.length === 1,
    );
    const exported = await call(reem, 'GET', '/api/v1/auth/export');
    expect(exported.json().data.webhooks).toEqual([
      { url: receiver.url('/reem'), events: ['post.published'], createdAt: expect.any(String) },
    ]);
    expect(exported.body).not.toContain(secret);

    const billing = standInBilling(h, 'answers');
    try {
      const deleted = await call(reem, 'DELETE', '/api/v1/auth/account', { confirmation: reem.email });
      expect(deleted.statusCode, deleted.body).toBe(200);
    } finally {
      await billing.close();
    }
    const rows = await h.database.sql`
      select (select count(*) from auth.webhook_endpoints where user_id = ${reem.userId})::int as endpoints,
             (select count(*) from auth.webhook_deliveries where user_id = ${reem.userId})::int as deliveries`;
    expect(rows[0]).toEqual({ endpoints: 0, deliveries: 0 });
  });

  it('adds one endpoint for a creation repeated with the same Idempotency-Key', async () => {
    const dina = await newUser('dina');
    const create = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { ...dina.headers, 'idempotency-key': 'create-dina-hook-1' },
        payload: { url: receiver.url('/dina'), events: ['post.published'] },
      });
    const first = await create();
    const again = await create();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.endpoint.id).toBe(first.json().data.endpoint.id);
    expect((await call(dina, 'GET', '/api/v1/webhooks')).json().data.endpoints).toHaveLength(1);
    // The replay shows the same secret, kept sealed in Redis meanwhile: no key there holds it plain.
    const { secret } = first.json().data;
    expect(again.json().data.secret).toBe(secret);
    const redis = createRedis(h.config.REDIS_URL, 'request');
    try {
      await waitForRedis(redis);
      const keys = await redis.keys(`${h.config.REDIS_PREFIX}*`);
      expect(keys.some((key) => key.includes(':idempotency:'))).toBe(true);
      for (const key of keys) {
        const type = await redis.type(key);
        const values =
          type === 'string'
            ? [await redis.get(key)]
            : type === 'hash'
              ? Object.values(await redis.hgetall(key))
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : [];
        for (const value of values) expect(value ?? '', key).not.toContain(secret);
      }
      // Sealed under an encryption key that has changed since: a plain refusal, nothing made twice.
      const [answerKey] = keys.filter((key) => key.includes(':idempotency:'));
      const kept = JSON.parse((await redis.get(answerKey as string)) ?? '{}');
      await redis.set(answerKey as string, JSON.stringify({ ...kept, body: `v1.${'A'.repeat(60)}` }), 'KEEPTTL');
      const afterKeyChange = await create();
      expect(afterKeyChange.statusCode, afterKeyChange.body).toBe(409);
      expect(afterKeyChange.json().code).toBe('request.replay_unavailable');
      expect((await call(dina, 'GET', '/api/v1/webhooks')).json().data.endpoints).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  it('stores each signing secret sealed, never the plain secret', async () => {
    const lina = await newUser('sealed-lina');
    const { secret, endpoint } = await addEndpoint(lina, '/lina');
    const [row] = await h.database.sql<{ secret: string }[]>`
      select secret from auth.webhook_endpoints where id = ${endpoint.id}`;
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(secret);
    expect(row?.secret).not.toContain(secret.slice('whsec_'.length));
    // The list still tells the secret by its start.
    const listed = (await call(lina, 'GET', '/api/v1/webhooks')).json().data.endpoints;
    expect(listed[0].secretHint).toBe(secret.slice(0, 10));
  });

  it('seals a secret stored plain when it starts, once, and its deliveries still verify', async () => {
    const omar = await newUser('plain-omar');
    const { secret, endpoint } = await addEndpoint(omar, '/omar');
    // An endpoint as it was stored before secrets were sealed.
    await h.database.sql`update auth.webhook_endpoints set secret = ${secret} where id = ${endpoint.id}`;
    const stored = async () =>
      (
        await h.database.sql<{ secret: string }[]>`select secret from auth.webhook_endpoints where id = ${endpoint.id}`
      )[0]?.secret;
    const start = () =>
      sealStoredWebhookSecrets({ config: h.config, database: h.database, logger: createCapturingLogger().logger });
    expect(await start()).toBeGreaterThanOrEqual(1);
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
    // Starting again changes nothing.
    expect(await start()).toBe(0);
    expect(await stored()).toBe(sealed);

    const sent = await call(omar, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const [delivery] = await until(
      'the test delivery',
      () => receiver.at('/omar'),
      (r) => r.length === 1,
    );
    expect(verify(delivery!.body, String(delivery!.headers['nashr-signature']), secret)).toBe(true);
  });

  it('a failed post reaches the endpoints that chose post.failed only', async () => {
    const sara = await newUser('sara');
    await addEndpoint(sara, '/sara-failed', ['post.failed']);
    await addEndpoint(sara, '/sara-published', ['post.published']);
    const postId = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
    await h.queues.publish(
      postPublishFailedEvent,
      { postId, userId: sara.userId, reason: 'LinkedIn refused the post', code: 'linkedin.rejected', permanent: true },
      { id: `${postId}-1` },
    );
    const [got] = await until(
      'the failed event',
      () => receiver.at('/sara-failed'),
      (r) => r.length === 1,
    );
    expect(JSON.parse(got!.body)).toMatchObject({
      type: 'post.failed',
      data: { postId, reason: 'LinkedIn refused the post', code: 'linkedin.rejected', permanent: true },
    });
    expect(receiver.at('/sara-published')).toHaveLength(0);
  });

  it('tells the endpoints that chose comment.sent of an Engage comment once, signed', async () => {
    const rania = await newUser('rania');
    const { secret, endpoint } = await addEndpoint(rania, '/rania-comments', ['comment.sent']);
    await addEndpoint(rania, '/rania-published', ['post.published']);
    const commentId = '2b8e1f7c-5d4a-4c3b-8a9e-0f1d2c3b4a5e';
    const sent = {
      commentId,
      userId: rania.userId,
      postId: 'urn:li:activity:7263000000000000001',
      postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7263000000000000001',
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7263000000000000001?commentUrn=1',
      text: 'Thank you for putting this so clearly.',
      origin: 'autopilot' as const,
      sentAt: '2026-12-03T09:15:00.000Z',
    };
    // Told twice (an answer applied again): one event, one delivery.
    await h.queues.publish(engageCommentSentEvent, sent, { id: commentId });
    await h.queues.publish(engageCommentSentEvent, sent, { id: commentId });
    const [got] = await until(
      'the comment event',
      () => receiver.at('/rania-comments'),
      (r) => r.length === 1,
    );
    expect(verify(got!.body, String(got!.headers['nashr-signature']), secret)).toBe(true);
    const { userId: _owner, ...data } = sent;
    expect(JSON.parse(got!.body)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'comment.sent',
      createdAt: expect.any(String),
      data,
    });
    expect(got!.body).not.toContain(rania.userId);
    await until(
      'the log',
      () => logOf(rania, endpoint.id),
      (l) => l.length === 1 && l[0]?.status === 'delivered',
    );
    expect(receiver.at('/rania-comments')).toHaveLength(1);
    expect(receiver.at('/rania-published')).toHaveLength(0);
  });

  it("tells a reviewer's endpoints of a draft sent for review, an author's of its approval, and no one of a comment", async () => {
    const reviewer = await newUser('reviewer');
    const author = await newUser('author');
    await addEndpoint(reviewer, '/reviewer-drafts', ['draft.submitted']);
    await addEndpoint(author, '/author-drafts', ['draft.approved', 'draft.submitted']);
    const workspaceId = randomUUID();
    const draftId = randomUUID();
    const notice = (userId: string, kind: 'review_requested' | 'draft_approved' | 'draft_commented', actorId: string) =>
      h.queues.publish(
        draftReviewNoticeEvent,
        { userId, kind, workspaceId, draftId, actorId, excerpt: 'Three habits' },
        { id: `review-${kind}-${userId}` },
      );
    await notice(reviewer.userId, 'review_requested', author.userId);
    await notice(author.userId, 'draft_commented', reviewer.userId);
    await notice(author.userId, 'draft_approved', reviewer.userId);
    const [submitted] = await until(
      'the submitted event',
      () => receiver.at('/reviewer-drafts'),
      (r) => r.length === 1,
    );
    expect(JSON.parse(submitted!.body)).toMatchObject({
      type: 'draft.submitted',
      data: { draftId, workspaceId, by: author.userId },
    });
    const [approved] = await until(
      'the approved event',
      () => receiver.at('/author-drafts'),
      (r) => r.length === 1,
    );
    expect(JSON.parse(approved!.body)).toMatchObject({
      type: 'draft.approved',
      data: { draftId, workspaceId, by: reviewer.userId },
    });
    // The comment is no webhook event, and the draft's words stay out of every delivery.
    expect(receiver.at('/author-drafts')).toHaveLength(1);
    expect(approved!.body).not.toContain('Three habits');
  });
});
