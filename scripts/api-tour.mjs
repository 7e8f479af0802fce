#!/usr/bin/env node
// The public API from a shell with only a personal API token (docs/api.md): registers a webhook
// for `post.published` on a receiver this script runs, writes a post with AI, keeps it as a draft
// (sending the create twice with one Idempotency-Key: one draft), schedules it a few minutes ahead,
// then waits for the signed `post.published` delivery and checks it with the recipe of
// docs/webhooks.md. The webhook is removed at the end.
//
//   NASHR_URL=http://localhost:8080 NASHR_TOKEN=nashr_pat_... node scripts/api-tour.mjs
//
// The token needs drafts:write, posts:read, posts:schedule, ai:generate and webhooks:manage.
// The receiver listens on 127.0.0.1 (NASHR_WEBHOOK_PORT, any free port when absent), which Nashr
// reaches only outside production; against a production address, forward a public https address
// to that port and give it as NASHR_WEBHOOK_URL. NASHR_TOUR_MINUTES (2) is how far ahead it schedules.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { env } = process;
const base = env.NASHR_URL ?? 'http://localhost:8080';
const token = env.NASHR_TOKEN;
if (!token) {
  process.stderr.write('Give the token as NASHR_TOKEN (made under Profile → Access tokens)\n');
  process.exit(2);
}
const minutes = Number(env.NASHR_TOUR_MINUTES ?? '2');
const say = (line) => process.stdout.write(`${line}\n`);

/** One call of the API with the token; a refusal stops the tour with its code. */
async function call(method, path, body, headers = {}) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = response.status === 204 ? {} : await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${answer.code ?? ''} ${answer.message ?? ''}`);
  return { answer, headers: response.headers };
}

/** The verification recipe as docs/webhooks.md prints it. */
async function documentedRecipe() {
  const doc = readFileSync(new URL('../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /<!-- verify-recipe -->\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verification recipe');
  const file = join(tmpdir(), `nashr-webhook-recipe-${process.pid}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).verifyNashrWebhook;
}

/** A receiver on this machine; `next(type)` resolves with the first delivery of that type. */
async function startReceiver() {
  const waiting = new Map();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      res.writeHead(204).end();
      let type = '';
      try {
        type = JSON.parse(raw).type;
      } catch {}
      waiting.get(type)?.({ raw, signature: String(req.headers['nashr-signature'] ?? '') });
    });
  });
  await new Promise((resolve) => server.listen(Number(env.NASHR_WEBHOOK_PORT ?? 0), '127.0.0.1', resolve));
  return {
    port: server.address().port,
    next: (type) => new Promise((resolve) => waiting.set(type, resolve)),
    close: () => server.close(),
  };
}

/** `date` (YYYY-MM-DD) and 12-hour `time` in UTC, `minutes` from now, on a whole minute. */
function minutesAhead(count) {
  const at = new Date(Math.ceil((Date.now() + count * 60_000) / 60_000) * 60_000);
  const hours = at.getUTCHours();
  const time = `${hours % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return { date: at.toISOString().slice(0, 10), time, timeZone: 'UTC' };
}

const verify = await documentedRecipe();
const receiver = await startReceiver();
const hookUrl = env.NASHR_WEBHOOK_URL ?? `http://127.0.0.1:${receiver.port}/nashr-hook`;
let webhookId;
try {
  const hook = await call('POST', '/api/v1/webhooks', { url: hookUrl, events: ['post.published'] });
  webhookId = hook.answer.data.endpoint.id;
  const secret = hook.answer.data.secret;
  say(`webhook ${webhookId} registered for post.published at ${hookUrl}`);

  const written = await call('POST', '/api/v1/ai/generate?stream=0', { topic: 'Three lessons from a year of leading' });
  const text = written.answer.data.text;
  say(`written with AI (${written.answer.data.language}): ${text.slice(0, 60).replaceAll('\n', ' ')}…`);

  const key = randomUUID();
  const draft = await call('POST', '/api/v1/drafts', { content: text }, { 'idempotency-key': key });
  const again = await call('POST', '/api/v1/drafts', { content: text }, { 'idempotency-key': key });
  const drafts = (await call('GET', '/api/v1/drafts')).answer.data;
  say(
    `draft ${draft.answer.data.id} kept; the retry was replayed: ${again.headers.get('idempotent-replayed') === 'true'}, ` +
      `same draft: ${again.answer.data.id === draft.answer.data.id}, drafts with this text: ${drafts.filter((d) => d.content === text).length}`,
  );

  const when = minutesAhead(minutes);
  const published = receiver.next('post.published');
  const scheduled = await call(
    'POST',
    '/linkedln/saveSchedulePost',
    { ...when, userId: draft.answer.data.userId, content: text, status: 'scheduled', draftId: draft.answer.data.id },
    { 'idempotency-key': randomUUID() },
  );
  const postId = scheduled.answer.data.id;
  say(`post ${postId} scheduled for ${when.date} ${when.time} UTC; waiting for post.published…`);

  const delivery = await published;
  const event = JSON.parse(delivery.raw);
  if (event.data.postId !== postId) throw new Error(`post.published came for another post: ${event.data.postId}`);
  if (!verify(delivery.raw, delivery.signature, secret)) throw new Error('the delivery’s signature does not verify');
  say(`post.published received for post ${postId} (${event.data.url ?? 'no address'}): signature verified`);
} finally {
  if (webhookId) await call('DELETE', `/api/v1/webhooks/${webhookId}`).catch(() => {});
  receiver.close();
}
