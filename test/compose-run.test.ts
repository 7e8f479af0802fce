// docker-compose.yml run for real under podman, in both layouts of the one image: build it once,
// start the all-in-one `nashr` container on 127.0.0.1-only ports, sign up with the link from the
// stack's mail catcher, schedule a post and see it published once; then the same data with one
// container per target and two posts workers (a post published once again), scale posts-worker
// to 3 while posts are due and kill one mid-run (none lost or doubled), down -v.
//
// Runs only with NASHR_COMPOSE_TEST=1 and the tools present (podman, docker-compose, the local base
// images of scripts/local-images.sh); otherwise it is reported as skipped, with the reason in its name.
// It takes minutes (a first build much longer), too long for every `npm test` in CI.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../tools/stack/processes.mjs';

const LOCAL_IMAGES = {
  NODE_IMAGE: 'localhost/nashr-node:24',
  POSTGRES_IMAGE: 'localhost/nashr-postgres:15',
  REDIS_IMAGE: 'localhost/nashr-redis:7',
  // s3rver standing in for MinIO, which no package source here offers.
  MINIO_IMAGE: 'localhost/nashr-s3:3',
};

/** The per-target layout: its containers' profile, without the all-in-one container. */
const PER_TARGET = ['-f', 'docker-compose.yml', '-f', 'docker-compose.targets.yml', '--profile', 'per-target'];

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Why the test cannot run here, or null when it can. */
function skipReason(): string | null {
  if (process.env.NASHR_COMPOSE_TEST !== '1') return 'set NASHR_COMPOSE_TEST=1 to run it';
  for (const tool of ['podman', 'docker-compose']) if (!has(tool)) return `${tool} is not installed`;
  const missing = Object.values(LOCAL_IMAGES).filter(
    (image) => spawnSync('podman', ['image', 'exists', image]).status !== 0,
  );
  return missing.length ? `no ${missing.join(', ')}: run scripts/local-images.sh` : null;
}

const reason = skipReason();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns a value other than undefined, or fails with `what` after `ms`. */
async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(500);
  }
  throw new Error(`${what} within ${ms / 1000} s${last ? ` (last error: ${String(last)})` : ''}`);
}

