import { createHash, randomBytes } from 'node:crypto';
import type { VerifyStatus } from '@nashr/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { magicLinks, type schema } from './db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

/** 32 random bytes in base64url: 43 characters. Anything else is not one of our tokens. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Spent and expired links are kept this long (so a late click still reads 'used'/'expired'), then deleted. */
const KEEP_AFTER_EXPIRY = '1 day';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A fresh token for a link that opens something once (TOKEN_PATTERN's shape); only its hash is stored. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

export type ConsumeResult = { status: 'verified'; email: string } | { status: Exclude<VerifyStatus, 'verified'> };

export class MagicLinks {
  constructor(private readonly db: Db) {}

  /** Creates a link for `email`; the token leaves this function only to be mailed. */
  async mint(email: string, ttlSeconds: number): Promise<string> {
    const token = newLinkToken();
    // The database clock alone decides expiry, so API and worker clocks may differ.
    await this.db.insert(magicLinks).values({
      tokenHash: hashToken(token),
      email: email.toLowerCase(),
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
    await this.db.delete(magicLinks).where(lt(magicLinks.expiresAt, sql`now() - ${KEEP_AFTER_EXPIRY}::interval`));
    return token;
  }

  /**
   * What a token would sign in as, without spending it: the page that opened it names the address
   * and waits for a click (a mail scanner that runs the page clicks nothing).
   */
  async peek(
    token: string,
  ): Promise<{ status: 'live'; email: string } | { status: Exclude<VerifyStatus, 'verified'> }> {
    if (!TOKEN_PATTERN.test(token)) return { status: 'invalid' };
    const [row] = await this.db
      .select({
        email: magicLinks.email,
        usedAt: magicLinks.usedAt,
        live: sql<boolean>`${magicLinks.expiresAt} > now()`,
      })
      .from(magicLinks)
      .where(eq(magicLinks.tokenHash, hashToken(token)));
    if (!row) return { status: 'invalid' };
    if (row.usedAt) return { status: 'used' };
    return row.live ? { status: 'live', email: row.email } : { status: 'expired' };
  }

  /**
   * Spends a token. The conditional UPDATE is the whole check: of two clicks at the same moment,
   * PostgreSQL lets exactly one see `used_at is null`, so only one session is ever created.
   */
  async consume(token: string): Promise<ConsumeResult> {
    if (!TOKEN_PATTERN.test(token)) return { status: 'invalid' };
    const tokenHash = hashToken(token);
    const [spent] = await this.db
      .update(magicLinks)
      .set({ usedAt: sql`now()` })
      .where(
        sql`${magicLinks.tokenHash} = ${tokenHash} and ${magicLinks.usedAt} is null and ${magicLinks.expiresAt} > now()`,
      )
      .returning({ email: magicLinks.email });
    if (spent) return { status: 'verified', email: spent.email };

    const [row] = await this.db
      .select({ usedAt: magicLinks.usedAt })
      .from(magicLinks)
      .where(eq(magicLinks.tokenHash, tokenHash));
    if (!row) return { status: 'invalid' };
    return { status: row.usedAt ? 'used' : 'expired' };
  }
}
