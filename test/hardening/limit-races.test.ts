/**
 * Limits that guard money or cost, hit by parallel requests through the real gateway: a burst
 * must end with exactly as many posts (or files) as the limit leaves room for, the rest refused
 * with the limit's own code, never a 500. Each limit counts and writes under one lock; without
 * it every request of a burst counts the same room and all of them write.
 */
import { API, MAX_DAILY_UPLOADS, MEDIA_ERROR_CODES, PLAN_LIMIT_ERROR_CODES } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemWith } from './support/answers.js';
import { type Sent, send, sendEndpoint } from './support/gateway-client.js';

const DAY = 86_400_000;
const WEEKLY = 10;
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ gateway: true });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

interface User {
  id: string;
  cookie: string;
}

/** A signed-in user on the trial (10 posts a week), as the posts service keeps billing's word. */
async function trialUser(): Promise<User> {
  const identity = testIdentity(['user']);
  await stack.sql`insert into auth.users (id, email) values (${identity.userId}, ${identity.email})`;
  await stack.sql`
    insert into posts.plan_limits (user_id, plan, status, active, weekly_posts, period_end, version)
    values (${identity.userId}, 'trial', 'trialing', true, ${WEEKLY}, ${new Date(Date.now() + 7 * DAY)}, 1)`;
  return { id: identity.userId, cookie: await stack.cookieFor(identity) };
}

/** The Wednesday of the UTC week `weeks` ahead (YYYY-MM-DD): noon there is well inside that week. */
function wednesday(weeks: number): string {
  const at = new Date(Date.now() + weeks * 7 * DAY);
  const monday = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - ((at.getUTCDay() + 6) % 7) * DAY;
  return new Date(monday + 2 * DAY).toISOString().slice(0, 10);
}

const schedule = (user: User, date: string, n: number) =>
  sendEndpoint(stack, API.posts.schedule, {
    cookie: user.cookie,
    body: {
      userId: user.id,
      content: `Lesson ${n} from ten years of building teams`,
      date,
      time: '12:00 PM',
      timeZone: 'UTC',
    },
  });

/** The user's posts that take a place in a week (neither cancelled nor failed). */
async function countedPosts(user: User): Promise<number> {
  const [row] = await stack.sql<{ n: number }[]>`
    select count(*)::int as n from posts.posts where user_id = ${user.id} and status not in ('cancelled', 'failed')`;
  return row?.n ?? 0;
}

/** Checks every answer of a burst: accepted with `ok`, or refused with `code`, and never anything else. */
function tally(answers: Sent[], ok: readonly number[], refusedStatus: number, code: string) {
  for (const res of answers) {
    expect(problemWith(res), res.body).toBeNull();
    if (!ok.includes(res.status)) {
      expect(res.status, res.body).toBe(refusedStatus);
      expect(res.json().code, res.body).toBe(code);
    }
  }
  return {
    accepted: answers.filter((res) => ok.includes(res.status)).length,
    refused: answers.filter((res) => res.status === refusedStatus).length,
  };
}

