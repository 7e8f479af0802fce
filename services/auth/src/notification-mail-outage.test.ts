/**
 * A mail server that is down delays notification e-mails without losing them: the mail job fails,
 * BullMQ retries it with backoff, and the e-mail goes out once the server answers again. The
 * outage is real: a TCP proxy in front of the SMTP server that refuses every connection while cut.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { postPublishFailedEvent, QUEUES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, mailsTo, startHarness, until as untilState } from './test-harness.js';

let h: Harness;
let proxy: Server;
let target = { host: '127.0.0.1', port: 0 };
let down = false;
const open = new Set<Socket>();

beforeAll(async () => {
  proxy = createServer((client) => {
    if (down) return client.destroy();
    const server = connect(target.port, target.host);
    for (const socket of [client, server]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        server.destroy();
      });
    }
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
  h = await startHarness({
    smtpUrl: (catcherUrl) => {
      const url = new URL(catcherUrl);
      target = { host: url.hostname, port: Number(url.port) };
      return `smtp://127.0.0.1:${address.port}`;
    },
  });
});

afterAll(async () => {
  await h?.close();
  for (const socket of open) socket.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
});

/** The outage's steps wait on retries with backoff: longer than the usual wait. */
const until = <T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean) =>
  untilState(what, read, ok, 20_000);

it('holds a failure e-mail while the mail server is down and sends it, once, when it is back', async () => {
  const identity = { ...testIdentity(['user']), email: 'outage@notify.test' };
  await h.database.sql`insert into auth.users (id, email) values (${identity.userId}, ${identity.email})`;
  down = true;
  const postId = crypto.randomUUID();
  await h.queues.publish(
    postPublishFailedEvent,
    { postId, userId: identity.userId, reason: 'refused', code: 'linkedin.rejected', permanent: true },
    { id: `${postId}-1` },
  );
  const [row] = await until(
    'the notification',
    () => h.database.sql<{ id: string }[]>`select id from auth.notifications where user_id = ${identity.userId}`,
    (rows) => rows.length === 1,
  );
  const mailJob = async () => h.queues.get(QUEUES.authMail).getJob(`mail-${row?.id}`);
  // The first try met the outage and is waiting for its retry: nothing sent, nothing lost.
  await until(
    'a failed try',
    async () => (await mailJob())?.attemptsMade ?? 0,
    (tries) => tries >= 1,
  );
  expect(mailsTo(h, identity.email)).toHaveLength(0);
  const [waiting] = await h.database.sql`select email from auth.notifications where id = ${row?.id ?? ''}`;
  expect(waiting?.email).toBe('urgent');

  down = false;
  const mails = await until(
    'the e-mail after the outage',
    () => mailsTo(h, identity.email),
    (m) => m.length > 0,
  );
  expect(mails[0]?.subject).toBe('تعذّر نشر منشورك المجدول على لينكدإن.');
  await until(
    'the job done',
    async () => (await mailJob())?.finishedOn ?? null,
    (done) => done !== null,
  );
  const [sent] = await h.database.sql`select email from auth.notifications where id = ${row?.id ?? ''}`;
  expect(sent?.email).toBe('sent');
  expect(mailsTo(h, identity.email)).toHaveLength(1);
});
