/**
 * The monolith scaled out: two processes, each running the whole product (every API, every
 * worker, the gateway), on one database and one Redis. Posts scheduled through either gateway
 * are each published once.
 */
import { randomUUID } from 'node:crypto';
import { API } from '@nashr/contracts';
import { createDatabase } from '@nashr/platform';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDue, soonIn } from './support/due';
import { callAs, callEndpointAs, fullUser, type StackUser } from './support/full-user';

let stack: Stack;
let user: StackUser;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'linkedin', 'posts', 'billing'],
    workers: true,
    replicas: 2,
    env: { ai: { AI_PROVIDER: 'offline' } },
  });
  user = await fullUser(stack, 'twin');
}, 240_000);

afterAll(() => stack?.stop());

describe('two processes running all, side by side', () => {
  it('both serve the product, and every due post is published once', { timeout: 300_000 }, async () => {
    expect(stack.urls).toHaveLength(2);
    for (const url of stack.urls) {
      const me = await callAs({ ...stack, url }, user, 'GET', '/api/v1/auth/me');
      expect(me.body?.data?.user?.id, url).toBe(user.userId);
    }
    const contents = Array.from({ length: 6 }, (_, i) => `Side by side ${i} ${randomUUID()}`);
    const postIds: string[] = [];
    for (const [index, content] of contents.entries()) {
      // Half through each copy's gateway.
      const through = { ...stack, url: stack.urls[index % 2] as string };
      const answer = await callEndpointAs(through, user, API.posts.schedule, {
        body: {
          userId: user.userId,
          content,
          ...soonIn('UTC'),
          status: 'scheduled',
          timeZone: 'UTC',
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      postIds.push(answer.body.data.id);
    }
    // Their time comes for all six at once; both copies' workers are there to take each due job.
    for (const postId of postIds) await makeDue(stack, postId);
    const database = createDatabase({
      url: stack.databaseUrl,
      schema: {},
      max: 1,
      applicationName: 'e2e-side-by-side',
    });
    const { sql } = database;
    try {
      const counts = async () => {
        const rows = await sql<{ text: string; count: string }[]>`
          select text, count(*) from linkedin.sandbox_posts where text in ${sql(contents)} group by text`;
        return Object.fromEntries(rows.map((row) => [row.text, Number(row.count)]));
      };
      const publishedNow = async () => {
        const listed = await callAs(stack, user, 'GET', '/api/v1/posts?status=published');
        return new Set<string>((listed.body?.data ?? []).map((post: { content: string }) => post.content));
      };
      const deadline = Date.now() + 120_000;
      let seen: Record<string, number> = {};
      let published = new Set<string>();
      // Until the network has every post and the posts service has heard so of each.
      while (Date.now() < deadline) {
        [seen, published] = await Promise.all([counts(), publishedNow()]);
        if (contents.every((content) => (seen[content] ?? 0) >= 1 && published.has(content))) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect([...published].filter((content) => contents.includes(content)).sort()).toEqual([...contents].sort());
      // Published, and not twice: both copies' workers were there to take each job.
      expect(seen).toEqual(Object.fromEntries(contents.map((content) => [content, 1])));
    } finally {
      await database.close();
    }
  });
});
