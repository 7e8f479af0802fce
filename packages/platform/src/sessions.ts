import { createHash, randomBytes } from 'node:crypto';
import { type Identity, identitySchema, type Role } from '@nashr/contracts';
import { z } from 'zod';
import { IdentityChanges } from './identity-changes.js';
import type { Redis } from './redis.js';

/** A session nobody uses for this long ends (each use slides it). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
/** A session ends this long after sign-in, however much it is used. The cookie lives as long. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Where and how a session was started, kept to show the user their sessions. */
export interface SessionOrigin {
  /** The browser's User-Agent at sign-in. */
  userAgent?: string;
  /** The client address in a coarse form (its network, not the address itself). */
  place?: string;
}

/**
 * The SHA-256 of a session id (base64url): what Redis keys the session by, so that reading Redis
 * (a backup, a replica, a MONITOR) yields nothing a cookie could carry. Not a secret: it cannot
 * be turned back into the id.
 */
export const sessionDigest = (id: string): string => createHash('sha256').update(id).digest('base64url');

/** A signed-in session as its owner may see it. The id itself is not kept: `digest` is its SHA-256. */
export interface SessionInfo extends SessionOrigin {
  digest: string;
  signedInAt: Date;
  lastUsedAt: Date;
}

const MAX_USER_AGENT = 400;

/** What Redis holds for a session: the identity, its sign-in time and origin. Older records lack `createdAt`. */
const sessionRecordSchema = identitySchema.extend({
  createdAt: z.number().int().positive().optional(),
  userAgent: z.string().optional(),
  place: z.string().optional(),
});
type SessionRecord = z.infer<typeof sessionRecordSchema>;