describe.skipIf(reason !== null)(`docker compose, run for real${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const project = `nashr-test-${randomUUID().slice(0, 8)}`;
  // Made in beforeAll, not here: a skipped describe still runs its body, and would leave the folder.
  let dir = '';
  let socket = '';
  let service: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let url = '';
  let inbox = '';
  let cookie = '';
  let address = '';
  let userId = '';
  const timings: Record<string, number> = {};

  /** The layout the commands below address: the default (all in one) until the test switches. */
  let layout: string[] = [];

  /** docker-compose in the repository with this run's project, layout and variables; rejects on failure. */
  function compose(args: string[], timeoutMs = 120_000): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        'docker-compose',
        ['-p', project, ...layout, ...args],
        { cwd: ROOT, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error)
            reject(
              // A build's own output (the failing step's) is on stdout.
              new Error(
                `docker-compose ${args.join(' ')} failed: ${error.message}\n${stdout.slice(-6000)}\n${stderr.slice(-4000)}`,
              ),
            );
          else resolve(stdout);
        },
      );
    });
  }

  async function sql(query: string): Promise<string> {
    return (await compose(['exec', '-T', 'postgres', 'psql', '-U', 'nashr', '-d', 'nashr', '-tAc', query])).trim();
  }

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
      body: (await response.json().catch(() => null)) as any,
    };
  }

  /** A post due at the start of the minute after `atLeastMs` from now, in UTC. */
  function schedule(content: string, atLeastMs: number) {
    const due = new Date(Math.ceil((Date.now() + atLeastMs) / 60_000) * 60_000);
    const hours = due.getUTCHours();
    const time = `${hours % 12 || 12}:${String(due.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
    return {
      due,
      request: { userId, content, date: due.toISOString().slice(0, 10), time, status: 'scheduled', timeZone: 'UTC' },
    };
  }

  /** How many times the sandbox network received each text. */
  async function receivedCounts(texts: string[]): Promise<Record<string, number>> {
    const quoted = texts.map((t) => `'${t.replace(/'/g, "''")}'`).join(',');
    const rows = await sql(`select text, count(*) from linkedin.sandbox_posts where text in (${quoted}) group by text`);
    const counts = Object.fromEntries(texts.map((t) => [t, 0]));
    for (const line of rows.split('\n').filter(Boolean)) {
      const at = line.lastIndexOf('|');
      counts[line.slice(0, at)] = Number(line.slice(at + 1));
    }
    return counts;
  }

  async function publishedTexts(): Promise<Set<string>> {
    const listed = await api('GET', '/api/v1/posts?status=published');
    return new Set((listed.body?.data ?? []).map((p: { content: string }) => p.content));
  }

  /**
   * podman runs health checks from systemd timers; without systemd a container stays "starting"
   * and compose never starts what depends on it. This runs the checks of this project's
   * containers that are not healthy yet, one round at a time, until stopped.
   */
  function pumpHealthChecks(): () => void {
    let stopped = false;
    const podman = (args: string[]) =>
      new Promise<string>((resolve) => execFile('podman', args, { env }, (_error, stdout) => resolve(stdout ?? '')));
    void (async () => {
      while (!stopped) {
        const ids = await podman([
          'ps',
          '-q',
          '--filter',
          `label=com.docker.compose.project=${project}`,
          '--filter',
          'health=starting',
        ]);
        for (const id of ids.split('\n').filter(Boolean)) await podman(['healthcheck', 'run', id]);
        await sleep(2_000);
      }
    })();
    return () => {
      stopped = true;
    };
  }
  let stopHealthChecks = () => {};

  const workers = async () => (await compose(['ps', '-q', 'posts-worker'])).split('\n').filter(Boolean);

  beforeAll(async () => {
    // podman's Docker-compatible API on a socket of this run only.
    dir = mkdtempSync(join(tmpdir(), 'nashr-compose-'));
    socket = join(dir, 'podman.sock');
    service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { stdio: 'ignore' });
    await waitFor('podman system service answered', 30_000, async () => (existsSync(socket) ? true : undefined));
    const [gatewayPort, inboxPort] = [await freePort(), await freePort()];
    url = `http://127.0.0.1:${gatewayPort}`;
    inbox = `http://127.0.0.1:${inboxPort}`;
    env = {
      ...process.env,
      ...LOCAL_IMAGES,
      DOCKER_HOST: `unix://${socket}`,
      GATEWAY_PORT: String(gatewayPort),
      MAIL_INBOX_PORT: String(inboxPort),
      PUBLIC_URL: url,
      MAIL_INBOX_URL: inbox,
    };
  }, 60_000);

  afterAll(async () => {
    stopHealthChecks();
    try {
      layout = PER_TARGET;
      if (env) await compose(['down', '-v', '--remove-orphans'], 180_000);
    } finally {
      // The image stays (localhost/nashr:latest): the next build reuses its layers.
      service?.kill('SIGTERM');
      if (dir) rmSync(dir, { recursive: true, force: true });
      console.info(`compose timings (s): ${JSON.stringify(timings)}`);
    }
  }, 240_000);

  it('builds the one image', async () => {
    const started = Date.now();
    // A first build on a busy machine (load average 100 and more) has taken 25 minutes.
    await compose(['build', 'nashr'], 2_700_000);
    timings.build = Math.round((Date.now() - started) / 1000);
  }, 2_800_000);

  it('starts the stack in one container, publishing its ports on 127.0.0.1 only', async () => {
    const started = Date.now();
    stopHealthChecks = pumpHealthChecks();
    await compose(['up', '-d'], 600_000);
    await waitFor('the gateway became ready', 300_000, async () =>
      (await fetch(`${url}/readyz`)).ok ? true : undefined,
    );
    timings.up = Math.round((Date.now() - started) / 1000);
    expect((await compose(['port', 'nashr', '8080'])).trim()).toBe(url.replace('http://', ''));
    expect((await compose(['port', 'mail', '8025'])).trim()).toBe(inbox.replace('http://', ''));
    // The image on the Node.js LTS base, running as its unprivileged user.
    expect((await compose(['exec', '-T', 'nashr', 'node', '--version'])).trim()).toMatch(/^v24\./);
    expect((await compose(['exec', '-T', 'nashr', 'id', '-un'])).trim()).toBe('node');
  }, 700_000);

  it('signs up with the link read from the stack’s mail catcher', async () => {
    address = `compose-${randomUUID().slice(0, 8)}@example.test`;
    const asked = await api('POST', '/api/v1/auth/magic-login', { destination: address, lang: 'en' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const token = await waitFor('the sign-in mail arrived', 60_000, async () => {
      const answer = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(address)}`);
      const { messages } = (await answer.json()) as { messages: { text: string | null; html: string | null }[] };
      const match = /magic-login\/verify\?token=([^\s"'<>&]+)/.exec(messages[0]?.text ?? messages[0]?.html ?? '');
      return match?.[1];
    });
    const verified = await api('POST', '/api/v1/auth/magic-login/verify', { token: decodeURIComponent(token) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await api('GET', '/api/v1/auth/me');
    expect(me.body?.data?.user?.email).toBe(address);
    userId = me.body.data.user.id;
  }, 120_000);

  /** Schedules a post due at the next whole minute and sees it published once. */
  async function publishOnce(label: string) {
    const content = `Compose post ${label} ${randomUUID()}`;
    const { due, request } = schedule(content, 5_000);
    const scheduled = await api('POST', '/linkedln/saveSchedulePost', request);
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    await waitFor('the post was published', due.getTime() - Date.now() + 90_000, async () =>
      (await publishedTexts()).has(content) ? true : undefined,
    );
    expect(await receivedCounts([content])).toEqual({ [content]: 1 });
  }

  it('schedules a post and sees it published once', async () => {
    const connected = await api('POST', '/api/v1/linkedin/accounts', { username: address, password: 'sandbox' });
    expect(connected.status, JSON.stringify(connected.body)).toBeLessThan(300);
    await waitFor('auth learnt of the connected account', 60_000, async () =>
      (await api('GET', '/api/v1/auth/me')).body?.data?.user?.linkedinConnected ? true : undefined,
    );
    const started = Date.now();
    await publishOnce('all-in-one');
    timings.publishedAllInOne = Math.round((Date.now() - started) / 1000);
  }, 240_000);

  it('runs the same data with one container per target and two posts workers, publishing once', async () => {
    const started = Date.now();
    await compose(['stop', 'nashr'], 120_000);
    await compose(['rm', '-f', 'nashr'], 120_000);
    layout = PER_TARGET;
    await compose(['up', '-d', '--scale', 'posts-worker=2'], 600_000);
    await waitFor('the gateway became ready', 300_000, async () =>
      (await fetch(`${url}/readyz`)).ok ? true : undefined,
    );
    timings.upPerTarget = Math.round((Date.now() - started) / 1000);
    expect((await compose(['port', 'gateway', '8080'])).trim()).toBe(url.replace('http://', ''));
    expect(await workers()).toHaveLength(2);
    expect((await compose(['ps', '-q', 'nashr'])).trim()).toBe('');
    // The session made in the other layout still holds: the same Redis and database.
    expect((await api('GET', '/api/v1/auth/me')).body?.data?.user?.email).toBe(address);
    const publishing = Date.now();
    await publishOnce('per-target');
    timings.publishedPerTarget = Math.round((Date.now() - publishing) / 1000);
  }, 900_000);

  it('scales posts-worker to 3 while posts are due and loses or doubles none when one is killed mid-run', async () => {
    // Thirty posts in one week are more than the trial allows: buy Pro through the offline payments.
    const checkout = await api('POST', '/api/v1/billing/checkout', { planId: 'pro' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paid = await fetch(`${url}${new URL(checkout.body.url, url).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: url, cookie: cookie ?? '' },
    });
    expect(paid.status).toBe(303);
    const contents = Array.from({ length: 30 }, (_, i) => `Scaled post ${i} ${randomUUID()}`);
    let due = new Date(0);
    for (const [index, content] of contents.entries()) {
      const made = schedule(content, 60_000);
      due = made.due;
      // The posts service learns of the new plan from billing's event: the first post waits for it.
      const answer =
        index === 0
          ? await waitFor('the posts service knows the Pro plan', 60_000, async () => {
              const tried = await api('POST', '/linkedln/saveSchedulePost', made.request);
              return tried.body?.code === 'plan.weekly_posts_limit' ? undefined : tried;
            })
          : await api('POST', '/linkedln/saveSchedulePost', made.request);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    await compose(['up', '-d', '--no-recreate', '--scale', 'posts-worker=3', 'posts-worker'], 300_000);
    expect(await workers()).toHaveLength(3);
    // Kill one worker as soon as the first post is out, while the others are going.
    const publishedAtKill = await waitFor(
      'the first scaled post went out',
      due.getTime() - Date.now() + 90_000,
      async () => {
        const published = [...(await publishedTexts())].filter((t) => contents.includes(t)).length;
        return published > 0 ? published : undefined;
      },
    );
    const victim = (await workers())[0] as string;
    expect(spawnSync('podman', ['kill', victim]).status).toBe(0);
    timings.publishedAtKill = publishedAtKill;
    await waitFor('every scaled post was published', 180_000, async () => {
      const published = await publishedTexts();
      return contents.every((c) => published.has(c)) ? true : undefined;
    });
    const counts = await receivedCounts(contents);
    expect(Object.values(counts).filter((n) => n !== 1)).toEqual([]);
  }, 420_000);
});
