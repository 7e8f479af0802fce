/**
 * Limits that cost money, hit in parallel through the gateway: the premium credits, the free
 * standard-model generations of a day, and Engage's commenting credits. A check made apart from
 * its debit lets every request of a burst pass it before any of them pays, so each burst here is
 * larger than what is left and all of it is sent at once. Exactly the allowance may go through,
 * the rest is refused with its code, and no balance goes below zero. The premium credits (one
 * conditional UPDATE) and Engage's credits (the plan's row locked while the comments are counted)
 * held already: their tests keep them so. The free generations had no limit at all.
 */

import { randomUUID } from 'node:crypto';
import { CREDITS } from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './support/gateway-client.js';

const FREE_PER_DAY = CREDITS.freeDailyGenerations;
let stack: Stack;

beforeAll(async () => {
  // The offline writer answers at once: the race is over the ledger, not the provider.
  stack = await startStack({ gateway: true });
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

/** A signed-in user whose premium balance is `balance` (the ledger's row, as a grant leaves it). */
async function userWithCredits(balance: number) {
  const who = testIdentity(['user']);
  await stack.sql`insert into ai.credit_accounts (user_id, balance) values (${who.userId}, ${balance})`;
  return { who, cookie: await stack.cookieFor(who) };
}

const generateAll = (cookie: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      send(stack, 'POST', '/api/v1/ai/generate', { cookie, body: { topic: `Limits ${i}`, lang: 'en' } }),
    ),
  );

const ledger = async (userId: string) => {
  const [row] = await stack.sql<{ premium: number; free: number; balance: number }[]>`
    select
      (select count(*)::int from ai.generations where user_id = ${userId} and premium) as premium,
      (select count(*)::int from ai.generations where user_id = ${userId} and not premium and status <> 'failed') as free,
      (select balance from ai.credit_accounts where user_id = ${userId}) as balance`;
  return row;
};

describe('AI credits under parallel generations', () => {
  it(`spend exactly the balance: ${CREDITS.costPerPost * 3} credits pay for 3 of 8 drafts, never below zero`, async () => {
    const { who, cookie } = await userWithCredits(CREDITS.costPerPost * 3);
    const answers = await generateAll(cookie, 8);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const premium = answers.filter((a) => a.json().data.credits.premium);
    expect(premium).toHaveLength(3);
    expect(answers.every((a) => a.json().data.credits.remaining >= 0)).toBe(true);
    expect(await ledger(who.userId)).toEqual({ premium: 3, free: 5, balance: 0 });
  });

  it(`allow ${FREE_PER_DAY} free generations a day once the credits are spent, then refuse with a code`, async () => {
    const { who, cookie } = await userWithCredits(0);
    const answers = await generateAll(cookie, FREE_PER_DAY + 6);
    const made = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(made).toHaveLength(FREE_PER_DAY);
    expect(refused.map((a) => [a.status, a.json().code])).toEqual(Array(6).fill([429, 'ai.free_daily_limit']));
    expect(refused[0]?.json().params).toMatchObject({ limit: FREE_PER_DAY });
    expect(await ledger(who.userId)).toEqual({ premium: 0, free: FREE_PER_DAY, balance: 0 });

    // The sixteenth, alone, is refused as well, and the composer is told none are left.
    const sixteenth = await send(stack, 'POST', '/api/v1/ai/generate', {
      cookie,
      body: { topic: 'One more', lang: 'en' },
    });
    expect([sixteenth.status, sixteenth.json().code]).toEqual([429, 'ai.free_daily_limit']);
    // The composer streams: the refusal comes before any event, as a plain answer it can read.
    const streamed = await send(stack, 'POST', '/api/v1/ai/rewrite', {
      cookie,
      body: { text: 'A draft to improve', lang: 'en' },
      headers: { accept: 'text/event-stream' },
    });
    expect([streamed.status, streamed.json().code]).toEqual([429, 'ai.free_daily_limit']);
    const after = (await send(stack, 'GET', '/api/v1/ai/credits', { cookie })).json().data;
    expect(after.freeToday).toEqual({ remaining: 0, limit: FREE_PER_DAY });
  });
});

describe("Engage's commenting credits under parallel comments", () => {
  it('send exactly the allowance: 3 credits send 3 of 10 comments, the rest refused', async () => {
    const who = testIdentity(['user']);
    const cookie = await stack.cookieFor(who);
    const postId = 'sbx-emma-carter-1';
    // The plan as billing announced it, and the post in the user's feed, as the workers leave them.
    await stack.sql`
      insert into engage.plans (user_id, plan, status, active, engage, commenting_credits, period_start, version)
      values (${who.userId}, 'starter', 'active', true, true, 3, now() - interval '1 day', 1)`;
    await stack.sql`
      insert into engage.feed_items (user_id, post_id, url, author_handle, author_name, author_headline, text, language, posted_at)
      values (${who.userId}, ${postId}, ${`https://www.linkedin.com/feed/update/${postId}`}, 'emma-carter', 'Emma Carter', 'Writer', 'A post', 'en', now())`;

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(stack, 'POST', '/api/v1/engage/comments', {
          cookie,
          body: { postId, key: randomUUID(), text: `Comment number ${i}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.json().code])).toEqual(Array(7).fill([403, 'engage.credits_exhausted']));
    const [counts] = await stack.sql<{ sent: number; posted: number }[]>`
      select
        (select count(*)::int from engage.comments where user_id = ${who.userId} and status = 'sent') as sent,
        (select count(*)::int from engage.sandbox_comments where user_id = ${who.userId}) as posted`;
    expect(counts).toEqual({ sent: 3, posted: 3 });
    const allowance = (await send(stack, 'GET', '/api/v1/engage/allowance', { cookie })).json().allowance;
    expect(allowance.credits).toEqual({ total: 3, used: 3, remaining: 0 });
  });
});
