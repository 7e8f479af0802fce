/**
 * The public API as another program uses it, with only a personal API token and the typed client
 * generated from the OpenAPI document (openapi-typescript's types, openapi-fetch): an endpoint on
 * a receiver this test runs is registered for `post.published`; a post is written with AI (the
 * offline writer), kept as a draft with an Idempotency-Key (sent twice: one draft), scheduled, and
 * published on the sandbox network; the receiver gets one `post.published` delivery, signed,
 * checked with the verification recipe printed in docs/webhooks.md. A token for Engage follows a
 * topic (a retried follow answered once) and reads the feed; one without that permission is refused.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { paths } from '@nashr/gateway/openapi-types';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDue, soonIn } from './support/due';
import { callAs, fullUser } from './support/full-user';
import { documentedRecipe, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

let stack: Stack;
let receiver: WebhookReceiver;
const ZONE = 'Asia/Riyadh';

beforeAll(async () => {
  receiver = await startWebhookReceiver(204, '');
  stack = await startStack({
    services: ['auth', 'linkedin', 'posts', 'ai', 'engage'],
    workers: ['auth', 'linkedin', 'posts'],
    env: { ai: { AI_PROVIDER: 'offline' } },
  });
});

afterAll(async () => {
  await stack?.stop();
  receiver?.close();
});

/** A token made in the app (Profile → Access tokens) by a full user: the one thing a script is given. */
async function tokenOf(
  name: string,
  scopes = ['posts:read', 'drafts:write', 'posts:schedule', 'ai:generate', 'webhooks:manage'],
) {
  const user = await fullUser(stack, name);
  const made = await callAs(stack, user, 'POST', '/api/v1/auth/tokens', { name: 'Script', scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { user, token: made.body.data.token as string };
}

describe('the public API with only a token, through the typed client', () => {
  it('writes, keeps, schedules and publishes a post, and the signed post.published webhook arrives', async () => {
    const verify = await documentedRecipe();
    const { user, token } = await tokenOf('public-api');
    const api = createClient<paths>({
      baseUrl: stack.url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });

    const hookUrl = receiver.url('/nashr-hook');
    const hook = await api.POST('/api/v1/webhooks', { body: { url: hookUrl, events: ['post.published'] } });
    expect(hook.response.status, JSON.stringify(hook.error)).toBe(201);
    const secret = hook.data?.data.secret ?? '';

    const written = await api.POST('/api/v1/ai/generate', {
      params: { query: { stream: '0' } },
      body: { topic: 'Three lessons from a year of leading a small team', lang: 'en' },
    });
    expect(written.response.status, JSON.stringify(written.error)).toBe(200);
    const text = written.data?.data.text ?? '';
    expect(written.data?.data.offline).toBe(true);
    expect(text.length).toBeGreaterThan(20);

    // A create sent twice with one Idempotency-Key (a retry after a lost answer) keeps one draft.
    const keep = () =>
      api.POST('/api/v1/drafts', {
        params: { header: { 'Idempotency-Key': 'public-api-draft-0001' } },
        body: { content: text },
      });
    const first = await keep();
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    const retried = await keep();
    expect(retried.response.status).toBe(201);
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.data?.data.id).toBe(first.data?.data.id);
    const drafts = await api.GET('/api/v1/drafts');
    expect(drafts.data?.data.map((draft) => draft.id)).toEqual([first.data?.data.id]);

    const scheduled = await api.POST('/linkedln/saveSchedulePost', {
      params: { header: { 'Idempotency-Key': 'public-api-schedule-0001' } },
      body: {
        userId: user.userId,
        content: text,
        ...soonIn(ZONE),
        timeZone: ZONE,
        status: 'scheduled',
        draftId: first.data?.data.id,
      },
    });
    expect(scheduled.response.status, JSON.stringify(scheduled.error)).toBe(201);
    const postId = scheduled.data?.data.id ?? '';
    expect((await api.GET('/api/v1/drafts')).data?.data).toEqual([]);

    await makeDue(stack, postId);
    await expect
      .poll(async () => (await api.GET('/api/v1/posts/{id}', { params: { path: { id: postId } } })).data?.data.status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('published');

    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const [delivery] = receiver.received;
    expect(verify(delivery?.body ?? '', String(delivery?.headers['nashr-signature']), secret)).toBe(true);
    expect(verify(delivery?.body ?? '', String(delivery?.headers['nashr-signature']), `${secret}x`)).toBe(false);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'post.published', data: { postId } });
    // Published once: no second delivery comes.
    const log = await api.GET('/api/v1/webhooks/{id}/deliveries', {
      params: { path: { id: hook.data?.data.endpoint.id ?? '' } },
    });
    expect(log.data?.data.deliveries.map((entry) => entry.type)).toEqual(['post.published']);
  });

  it('follows a topic on Engage with an Engage token, once however often it is sent, and reads the feed', async () => {
    const { token } = await tokenOf('public-api-engage', ['engage:manage']);
    const api = createClient<paths>({
      baseUrl: stack.url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    const follow = () =>
      api.POST('/api/v1/engage/topics', {
        params: { header: { 'Idempotency-Key': 'public-api-topic-0001' } },
        body: { topic: 'Leadership' },
      });
    const first = await follow();
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    // The retry of a follow whose answer was lost answers the same topic (not "already followed").
    const retried = await follow();
    expect(retried.response.status, JSON.stringify(retried.error)).toBe(201);
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.data?.topic.id).toBe(first.data?.topic.id);
    const targets = await api.GET('/api/v1/engage/targets');
    expect(targets.data?.topics.map((topic) => topic.topic)).toEqual(['Leadership']);
    const feed = await api.GET('/api/v1/engage/feed', { params: { query: { lang: 'en' } } });
    expect(feed.response.status, JSON.stringify(feed.error)).toBe(200);

    // Engage is its own permission: a token for posts and webhooks does not reach it.
    const { token: postsOnly } = await tokenOf('public-api-no-engage');
    const refused = await fetch(`${stack.url}/api/v1/engage/targets`, {
      headers: { authorization: `Bearer ${postsOnly}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code?: string }).code).toBe('token.scope_missing');
  });

  it("works in a shared workspace the token's owner belongs to, named by the Nashr-Workspace header", async () => {
    const { user, token } = await tokenOf('public-api-team');
    const team = await callAs(stack, user, 'POST', '/api/v1/workspaces', { name: 'Content team' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const workspaceId = team.body.data.workspace.id as string;
    // The token finds the workspace's id in its owner's list, the personal one first.
    const personalClient = createClient<paths>({ baseUrl: stack.url, headers: { authorization: `Bearer ${token}` } });
    const listed = await personalClient.GET('/api/v1/workspaces');
    expect(listed.response.status, JSON.stringify(listed.error)).toBe(200);
    expect(listed.data?.data.workspaces.map((w) => [w.id, w.personal, w.role])).toEqual([
      [user.userId, true, 'owner'],
      [workspaceId, false, 'owner'],
    ]);
    const inTeam = createClient<paths>({
      baseUrl: stack.url,
      headers: { authorization: `Bearer ${token}`, 'nashr-workspace': workspaceId },
    });
    // The posts service learns of the new membership by an event: the token sees the team once it has.
    await expect.poll(async () => (await inTeam.GET('/api/v1/drafts')).response.status).toBe(200);
    const kept = await inTeam.POST('/api/v1/drafts', {
      params: { header: { 'Idempotency-Key': 'public-api-team-draft-1' } },
      body: { content: 'A draft for the team' },
    });
    expect(kept.response.status, JSON.stringify(kept.error)).toBe(201);
    expect(kept.data?.data.workspaceId).toBe(workspaceId);
    expect((await inTeam.GET('/api/v1/drafts')).data?.data.map((draft) => draft.id)).toEqual([kept.data?.data.id]);
    // Without the header the token works in its owner's personal workspace, where the draft is not.
    expect((await personalClient.GET('/api/v1/drafts')).data?.data).toEqual([]);
    // A workspace the owner is not a member of is refused, as to a session.
    const elsewhere = await fetch(`${stack.url}/api/v1/drafts`, {
      headers: { authorization: `Bearer ${token}`, 'nashr-workspace': '00000000-0000-4000-8000-000000000000' },
    });
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { code?: string }).code).toBe('workspace.not_found');
  });

  it('runs scripts/api-tour.mjs from a shell with only NASHR_URL and a token, to the verified webhook', async () => {
    const { token } = await tokenOf('api-tour');
    const tour = spawn(process.execPath, [fileURLToPath(new URL('../scripts/api-tour.mjs', import.meta.url))], {
      env: { PATH: process.env.PATH, NASHR_URL: stack.url, NASHR_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    tour.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    tour.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => tour.on('exit', resolve));
    try {
      // It schedules minutes ahead; the test lets that time come now.
      await expect
        .poll(() => /post (\S+) scheduled/.exec(output)?.[1] ?? output, { timeout: 30_000 })
        .toMatch(/^[0-9a-f-]{36}$/);
      await makeDue(stack, /post (\S+) scheduled/.exec(output)?.[1] ?? '');
      expect(await exited, output).toBe(0);
    } finally {
      tour.kill();
    }
    expect(output).toContain('the retry was replayed: true, same draft: true, drafts with this text: 1');
    expect(output).toMatch(/post\.published received for post \S+ .*: signature verified/);
  });
});
