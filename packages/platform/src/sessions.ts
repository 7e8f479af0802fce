import { randomBytes } from 'node:crypto';
import { type Identity, identitySchema } from '@nashr/contracts';
import { IdentityChanges } from './identity-changes.js';
import type { Redis } from './redis.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Server-side sessions in Redis. The cookie carries only the random id; every read slides the
 * expiry forward, and deleting the key ends the session everywhere at once.
 */
export class SessionStore {
  private readonly changes: IdentityChanges;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds = SESSION_TTL_SECONDS,
  ) {
    this.changes = new IdentityChanges(redis, prefix);
  }

  private key(id: string) {
    return `${this.prefix}:session:${id}`;
  }

  async create(identity: Identity): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(id), JSON.stringify(identity), 'EX', this.ttlSeconds);
    return id;
  }

  /** The session's identity, or null when it does not exist or has expired. */
  async get(id: string): Promise<Identity | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) return null;
    const raw = await this.redis.getex(this.key(id), 'EX', this.ttlSeconds);
    if (!raw) return null;
    const parsed = identitySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /** Ends the session, and tells the gateways that may remember it. */
  async destroy(id: string): Promise<void> {
    await this.redis.del(this.key(id));
    await this.changes.sessionEnded(id);
  }
}
