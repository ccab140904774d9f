import type { Redis } from 'ioredis';

export type AttemptResult = { allowed: boolean; retryAfterMs: number };

/**
 * Counts attempts per key in fixed windows: in this process, or in Redis so that a limit holds
 * however many nodes the attempts reach. Used where a call is not an HTTP route of its own
 * (a backend function such as rooms.checkPassword), so @fastify/rate-limit cannot count it.
 */
export type AttemptLimiter = {
  /** Counts one attempt; `allowed` is false once more than `max` were made in the window. */
  hit: (key: string, max: number, windowMs: number) => Promise<AttemptResult>;
};

export function memoryAttemptLimiter(now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: async (key, max, windowMs) => {
      const at = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      }
      const current = windows.get(key);
      const window =
        current && current.resetAt > at ? current : { count: 0, resetAt: at + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { allowed: window.count <= max, retryAfterMs: Math.max(0, window.resetAt - at) };
    },
  };
}

export function redisAttemptLimiter(redis: Redis, prefix: string): AttemptLimiter {
  return {
    hit: async (key, max, windowMs) => {
      const counterKey = `${prefix}:attempts:${key}`;
      // The first attempt of a window creates the counter with its expiry; later ones only count.
      const replies = await redis
        .multi()
        .set(counterKey, 0, 'PX', windowMs, 'NX')
        .incr(counterKey)
        .pttl(counterKey)
        .exec();
      const count = Number(replies?.[1]?.[1] ?? 0);
      const ttl = Number(replies?.[2]?.[1] ?? windowMs);
      return { allowed: count <= max, retryAfterMs: Math.max(0, ttl) };
    },
  };
}
