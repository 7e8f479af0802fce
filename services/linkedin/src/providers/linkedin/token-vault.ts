import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { networkTokens, type schema } from '../../db/schema.js';
import type { Sealer } from '../../sealer.js';

/** A member's OAuth tokens, in clear only in memory while a call needs them. */
export interface MemberTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
  scope: string | null;
}

const memberKey = (accountId: string) => createHash('sha256').update(`linkedin-member:${accountId}`).digest('hex');
const context = (key: string) => `linkedin-token:${key}`;

/** The official network's tokens at rest: sealed (AES-256-GCM), found by a hash of the member. */
export class TokenVault {
  constructor(
    private readonly db: PostgresJsDatabase<typeof schema>,
    private readonly sealer: Sealer,
  ) {}

  async get(accountId: string): Promise<MemberTokens | null> {
    const key = memberKey(accountId);
    const [row] = await this.db.select().from(networkTokens).where(eq(networkTokens.memberKey, key));
    if (!row) return null;
    return {
      accessToken: this.sealer.open(row.accessToken, context(key)),
      refreshToken: row.refreshToken ? this.sealer.open(row.refreshToken, context(key)) : null,
      expiresAt: row.expiresAt,
      refreshExpiresAt: row.refreshExpiresAt,
      scope: row.scope,
    };
  }

  async put(accountId: string, tokens: MemberTokens): Promise<void> {
    const key = memberKey(accountId);
    const values = {
      accessToken: this.sealer.seal(tokens.accessToken, context(key)),
      refreshToken: tokens.refreshToken ? this.sealer.seal(tokens.refreshToken, context(key)) : null,
      expiresAt: tokens.expiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
      scope: tokens.scope,
      updatedAt: new Date(),
    };
    await this.db
      .insert(networkTokens)
      .values({ memberKey: key, ...values })
      .onConflictDoUpdate({ target: networkTokens.memberKey, set: values });
  }

  async delete(accountId: string): Promise<void> {
    await this.db.delete(networkTokens).where(eq(networkTokens.memberKey, memberKey(accountId)));
  }
}
