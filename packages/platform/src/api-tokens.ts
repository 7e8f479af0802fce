import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  apiTokenScopeSchema,
  type Identity,
} from '@nashr/contracts';
import { z } from 'zod';
import { IdentityChanges } from './identity-changes.js';
import type { Redis } from './redis.js';

/** The SHA-256 of a token (base64url): what Redis keys it by. The token itself is never kept. */
export const apiTokenDigest = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** What Redis holds for a token. */
const tokenRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  hint: z.string(),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
});
export type ApiTokenRecord = z.infer<typeof tokenRecordSchema>;

/** A token as the gateway resolves it: whose it is and what it may do, and until when. */
export interface ResolvedApiToken {
  id: string;
  identity: Identity;
  scopes: readonly ApiTokenScope[];
  /** Epoch milliseconds it stops working at, or null: until revoked. */
  expiresAt: number | null;
}

/** A token as its owner lists it. */
export interface ApiTokenInfo extends Omit<ApiTokenRecord, 'userId' | 'email'> {
  lastUsedAt: number | null;
}

function parseRecord(raw: string | null | undefined): ApiTokenRecord | null {
  if (!raw) return null;
  try {
    const parsed = tokenRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The last use is written at most this often per token (the gateway resolves tokens on every call). */
const LAST_USE_EVERY_MS = 60_000;

/**
 * Personal API tokens in Redis, beside the sessions and read the same way on the gateway's hot
 * path: the token is keyed by its SHA-256, so Redis (a backup, a replica) holds nothing a caller
 * could send. Each user's tokens are kept in a hash (id → digest), to list, revoke and delete them
 * with the account. An expiring token's key expires with it; revoking deletes the key, so the
 * next call is refused at once.
 */
export class ApiTokenStore {
  /** When this process last wrote each token's last use. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** The clock tokens are dated by; a test gives one that moves, so "newest first" has an answer. */
    private readonly now: () => number = Date.now,
  ) {
    this.changes = new IdentityChanges(redis, prefix);
  }

  private readonly changes: IdentityChanges;

  private key(digest: string) {
    return `${this.prefix}:api-token-sha256:${digest}`;
  }

  private userKey(userId: string) {
    return `${this.prefix}:user-api-tokens:${userId}`;
  }

  private usedKey(userId: string) {
    return `${this.prefix}:user-api-tokens-used:${userId}`;
  }

  /** Makes a token; the answer's `token` is the only time the secret exists outside the caller. */
  async create(
    identity: Pick<Identity, 'userId' | 'email'>,
    input: { name: string; scopes: readonly ApiTokenScope[]; expiresAt: Date | null },
  ): Promise<{ token: string; record: ApiTokenRecord }> {
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record: ApiTokenRecord = {
      id: randomBytes(12).toString('base64url'),
      userId: identity.userId,
      email: identity.email,
      name: input.name,
      scopes: [...input.scopes],
      hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
      createdAt: this.now(),
      expiresAt: input.expiresAt ? input.expiresAt.getTime() : null,
    };
    const digest = apiTokenDigest(token);
    const write = this.redis.multi();
    if (record.expiresAt === null) write.set(this.key(digest), JSON.stringify(record));
    else write.set(this.key(digest), JSON.stringify(record), 'PXAT', record.expiresAt);
    await write.hset(this.userKey(identity.userId), record.id, digest).exec();
    return { token, record };
  }

  /** The token's owner and scopes, or null when it is malformed, unknown, revoked or expired. */
  async resolve(token: string): Promise<ResolvedApiToken | null> {
    if (!API_TOKEN_PATTERN.test(token)) return null;
    const record = parseRecord(await this.redis.get(this.key(apiTokenDigest(token))));
    if (!record || (record.expiresAt !== null && record.expiresAt <= this.now())) return null;
    return {
      id: record.id,
      identity: { userId: record.userId, email: record.email, roles: [] },
      scopes: record.scopes,
      expiresAt: record.expiresAt,
    };
  }

  /** Notes that the token was used now; written at most once a minute per token and process. */
  touch(resolved: ResolvedApiToken, now = this.now()): Promise<unknown> | undefined {
    const last = this.touched.get(resolved.id);
    if (last !== undefined && now - last < LAST_USE_EVERY_MS) return undefined;
    this.touched.set(resolved.id, now);
    if (this.touched.size > 10_000) this.touched.clear();
    return this.redis.hset(this.usedKey(resolved.identity.userId), resolved.id, String(now));
  }

  /** The user's live tokens, newest first. Expired ones found on the way are forgotten. */
  async list(userId: string): Promise<ApiTokenInfo[]> {
    const [digests, used] = await Promise.all([
      this.redis.hgetall(this.userKey(userId)),
      this.redis.hgetall(this.usedKey(userId)),
    ]);
    const ids = Object.keys(digests);
    if (ids.length === 0) return [];
    const records = await this.redis.mget(...ids.map((id) => this.key(digests[id] as string)));
    const live: ApiTokenInfo[] = [];
    const gone: string[] = [];
    ids.forEach((id, i) => {
      const record = parseRecord(records[i]);
      if (!record || record.userId !== userId || (record.expiresAt !== null && record.expiresAt <= this.now())) {
        gone.push(id);
        return;
      }
      const { userId: _user, email: _email, ...shown } = record;
      const lastUsed = used[id];
      live.push({ ...shown, lastUsedAt: lastUsed ? Number(lastUsed) : null });
    });
    if (gone.length > 0) {
      await this.redis
        .multi()
        .hdel(this.userKey(userId), ...gone)
        .hdel(this.usedKey(userId), ...gone)
        .exec();
    }
    return live.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Revokes one of the user's tokens; false when the user has no such token. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const digest = await this.redis.hget(this.userKey(userId), id);
    if (!digest) return false;
    await this.redis.multi().del(this.key(digest)).hdel(this.userKey(userId), id).hdel(this.usedKey(userId), id).exec();
    // Gateways remember resolved tokens: they forget the user's at once.
    await this.changes.userChanged(userId);
    return true;
  }

  /** Revokes every token of the user (their account is gone). */
  async destroyAllOf(userId: string): Promise<number> {
    const digests = Object.values(await this.redis.hgetall(this.userKey(userId)));
    const write = this.redis.multi();
    for (const digest of digests) write.del(this.key(digest));
    await write.del(this.userKey(userId), this.usedKey(userId)).exec();
    await this.changes.userChanged(userId);
    return digests.length;
  }
}
