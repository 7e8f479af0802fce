import type { Redis } from './redis.js';

/**
 * A sliding log in one sorted set: at most `limit` calls in any `windowMs`, and none while the
 * hold key's time (set after the network answered 429) is ahead. Fixed windows would let two
 * calls through a few milliseconds apart on either side of a window's edge, which the network
 * counts as one burst. Answers 0 when the slot was taken, else how long to wait for the next one.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if held > now then return held - now end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

export interface RateSlotKeys {
  /** The sorted set of the calls given a slot within the last window. */
  log: string;
  /** Holds the time (epoch ms) before which no call may go. */
  hold: string;
}

/**
 * Takes one slot of an account's rate, counted in Redis so that every process shares it. A call
 * reaches the network a little after its slot is given (a busy event loop, the connection), so
 * the window is widened by a tenth: arrivals, not only grants, then stay within the limit.
 * Resolves to 0 when the call may go, else the milliseconds to wait before asking again.
 */
export async function takeRateSlot(
  redis: Redis,
  keys: RateSlotKeys,
  rate: { limit: number; windowMs: number },
  slotId: string,
): Promise<number> {
  const answer = await redis.eval(
    TAKE,
    2,
    keys.log,
    keys.hold,
    Date.now(),
    Math.ceil(rate.windowMs * 1.1),
    rate.limit,
    slotId,
  );
  return Number(answer);
}

/** The network said "too many": no call under `keys` for `ms`. */
export async function holdRateSlots(redis: Redis, keys: RateSlotKeys, ms: number): Promise<void> {
  await redis.set(keys.hold, String(Date.now() + ms), 'PX', Math.max(1, Math.ceil(ms)));
}