function parseRecord(raw: string | null): SessionRecord | null {
  if (!raw) return null;
  try {
    const parsed = sessionRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const identityOf = ({ userId, email, roles }: SessionRecord): Identity => ({ userId, email, roles });

/**
 * Server-side sessions in Redis. The cookie carries only the random id; every read slides the idle
 * expiry forward, a session older than its maximum age reads as none, and deleting the key ends the
 * session everywhere at once. Each user's session ids are kept in a set, to list and end them.
 *
 * The last use is not written on reads (the gateway reads sessions on its hot path): each read sets
 * the key's expiry to the idle timeout, so the time left says when it was last read.
 */
export class SessionStore {
  private readonly changes: IdentityChanges;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly idleSeconds = SESSION_IDLE_SECONDS,
    private readonly maxAgeSeconds = SESSION_MAX_AGE_SECONDS,
  ) {
    this.changes = new IdentityChanges(redis, prefix);
  }

  // Named apart from the keys that held raw ids (`session:`, `user-sessions:`): those sessions
  // simply end (each was at most a week from its idle expiry), and nothing here ever reads one of
  // their ids back, nor would show one on the sessions screen.
  private key(digest: string) {
    return `${this.prefix}:session-sha256:${digest}`;
  }

  private userKey(userId: string) {
    return `${this.prefix}:user-session-sha256:${userId}`;
  }

  private expired(record: SessionRecord): boolean {
    return record.createdAt !== undefined && Date.now() - record.createdAt >= this.maxAgeSeconds * 1000;
  }

  async create(identity: Identity, origin: SessionOrigin = {}): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const digest = sessionDigest(id);
    const record: SessionRecord = {
      ...identity,
      createdAt: Date.now(),
      ...(origin.userAgent ? { userAgent: origin.userAgent.slice(0, MAX_USER_AGENT) } : {}),
      ...(origin.place ? { place: origin.place } : {}),
    };
    await this.redis
      .multi()
      .set(this.key(digest), JSON.stringify(record), 'EX', this.idleSeconds)
      .sadd(this.userKey(identity.userId), digest)
      // The set outlives none of its sessions: it is renewed by every sign-in.
      .expire(this.userKey(identity.userId), this.maxAgeSeconds)
      .exec();
    return id;
  }

  /** The session's identity, or null when it does not exist, has been idle too long or is too old. */
  async get(id: string): Promise<Identity | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) return null;
    const digest = sessionDigest(id);
    const record = parseRecord(await this.redis.getex(this.key(digest), 'EX', this.idleSeconds));
    if (!record) return null;
    if (this.expired(record)) {
      await this.destroyByDigest(digest);
      return null;
    }
    // A session from before sign-in times were kept: its maximum age counts from now.
    if (record.createdAt === undefined) {
      await this.redis
        .multi()
        .set(this.key(digest), JSON.stringify({ ...record, createdAt: Date.now() }), 'KEEPTTL', 'XX')
        .sadd(this.userKey(record.userId), digest)
        .expire(this.userKey(record.userId), this.maxAgeSeconds)
        .exec();
    }
    return identityOf(record);
  }

  /**
   * Ends every session of a user (their account is gone). Sessions are not indexed by user, so
   * this walks the session keys: rare enough (account deletion) not to justify an index.
   */
  async destroyAllOf(userId: string): Promise<number> {
    let ended = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.key('*'), 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const raw = await this.redis.get(key);
        const parsed = raw ? identitySchema.safeParse(safeJson(raw)) : null;
        if (parsed?.success && parsed.data.userId === userId) {
          await this.destroyByDigest(key.slice(this.key('').length));
          ended++;
        }
      }
    } while (cursor !== '0');
    return ended;
  }

  /** Ends the session, and tells the gateways that may remember it. */
  destroy(id: string): Promise<void> {
    return this.destroyByDigest(sessionDigest(id));
  }

  /** Ends the session with this digest (one `list` gave): the sessions screen ends them so. */
  async destroyByDigest(digest: string): Promise<void> {
    const record = parseRecord(await this.redis.get(this.key(digest)));
    const transaction = this.redis.multi().del(this.key(digest));
    if (record) transaction.srem(this.userKey(record.userId), digest);
    await transaction.exec();
    await this.changes.sessionEnded(digest);
  }

  /** The user's live sessions, most recently used first. Ended ones found on the way are forgotten. */
  async list(userId: string): Promise<SessionInfo[]> {
    const digests = await this.redis.smembers(this.userKey(userId));
    if (digests.length === 0) return [];
    const reads = this.redis.pipeline();
    for (const digest of digests) reads.get(this.key(digest)).pttl(this.key(digest));
    const answers = (await reads.exec()) ?? [];
    const now = Date.now();
    const live: SessionInfo[] = [];
    const gone: string[] = [];
    digests.forEach((digest, i) => {
      const record = parseRecord((answers[2 * i]?.[1] as string | null) ?? null);
      const msLeft = Number(answers[2 * i + 1]?.[1] ?? -2);
      if (!record || record.userId !== userId || this.expired(record) || msLeft < 0) {
        gone.push(digest);
        return;
      }
      const signedInAt = new Date(record.createdAt ?? now);
      const lastUsed = Math.max(signedInAt.getTime(), Math.min(now, now - (this.idleSeconds * 1000 - msLeft)));
      live.push({
        digest,
        signedInAt,
        lastUsedAt: new Date(lastUsed),
        ...(record.userAgent ? { userAgent: record.userAgent } : {}),
        ...(record.place ? { place: record.place } : {}),
      });
    });
    if (gone.length > 0) await this.redis.srem(this.userKey(userId), ...gone);
    return live.sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
  }

  /**
   * Gives every stored session the roles `rolesFor` says its address has now (roles come from
   * configuration, which may have changed since sign-in). Returns the users whose sessions changed;
   * the caller announces them, so gateways forget what they remember.
   */
  async reassignRoles(rolesFor: (email: string) => Role[]): Promise<Set<string>> {
    const changed = new Set<string>();
    const stream = this.redis.scanStream({ match: `${this.key('*')}`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      if (keys.length === 0) continue;
      const values = await this.redis.mget(...keys);
      const rewrites: [string, string][] = [];
      keys.forEach((key, i) => {
        const record = parseRecord(values[i] ?? null);
        if (!record) return;
        const roles = rolesFor(record.email);
        if (roles.length === record.roles.length && roles.every((r) => record.roles.includes(r))) return;
        rewrites.push([key, JSON.stringify({ ...record, roles })]);
        changed.add(record.userId);
      });
      if (rewrites.length === 0) continue;
      const transaction = this.redis.multi();
      for (const [key, value] of rewrites) transaction.set(key, value, 'KEEPTTL', 'XX');
      await transaction.exec();
    }
    return changed;
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
