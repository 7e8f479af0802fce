import type { Identity, Stamps } from '@nashr/contracts';
import type { ResolvedApiToken } from '@nashr/platform';
import { identityChangesChannel, parseIdentityChange, type Redis, sessionDigest, waitForRedis } from '@nashr/platform';
import { LRUCache } from 'lru-cache';

/**
 * How long a remembered session or `/me` answer is used without asking again. It bounds how stale
 * anything can be should an announcement be lost, and an active session's expiry in Redis slides
 * at least this often (each fresh read slides it).
 */
export const IDENTITY_CACHE_TTL_MS = 60_000;
const MAX_SESSIONS = 10_000;

export interface RememberedSession {
  sessionId: string;
  identity: Identity;
  /** The auth service's last 200 answer to `GET /api/v1/auth/me` for this session. */
  me?: string;
  /** The caller's seen stamps that answer was asked with: it holds at least those changes. */
  meSeen?: Stamps;
}

/**
 * What the gateway remembers of signed-in callers, keyed by the signed cookie value as sent: the
 * session's identity, and the `/me` answer. Most calls then need neither Redis nor the auth service.
 *
 * It is trusted only while its subscription to identity changes is live: the auth service announces
 * every change to an account and every ended session there, and each one drops what it concerns. When
 * the subscription drops, everything is forgotten and nothing is remembered until it is back.
 * A read started before a change (a ticket from an older generation) is not remembered: it may
 * have read the old state.
 */
export class IdentityCache {
  private readonly sessions = new LRUCache<string, RememberedSession>({
    max: MAX_SESSIONS,
    ttl: IDENTITY_CACHE_TTL_MS,
  });
  /** Resolved personal API tokens, by the token's SHA-256 (the token itself is never kept). */
  private readonly tokens = new LRUCache<string, ResolvedApiToken>({ max: MAX_SESSIONS, ttl: IDENTITY_CACHE_TTL_MS });
  private generation = 0;
  private live = false;
  private readonly channel: string;

  private constructor(
    private readonly subscriber: Redis,
    prefix: string,
  ) {
    this.channel = identityChangesChannel(prefix);
  }

  /** Subscribes on a connection of its own (duplicated from `redis`), and keeps it subscribed. */
  static async start(redis: Redis, prefix: string): Promise<IdentityCache> {
    // A subscriber waits for Redis instead of failing: it is not on any request's path.
    const subscriber = redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      connectionName: `${prefix}:identity-cache`,
    });
    subscriber.on('error', () => {});
    const cache = new IdentityCache(subscriber, prefix);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === cache.channel) cache.apply(message);
    });
    subscriber.on('close', () => cache.forgetAll());
    subscriber.on('ready', () => void cache.subscribe());
    await waitForRedis(subscriber);
    await cache.subscribe();
    return cache;
  }

  /** Live once Redis confirms the subscription: announcements made before then were not heard. */
  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch {
      return; // the connection dropped again: its next 'ready' tries again
    }
    this.forgetAll();
    this.live = this.subscriber.status === 'ready';
  }

  private apply(message: string): void {
    const change = parseIdentityChange(message);
    if (!change) return;
    if ('userId' in change) this.forgetUser(change.userId);
    // Ended sessions are announced by digest (the id never goes over Redis).
    else this.forgetWhere((session) => sessionDigest(session.sessionId) === change.sessionDigest);
  }

  private forgetAll(): void {
    this.live = false;
    this.generation += 1;
    this.sessions.clear();
    this.tokens.clear();
  }

  private forgetWhere(matches: (session: RememberedSession) => boolean): void {
    this.generation += 1;
    for (const [cookie, session] of this.sessions.entries()) {
      if (matches(session)) this.sessions.delete(cookie);
    }
  }

  forgetUser(userId: string): void {
    this.forgetWhere((session) => session.identity.userId === userId);
    // A revoked token, or every token of a deleted account, is announced as a change of its user.
    for (const [digest, token] of this.tokens.entries()) {
      if (token.identity.userId === userId) this.tokens.delete(digest);
    }
  }

  /** The remembered token with this digest, while the cache may be trusted and the token has not expired. */
  token(digest: string, now = Date.now()): ResolvedApiToken | undefined {
    const token = this.live ? this.tokens.get(digest) : undefined;
    return token && (token.expiresAt === null || token.expiresAt > now) ? token : undefined;
  }

  rememberToken(digest: string, ticket: number, token: ResolvedApiToken): void {
    if (this.live && ticket === this.generation) this.tokens.set(digest, token);
  }

  forgetSession(sessionId: string): void {
    this.forgetWhere((session) => session.sessionId === sessionId);
  }

  /** The remembered session for this cookie value, while the cache may be trusted. */
  session(cookie: string): RememberedSession | undefined {
    return this.live ? this.sessions.get(cookie) : undefined;
  }

  /** Take one before reading what will be remembered; pass it to `remember…`. */
  ticket(): number {
    return this.live ? this.generation : -1;
  }

  rememberSession(cookie: string, ticket: number, session: Omit<RememberedSession, 'me' | 'meSeen'>): void {
    if (this.live && ticket === this.generation) this.sessions.set(cookie, { ...session });
  }

  rememberMe(cookie: string, ticket: number, body: string, seen: Stamps): void {
    if (!this.live || ticket !== this.generation) return;
    const session = this.sessions.get(cookie);
    if (session) {
      session.me = body;
      session.meSeen = seen;
    }
  }

  async close(): Promise<void> {
    this.forgetAll();
    this.subscriber.disconnect();
  }
}
