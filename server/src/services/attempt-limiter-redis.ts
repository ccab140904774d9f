import type { Redis } from 'ioredis';
import type { AttemptLimiter } from './attempt-limiter';

/**
 * One backoff attempt, atomically: refused while the wait key lives; else the count goes up,
 * is forgotten ARGV[4] ms later, and past ARGV[1] free attempts the wait is set to
 * ARGV[2] * 2^(count - free - 1), at most ARGV[3] (the same rule as backoffWaitMs).
 */
const BACKOFF = `
local left = redis.call('PTTL', KEYS[2])
if left > 0 then
  return {0, left, tonumber(redis.call('GET', KEYS[1]) or '0')}
end
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local free = tonumber(ARGV[1])
if count > free then
  local wait = tonumber(ARGV[2]) * 2 ^ math.min(count - free - 1, 30)
  wait = math.floor(math.min(wait, tonumber(ARGV[3])))
  redis.call('SET', KEYS[2], '1', 'PX', wait)
end
return {1, 0, count}
`;

/** One attempt less, never below nothing; the key keeps its expiry. */
const FORGIVE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

/** The same counters as memoryAttemptLimiter, in Redis under `prefix`, shared by every node. */
export function redisAttemptLimiter(redis: Redis, prefix: string): AttemptLimiter {
  const counterKey = (key: string) => `${prefix}:attempts:${key}`;
  const waitKey = (key: string) => `${prefix}:attempts:${key}:wait`;
  return {
    hit: async (key, max, windowMs) => {
      const counter = counterKey(key);
      // The first attempt of a window creates the counter with its expiry; later ones only count.
      const replies = await redis
        .multi()
        .set(counter, 0, 'PX', windowMs, 'NX')
        .incr(counter)
        .pttl(counter)
        .exec();
      const count = Number(replies?.[1]?.[1] ?? 0);
      const ttl = Number(replies?.[2]?.[1] ?? windowMs);
      return { allowed: count <= max, retryAfterMs: Math.max(0, ttl) };
    },
    backoff: async (key, rule) => {
      const reply = (await redis.eval(
        BACKOFF,
        2,
        counterKey(key),
        waitKey(key),
        rule.free,
        rule.firstWaitMs,
        rule.maxWaitMs,
        rule.forgetMs,
      )) as [number, number, number];
      const [allowed, retryAfterMs, count] = reply.map(Number) as [number, number, number];
      return { allowed: allowed === 1, retryAfterMs, count };
    },
    count: async (key) => Number((await redis.get(counterKey(key))) ?? 0),
    forgive: async (key) => {
      await redis.eval(FORGIVE, 1, counterKey(key));
    },
    clear: async (key) => {
      await redis.del(counterKey(key), waitKey(key));
    },
    take: async (key, holdMs) => {
      const slot = `${prefix}:slot:${key}`;
      if ((await redis.set(slot, '1', 'PX', holdMs, 'NX')) === 'OK') return 0;
      // Freed between the two calls: a moment's wait, and the next try takes it.
      return Math.max(1, await redis.pttl(slot));
    },
    mark: async (key, ttlMs) => {
      await redis.set(`${prefix}:mark:${key}`, '1', 'PX', ttlMs);
    },
    marked: async (key) => (await redis.exists(`${prefix}:mark:${key}`)) === 1,
  };
}
