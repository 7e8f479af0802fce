/**
 * AI service benchmark (issue 6). Not part of `npm test`.
 *
 *   npx tsx bench/ai/run.ts [--users 40] [--requests 800] [--concurrency 40]
 *                           [--provider offline|fake] [--chunk-ms 20] [--out results.json]
 *
 * Builds the ai API (`buildApp` of `@nashr/ai`) on a real port over a fresh database of its own,
 * with either the offline writer or a local chat-completions server (`fake`: 10 streamed chunks
 * of `--chunk-ms` each). Fires `--requests` generations from `--users` users, `--concurrency`
 * at a time, half as JSON and half as server-sent events. Reported: throughput, latency
 * (p50/p99/max), time to the first streamed token, and the credits ledger checked per user:
 * every user must have spent exactly min(100, 10 × their requests) premium credits, never more.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp, configSchema, MIGRATIONS_FOLDER, schema } from '@nashr/ai';
import { startFakeOpenAi } from '@nashr/ai/testing';
import { createDatabase, createLogger, identityHeaders, runMigrations } from '@nashr/platform';
import postgres from 'postgres';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '40' },
    requests: { type: 'string', default: '800' },
    concurrency: { type: 'string', default: '40' },
    provider: { type: 'string', default: 'offline' },
    'chunk-ms': { type: 'string', default: '20' },
    out: { type: 'string' },
  },
});
const USERS = Number(args.users);
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
const SECRET = randomBytes(16).toString('hex');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}
const spread = (values: number[]) => ({
  p50: Math.round(percentile(values, 50)),
  p99: Math.round(percentile(values, 99)),
  max: Math.round(percentile(values, 100)),
});

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_ai_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;

  const fake = args.provider === 'fake' ? await startFakeOpenAi() : null;
  fake?.behave({
    kind: 'ok',
    text: 'A benchmark draft, streamed in ten pieces.',
    chunks: 10,
    chunkDelayMs: Number(args['chunk-ms']),
  });
  const config = configSchema.parse({
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: 'redis://127.0.0.1:6379',
    INTERNAL_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    AI_OFFLINE_TOKEN_DELAY_MS: '0',
    // Throughput, not the daily limit: each user sends requests/users drafts, most of them free.
    AI_FREE_DAILY_GENERATIONS: '1000',
    ...(fake ? { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.url } : {}),
  });
  await runMigrations(config.DATABASE_URL, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'ai' });
  const database = createDatabase({ url: config.DATABASE_URL, schema, max: 10 });
  const app = buildApp({ config, logger: createLogger('ai-bench', config), database });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const users = Array.from({ length: USERS }, () => ({
    userId: randomUUID(),
    email: `bench-${randomBytes(3).toString('hex')}@example.test`,
    roles: ['user' as const],
  }));
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const firstTokens: number[] = [];
  let failures = 0;
  let next = 0;

  const one = async (i: number) => {
    const user = users[i % USERS]!;
    sent.set(user.userId, (sent.get(user.userId) ?? 0) + 1);
    const stream = i % 2 === 1;
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/ai/generate`, {
      method: 'POST',
      headers: {
        ...identityHeaders(user, SECRET),
        'content-type': 'application/json',
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      body: JSON.stringify({ topic: `benchmark topic ${i}`, lang: 'en' }),
    });
    if (!stream) {
      const body = (await res.json()) as { success: boolean };
      if (!body.success) failures++;
    } else {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let sawToken = false;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!sawToken && text.includes('event: token')) {
          sawToken = true;
          firstTokens.push(performance.now() - started);
        }
      }
      if (!text.includes('event: done')) failures++;
    }
    latencies.push(performance.now() - started);
  };

  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) await one(next++);
    }),
  );
  const elapsed = performance.now() - began;

  // The ledger: per user, exactly min(100, 10 × requests) premium credits spent.
  const rows = await database.sql<
    { user_id: string; balance: number }[]
  >`select user_id, balance from ai.credit_accounts`;
  const premium = await database.sql<{ user_id: string; n: number }[]>`
    select user_id, count(*)::int as n from ai.generations where premium group by user_id`;
  const premiumBy = new Map(premium.map((r) => [r.user_id, r.n]));
  let ledgerErrors = 0;
  for (const row of rows) {
    const expected = Math.min(10, sent.get(row.user_id) ?? 0);
    if (premiumBy.get(row.user_id) !== expected || row.balance !== 100 - 10 * expected) ledgerErrors++;
  }

  const result = {
    provider: config.AI_PROVIDER,
    users: USERS,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    seconds: Number((elapsed / 1000).toFixed(2)),
    perSecond: Number((REQUESTS / (elapsed / 1000)).toFixed(1)),
    latencyMs: spread(latencies),
    firstTokenMs: spread(firstTokens),
    failures,
    ledgerErrors,
  };
  console.log(JSON.stringify(result, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(result, null, 2));

  await app.close();
  await database.close();
  await fake?.close();
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
  if (failures || ledgerErrors) process.exitCode = 1;
}

await main();
