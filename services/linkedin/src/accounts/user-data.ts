import { QUEUES } from '@nashr/contracts';
import { forgetJobs, jobOfUser, type Logger, type Queues } from '@nashr/platform';
import type { AnalyticsSchedules } from '../analytics/schedules.js';
import type { SnapshotStore } from '../analytics/snapshot-store.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import type { NetworkProvider } from '../providers/network-provider.js';
import type { PublishStore } from '../publish/publish-store.js';
import type { AccountStore } from './account-store.js';

export interface UserDataDeps {
  accounts: AccountStore;
  store: PublishStore;
  provider: NetworkProvider;
  cache: ProfileCache;
  queues: Queues;
  logger: Logger;
  snapshots: SnapshotStore;
  schedules: AnalyticsSchedules;
}

/** What this service holds about one user: given to them ('Download my data') or deleted with their account. */
export class UserData {
  constructor(private readonly deps: UserDataDeps) {}

  async export(userId: string) {
    const row = await this.deps.accounts.findByUser(userId);
    const attempts = await this.deps.store.byUser(userId);
    const analytics = await this.deps.snapshots.userExport(userId);
    return {
      networkAccount: row
        ? {
            status: row.status,
            provider: row.provider,
            connectedAt: row.connectedAt?.toISOString() ?? null,
            disconnectedAt: row.disconnectedAt?.toISOString() ?? null,
            disconnectReason: row.disconnectReason,
            createdAt: row.createdAt.toISOString(),
          }
        : null,
      publishAttempts: attempts.map((a) => ({
        postId: a.postId,
        attempt: a.attempt,
        state: a.state,
        networkPostId: a.networkPostId,
        url: a.url,
        reason: a.reason,
        publishedAt: a.publishedAt?.toISOString() ?? null,
        createdAt: a.createdAt.toISOString(),
      })),
      analytics,
    };
  }

  /**
   * Disconnects the network account at the provider, then deletes the rows (analytics snapshots
   * included), the cached profile, the analytics schedule and the queued jobs. Safe to run again: a provider failure throws before anything is
   * deleted, so the retried job still knows which account to disconnect.
   */
  async forget(userId: string): Promise<{ disconnected: number; forgotten: number }> {
    const { accounts, provider, cache, queues, schedules } = this.deps;
    const row = await accounts.findByUser(userId);
    let disconnected = 0;
    if (row) {
      const held = [
        row.provider === provider.name ? accounts.providerAccount(row) : null,
        row.pendingProvider === provider.name ? accounts.pendingProviderAccount(row) : null,
      ];
      for (const networkId of new Set(held)) {
        if (!networkId) continue;
        await provider.disconnect(networkId);
        disconnected++;
      }
      await cache.forget(row.id);
    }
    await schedules.stop(userId);
    await accounts.deleteUser(userId);
    const matches = jobOfUser(userId);
    const forgotten =
      (await forgetJobs(queues.get(QUEUES.linkedinPublish), matches, [userId])) +
      (await forgetJobs(queues.get(QUEUES.linkedinInbox), matches, [userId])) +
      (await forgetJobs(queues.get(QUEUES.linkedinAnalytics), matches, [userId]));
    return { disconnected, forgotten };
  }
}
