import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Sealer } from '../sealer.js';

/** The header a client sends to say "this is the same request as before" (a retry, a double click). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Names the answer a replay came from, so a client (and a test) can tell a replay from a first answer. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const keySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,128}$/);

/** Long enough for any retry a person or a client makes; short enough to keep Redis small. */
const ANSWER_TTL_SECONDS = 24 * 3600;
/** A request still running after this long has crashed; the key may then be used again. */
const PENDING_TTL_SECONDS = 120;

type Stored = { state: 'pending' } | { state: 'done'; status: number; body: string };

export interface IdempotencyOptions {
  redis: Redis;
  /** The service's Redis key prefix (REDIS_PREFIX). */
  prefix: string;
  /**
   * Keeps each answer sealed in Redis, for routes whose answer holds a secret shown once (a
   * webhook's signing secret): a replay opens it again, Redis never holds it plain.
   */
  sealer?: Sealer;
}

/**
 * Route hooks that answer a repeated request (same caller, route and `Idempotency-Key`) with the
 * first successful answer instead of doing the work twice. A request without the header runs as usual.
 * While the first request still runs, a repeat is refused with 409 rather than run in parallel.
 *
 *   const once = idempotentReplies({ redis, prefix });
 *   route(app, API.posts.createDraft, { once }, ...)   // the entry is declared `idempotent: true`
 */
export function idempotentReplies({ redis, prefix, sealer }: IdempotencyOptions) {
  const claimed = new WeakMap<FastifyRequest, string>();

  const redisKey = (request: FastifyRequest, key: string) => {
    const scope = `${request.identity?.userId ?? 'anonymous'}\n${request.method}\n${request.routeOptions.url}\n${key}`;
    return `${prefix}:idempotency:${createHash('sha256').update(scope).digest('base64url')}`;
  };

  // Each answer is bound to its own key: a sealed answer copied under another key does not open.
  const sealed = (body: string, key: string) => (sealer ? sealer.seal(body, key) : body);
  const opened = (body: string, key: string) => (sealer ? sealer.open(body, key) : body);

  const replayOrRefuse = (stored: Stored, key: string, reply: FastifyReply) => {
    if (stored.state === 'pending') {
      throw new AppError('CONFLICT', 'The same request is still being handled. Wait a moment, then check the result.', {
        code: 'request.in_progress',
      });
    }
    return reply
      .code(stored.status)
      .header(IDEMPOTENT_REPLAY_HEADER, 'true')
      .type('application/json; charset=utf-8')
      .send(opened(stored.body, key));
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const parsed = keySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!parsed.success) {
      throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must be 8 to 128 letters, digits, - or _.', {
        code: 'request.idempotency_key_invalid',
      });
    }
    const key = redisKey(request, parsed.data);
    const pending: Stored = { state: 'pending' };
    const won = await redis.set(key, JSON.stringify(pending), 'EX', PENDING_TTL_SECONDS, 'NX');
    if (won) {
      claimed.set(request, key);
      return;
    }
    const before = await redis.get(key);
    // Expired between the two calls: this request is then the first one after all.
    if (!before) {
      claimed.set(request, key);
      await redis.set(key, JSON.stringify(pending), 'EX', PENDING_TTL_SECONDS);
      return;
    }
    return replayOrRefuse(JSON.parse(before) as Stored, key, reply);
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = claimed.get(request);
    if (!key) return payload;
    claimed.delete(request);
    // Only a success did something that must not happen twice; after a refusal or a failure the
    // same key may try again (e.g. the schedule form resent with a corrected time).
    if (reply.statusCode >= 300 || typeof payload !== 'string') {
      await redis.del(key);
      return payload;
    }
    const done: Stored = { state: 'done', status: reply.statusCode, body: sealed(payload, key) };
    await redis.set(key, JSON.stringify(done), 'EX', ANSWER_TTL_SECONDS);
    return payload;
  };

  return { preHandler, onSend };
}

export type IdempotentReplies = ReturnType<typeof idempotentReplies>;
