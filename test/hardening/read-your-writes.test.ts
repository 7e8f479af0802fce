/**
 * Read-your-writes across services, through the real gateway in front of every service, with
 * real queues between them. The copies' event handling is held back on purpose by pausing the
 * queue that feeds them (ai-inbox for the personalization copy, auth-inbox for the connection
 * copy) and resuming it after a varied delay: a user's own request right after a change either
 * sees the change or answers 503 `consistency.pending`, never the state from before it.
 */
import { QUEUES } from '@nashr/contracts';
import { queueKeyPrefix } from '@nashr/platform';
import { testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/gateway-client.js';

const ROUNDS = 50;
/** A short bound keeps fifty rounds quick; production waits 2 s (COPY_WAIT_MS). */
const COPY_WAIT_MS = 800;
/** How long each round holds the copy's events back: 'answered' holds them until the answer came. */
const HOLDS = [0, 50, 200, 'answered'] as const;

let stack: Stack;
/** The job titles the AI endpoint was asked to write for, in order. */
const askedFor: (string | null)[] = [];

beforeAll(async () => {
  stack = await startStack({
    gateway: true,
    workers: ['auth', 'ai', 'linkedin'],
    env: {
      // Fifty drafts by one writer: past the credits and the day's free drafts, which are not what is tested here.
      ai: { COPY_WAIT_MS: String(COPY_WAIT_MS), AI_FREE_DAILY_GENERATIONS: String(ROUNDS) },
      auth: { COPY_WAIT_MS: String(COPY_WAIT_MS) },
    },
    aiProvider: {
      name: 'offline',
      write: async ({ request }) => {
        askedFor.push(request.author.jobTitle);
        return { text: 'A draft.', model: 'test', language: 'English', note: null };
      },
      // Only drafts are asked for here.
      reviewProfile: () => Promise.reject(new Error('not asked for in this test')),
      suggestIdeas: () => Promise.reject(new Error('not asked for in this test')),
      suggestComments: () => Promise.reject(new Error('not asked for in this test')),
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

/** A browser's cookies for one user: the session, and whatever the gateway sets. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(initial: string) {
    this.keep([initial]);
  }
  keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function call(jar: CookieJar, method: string, path: string, body?: unknown) {
  const res = await send(stack, method, path, { cookie: jar.header, body });
  jar.keep(res.headers.getSetCookie());
  return res;
}

/** Holds a queue's jobs back while `during` runs, and lets them go after `hold`. */
async function holdingBack<T>(queueName: string, hold: (typeof HOLDS)[number], during: () => Promise<T>): Promise<T> {
  const queue = new Queue(queueName, {
    connection: stack.redis.redis.duplicate(),
    prefix: queueKeyPrefix(stack.prefix),
  });
  try {
    await queue.pause();
    const release =
      typeof hold === 'number' ? new Promise((r) => setTimeout(r, hold)).then(() => queue.resume()) : null;
    const result = await during();
    await (release ?? queue.resume());
    return result;
  } finally {
    await queue.close();
    await queue.opts.connection.disconnect?.();
  }
}

async function newUser(name: string): Promise<CookieJar> {
  const identity = { ...testIdentity(['user']), email: `${name}@ryw.test` };
  await stack.sql`insert into auth.users (id, email) values (${identity.userId}, ${identity.email})`;
  return new CookieJar(await stack.cookieFor(identity));
}

const personalization = (jobTitle: string) => ({
  jobTitle,
  language: 'English',
  accent: '',
  goals: ['Grow Network'],
  interests: ['Innovation'],
  tones: ['Professional'],
  styles: ['Simple Language'],
});

describe('a change the user saw succeed', () => {
  it('is used by the very next draft, or the draft answers 503: never the personalization before it', async () => {
    const jar = await newUser('writer');
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const hold = HOLDS[round % HOLDS.length] ?? 0;
      const jobTitle = `Engineer no. ${round}`;
      const draft = await holdingBack(QUEUES.aiInbox, hold, async () => {
        const saved = await call(jar, 'PUT', '/api/v1/personalization', personalization(jobTitle));
        expect(saved.status, saved.body).toBe(200);
        return call(jar, 'POST', '/api/v1/ai/generate', { topic: 'What I learned this week', lang: 'en' });
      });
      if (draft.status === 200) {
        expect(askedFor.at(-1), `round ${round}: the draft was written for an older personalization`).toBe(jobTitle);
        outcomes.push('fresh');
      } else {
        expect(draft.status, draft.body).toBe(503);
        expect(draft.json()).toMatchObject({ success: false, code: 'consistency.pending' });
        expect(hold, `round ${round} waited for a copy that was let through after ${hold} ms`).not.toBe(0);
        outcomes.push('pending');
      }
      // Events held until the answer came could never have been waited for.
      if (hold === 'answered') expect(outcomes.at(-1)).toBe('pending');
    }
    expect(outcomes.filter((o) => o === 'fresh').length).toBeGreaterThan(ROUNDS / 4);
  }, 120_000);

  it('shows a just-connected network account in the very next /me, or /me answers 503', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const hold = HOLDS[round % HOLDS.length] ?? 0;
      const jar = await newUser(`connector-${round}`);
      // The gateway remembers this user's /me from before the change.
      expect((await call(jar, 'GET', '/api/v1/auth/me')).json().data.user.linkedinConnected).toBe(false);
      const me = await holdingBack(QUEUES.authInbox, hold, async () => {
        const connected = await call(jar, 'POST', '/api/v1/linkedin/accounts', {
          username: `connector-${round}@sandbox.test`,
          password: 'a password',
        });
        expect(connected.status, connected.body).toBe(200);
        return call(jar, 'GET', '/api/v1/auth/me');
      });
      if (me.status === 200) {
        expect(me.json().data.user.linkedinConnected, `round ${round}: /me showed the account unconnected`).toBe(true);
        outcomes.push('fresh');
      } else {
        expect(me.status, me.body).toBe(503);
        expect(me.json()).toMatchObject({ success: false, code: 'consistency.pending' });
        outcomes.push('pending');
      }
      if (hold === 'answered') expect(outcomes.at(-1)).toBe('pending');
    }
    expect(outcomes.filter((o) => o === 'fresh').length).toBeGreaterThan(ROUNDS / 4);
  }, 120_000);

  it('binds the seen changes to their user: another user signed in on the same browser is not held back', async () => {
    const first = await newUser('first');
    await holdingBack(QUEUES.aiInbox, 'answered', async () => {
      expect((await call(first, 'PUT', '/api/v1/personalization', personalization('First'))).status).toBe(200);
    });
    const seen = first.header.split('; ').find((c) => c.startsWith('nashr_seen='));
    expect(seen, 'the gateway kept no seen changes').toBeDefined();
    const second = await newUser('second');
    second.keep([seen ?? '']);
    await holdingBack(QUEUES.aiInbox, 'answered', async () => {
      const draft = await call(second, 'POST', '/api/v1/ai/generate', { topic: 'Hello', lang: 'en' });
      expect(draft.status, draft.body).toBe(200);
    });
  }, 60_000);
});
