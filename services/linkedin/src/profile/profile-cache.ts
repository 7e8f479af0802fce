import type { Logger, Redis } from '@nashr/platform';

/**
 * A short-lived cache of what the network answered for an account, so a dashboard load does not
 * ask the network three times a second. Entries carry the account's generation: bumping it
 * (after a publish or a reconnection) retires every entry of that account at once. Redis being
 * down only makes the cache miss.
 */
export class ProfileCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
  ) {}

  private generationKey(accountId: string) {
    return `${this.prefix}:linkedin:cache-gen:${accountId}`;
  }

  async remember<T>(accountId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlSeconds === 0) return load();
    let entryKey: string | null = null;
    try {
      const generation = (await this.redis.get(this.generationKey(accountId))) ?? '0';
      entryKey = `${this.prefix}:linkedin:cache:${accountId}:${generation}:${key}`;
      const hit = await this.redis.get(entryKey);
      if (hit) return JSON.parse(hit) as T;
    } catch (error) {
      this.logger.warn({ err: error }, 'profile cache unavailable: asking the network');
    }
    const value = await load();
    if (entryKey) {
      await this.redis.set(entryKey, JSON.stringify(value), 'EX', this.ttlSeconds).catch(() => {});
    }
    return value;
  }

  /** Deletes every entry of the account and its generation (the account itself is gone). */
  async forget(accountId: string): Promise<void> {
    const keys = [this.generationKey(accountId)];
    const pattern = `${this.prefix}:linkedin:cache:${accountId}:*`;
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    await this.redis.del(...keys);
  }

  async invalidate(accountId: string): Promise<void> {
    try {
      const key = this.generationKey(accountId);
      await this.redis
        .multi()
        .incr(key)
        .expire(key, 7 * 24 * 3600)
        .exec();
    } catch (error) {
      this.logger.warn({ err: error, accountId }, 'could not clear the profile cache');
    }
  }
}
