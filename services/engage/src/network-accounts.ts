import type { EngageNetwork } from '@nashr/contracts';
import type { Sealer } from '@nashr/platform';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { networkAccounts, type schema } from './db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;
const sealContext = (userId: string) => `engage-network-account:${userId}`;

export interface NetworkAccount {
  provider: EngageNetwork['provider'];
  /** The hosted API's account id (opened), or null. */
  accountId: string | null;
  connected: boolean;
}

/**
 * Engage's copy of each user's network account, kept from the linkedin service's events: which
 * network holds it and the hosted API's account id (sealed at rest). An event older than the
 * stored one changes nothing, so events arriving twice or out of order are harmless.
 */
export class NetworkAccounts {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer | null,
  ) {}

  async connected(
    userId: string,
    network: { provider: EngageNetwork['provider']; accountId: string | null },
    changedAt: Date,
  ): Promise<boolean> {
    if (network.accountId && !this.sealer) {
      throw new Error('ENCRYPTION_KEY is required to keep the network account id');
    }
    const values = {
      userId,
      provider: network.provider,
      sealedAccountId:
        network.accountId && this.sealer ? this.sealer.seal(network.accountId, sealContext(userId)) : null,
      connected: true,
      changedAt,
    };
    return this.upsert(values);
  }

  async disconnected(userId: string, changedAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(networkAccounts)
      .set({ connected: false, changedAt })
      .where(and(eq(networkAccounts.userId, userId), lte(networkAccounts.changedAt, changedAt)))
      .returning({ userId: networkAccounts.userId });
    return rows.length > 0;
  }

  private async upsert(values: typeof networkAccounts.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(networkAccounts)
      .values(values)
      .onConflictDoUpdate({
        target: networkAccounts.userId,
        set: values,
        setWhere: sql`${networkAccounts.changedAt} <= excluded.changed_at`,
      })
      .returning({ userId: networkAccounts.userId });
    return rows.length > 0;
  }

  async of(userId: string): Promise<NetworkAccount | null> {
    const [row] = await this.db.select().from(networkAccounts).where(eq(networkAccounts.userId, userId));
    if (!row) return null;
    const provider = row.provider === 'unipile' || row.provider === 'linkedin' ? row.provider : 'sandbox';
    return {
      provider,
      accountId: row.sealedAccountId && this.sealer ? this.sealer.open(row.sealedAccountId, sealContext(userId)) : null,
      connected: row.connected,
    };
  }

  async forget(userId: string): Promise<number> {
    return (await this.db.delete(networkAccounts).where(eq(networkAccounts.userId, userId)).returning()).length;
  }
}
