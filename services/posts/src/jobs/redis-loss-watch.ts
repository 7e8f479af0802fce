import type { Logger, Redis } from '@nashr/platform';

export interface RedisLossWatchOptions {
  redis: Redis;
  /** A key only this watch writes; its absence means Redis lost its data. */
  key: string;
  everyMs: number;
  logger: Logger;
  /** Called once per loss seen (the key is back by then). */
  onLoss: () => void;
}

/**
 * Notices within `everyMs` that Redis lost its data (flushed, or restarted without persistence),
 * so the reconciler can put the due jobs back at once instead of at its next interval. A marker
 * key is written at start; when it is gone, everything written with it is gone too.
 */
export class RedisLossWatch {
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly options: RedisLossWatchOptions) {}

  async start(): Promise<void> {
    await this.options.redis.set(this.options.key, String(Date.now()));
    this.timer = setInterval(() => void this.check(), this.options.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      // SET NX answers OK only when the key was missing: one round trip both checks and re-arms.
      const missing = await this.options.redis.set(this.options.key, String(Date.now()), 'NX');
      if (missing) {
        this.options.logger.warn('Redis lost its data: restoring the schedule now');
        this.options.onLoss();
      }
    } catch {
      // Redis is unreachable: nothing to learn until it answers again (the next check).
    } finally {
      this.checking = false;
    }
  }
}