describe('the weekly post limit under a burst', () => {
  it('schedules exactly the week’s ten posts of sixteen sent at once, refusing six with the limit’s code', async () => {
    const user = await trialUser();
    const date = wednesday(2);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => schedule(user, date, n)));
    expect(tally(answers, [201], 403, PLAN_LIMIT_ERROR_CODES.weeklyPosts)).toEqual({ accepted: 10, refused: 6 });
    expect(await countedPosts(user)).toBe(WEEKLY);
  });

  it('publishes exactly ten of thirteen posts sent at once to go out now', async () => {
    const user = await trialUser();
    const answers = await Promise.all(
      Array.from({ length: 13 }, (_, n) =>
        send(stack, 'POST', '/linkedln/createPost', {
          cookie: user.cookie,
          body: { text: `Published now, number ${n}`, timeZone: 'UTC' },
        }),
      ),
    );
    // No worker runs here, so an accepted post is still on its way (202) when the wait runs out.
    expect(tally(answers, [200, 202], 403, PLAN_LIMIT_ERROR_CODES.weeklyPosts)).toEqual({ accepted: 10, refused: 3 });
    expect(await countedPosts(user)).toBe(WEEKLY);
  });

  it('moves exactly one of four posts rescheduled at once into a week with one place left', async () => {
    const user = await trialUser();
    const full = wednesday(3);
    for (let n = 0; n < WEEKLY - 1; n++) expect((await schedule(user, full, n)).status).toBe(201);
    const movers: string[] = [];
    for (let n = 0; n < 4; n++) {
      const res = await schedule(user, wednesday(4), n);
      expect(res.status, res.body).toBe(201);
      movers.push(res.json().data.id);
    }
    const answers = await Promise.all(
      movers.map((id) =>
        send(stack, 'PATCH', `/api/v1/posts/${id}`, {
          cookie: user.cookie,
          body: { date: full, time: '3:00 PM', timeZone: 'UTC' },
        }),
      ),
    );
    expect(tally(answers, [200], 403, PLAN_LIMIT_ERROR_CODES.weeklyPosts)).toEqual({ accepted: 1, refused: 3 });
    const [row] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from posts.posts
      where user_id = ${user.id} and status = 'scheduled' and scheduled_at::date = ${full}::date`;
    expect(row?.n).toBe(WEEKLY);
  });

  it('sends out again exactly one of four failed posts retried at once when this week has one place left', async () => {
    const user = await trialUser();
    // This week's posts as rows: nine that went out, and four that failed (which take no place).
    await stack.sql`
      insert into posts.posts (workspace_id, user_id, content, status, scheduled_at, time_zone)
      select ${user.id}, ${user.id}, 'Went out ' || n, 'published', now(), 'UTC' from generate_series(1, ${WEEKLY - 1}) as n`;
    const failed = await stack.sql<{ id: string }[]>`
      insert into posts.posts (workspace_id, user_id, content, status, scheduled_at, time_zone, failure_reason)
      select ${user.id}, ${user.id}, 'Did not go out ' || n, 'failed', now(), 'UTC', 'The network refused it'
      from generate_series(1, 4) as n
      returning id`;
    const answers = await Promise.all(
      failed.map(({ id }) => send(stack, 'POST', `/api/v1/posts/${id}/retry`, { cookie: user.cookie })),
    );
    expect(tally(answers, [200], 403, PLAN_LIMIT_ERROR_CODES.weeklyPosts)).toEqual({ accepted: 1, refused: 3 });
    expect(await countedPosts(user)).toBe(WEEKLY);
  });
});

describe('the daily upload cap under a burst', () => {
  it('stores exactly the last places of the day of ten files sent at once', async () => {
    const user = await trialUser();
    const room = 4;
    // The day's earlier uploads, as rows: only their number matters to the cap.
    await stack.sql`
      insert into posts.media (user_id, kind, content_type, bytes, width, height, storage_key, thumbnail_key)
      select ${user.id}, 'image', 'image/gif', ${GIF.length}, 1, 1, 'earlier/' || n, 'earlier/' || n || '.webp'
      from generate_series(1, ${MAX_DAILY_UPLOADS - room}) as n`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${stack.gatewayUrl}/api/v1/media`, {
          method: 'POST',
          headers: { cookie: user.cookie, 'content-type': 'image/gif' },
          body: GIF,
        }).then(async (res): Promise<Sent> => {
          const body = await res.text();
          return {
            status: res.status,
            contentType: res.headers.get('content-type') ?? undefined,
            body,
            headers: res.headers,
            ms: 0,
            json: () => JSON.parse(body),
          };
        }),
      ),
    );
    expect(tally(answers, [201], 429, MEDIA_ERROR_CODES.dailyLimit)).toEqual({ accepted: room, refused: 10 - room });
    const [row] = await stack.sql<
      { n: number }[]
    >`select count(*)::int as n from posts.media where user_id = ${user.id}`;
    expect(row?.n).toBe(MAX_DAILY_UPLOADS);
  });
});
