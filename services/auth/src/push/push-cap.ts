import type { Redis } from '@nashr/platform';

const HOUR_MS = 3_600_000;

/**
 * One script, so the check and the count are one step for every worker at once: drops what is
 * older than the window; a notification already counted (a retried job) passes again without
 * counting twice; else it is counted only while the window has room. A refused notification is
 * not kept, so the window holds only what was pushed, and the device is told again within the hour
 * once older pushes leave it. Answers 1 (push it) or 0 (capped).
 */
const ADMIT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** At most `max` pushes to one device in any rolling hour, shared by every push worker through Redis. */
export class PushCap {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether this notification may be pushed to this device now; counts it when so. */
  async admit(subscriptionId: string, notificationId: string): Promise<boolean> {
    const key = `${this.prefix}:auth:push-sent:${subscriptionId}`;
    const answer = await this.redis.eval(
      ADMIT_SCRIPT,
      1,
      key,
      String(this.now()),
      String(HOUR_MS),
      String(this.max),
      notificationId,
    );
    return answer === 1;
  }
}
