export { redisAttemptLimiter } from './attempt-limiter-redis';

export type AttemptResult = { allowed: boolean; retryAfterMs: number };

/**
 * Exponential backoff on a key: the first `free` attempts go through at once; each further one
 * makes the next wait, starting at `firstWaitMs` and doubling up to `maxWaitMs`. The count is
 * forgotten `forgetMs` after the last attempt.
 */
export type Backoff = { free: number; firstWaitMs: number; maxWaitMs: number; forgetMs: number };

/** The wait the `count`-th attempt on a key starts (0 for the free ones). */
export function backoffWaitMs(rule: Backoff, count: number): number {
  if (count <= rule.free) return 0;
  const doublings = Math.min(count - rule.free - 1, 30);
  return Math.min(rule.firstWaitMs * 2 ** doublings, rule.maxWaitMs);
}

/**
 * Counters of attempts, in this process or in Redis so that a limit holds however many nodes
 * the attempts reach. Used where @fastify/rate-limit's fixed windows do not fit: a backend
 * function (rooms.checkPassword), a backoff that grows with each attempt, a shared slot.
 * `hit`, `backoff`, `count`, `forgive` and `clear` share one set of counters; `take`, `mark`
 * and `marked` another set of keys (flags).
 */
export type AttemptLimiter = {
  /** Counts one attempt in a fixed window; `allowed` is false once more than `max` were made. */
  hit: (key: string, max: number, windowMs: number) => Promise<AttemptResult>;
  /**
   * Counts one attempt unless the key's wait is running (then refused, not counted), and starts
   * the wait the count calls for. Counting before the work keeps a burst of parallel attempts
   * from slipping through together.
   */
  backoff: (key: string, rule: Backoff) => Promise<AttemptResult & { count: number }>;
  /** The attempts counted on a key now. */
  count: (key: string) => Promise<number>;
  /** Takes one attempt back (one that turned out right); a wait already started runs on. */
  forgive: (key: string) => Promise<void>;
  /** Forgets a key's attempts and ends its wait. */
  clear: (key: string) => Promise<void>;
  /** Takes a slot held for `holdMs`: 0 when taken, else how long until it frees. */
  take: (key: string, holdMs: number) => Promise<number>;
  /** Sets a flag that lasts `ttlMs`. */
  mark: (key: string, ttlMs: number) => Promise<void>;
  marked: (key: string) => Promise<boolean>;
};

type Counter = { count: number; expiresAt: number };

export function memoryAttemptLimiter(now: () => number = Date.now): AttemptLimiter {
  const counters = new Map<string, Counter>();
  const flags = new Map<string, number>();
  const sweep = (at: number) => {
    if (counters.size > 10_000) {
      for (const [key, c] of counters) if (c.expiresAt <= at) counters.delete(key);
    }
    if (flags.size > 10_000) {
      for (const [key, until] of flags) if (until <= at) flags.delete(key);
    }
  };
  const live = (key: string, at: number) => {
    const counter = counters.get(key);
    return counter && counter.expiresAt > at ? counter : undefined;
  };
  const leftOf = (key: string, at: number) => Math.max(0, (flags.get(key) ?? 0) - at);
  const waitKey = (key: string) => `wait:${key}`;

  return {
    hit: async (key, max, windowMs) => {
      const at = now();
      sweep(at);
      const counter = live(key, at) ?? { count: 0, expiresAt: at + windowMs };
      counter.count += 1;
      counters.set(key, counter);
      return { allowed: counter.count <= max, retryAfterMs: counter.expiresAt - at };
    },
    backoff: async (key, rule) => {
      const at = now();
      sweep(at);
      const left = leftOf(waitKey(key), at);
      const current = live(key, at)?.count ?? 0;
      if (left > 0) return { allowed: false, retryAfterMs: left, count: current };
      const count = current + 1;
      counters.set(key, { count, expiresAt: at + rule.forgetMs });
      const wait = backoffWaitMs(rule, count);
      if (wait > 0) flags.set(waitKey(key), at + wait);
      return { allowed: true, retryAfterMs: 0, count };
    },
    count: async (key) => live(key, now())?.count ?? 0,
    forgive: async (key) => {
      const counter = live(key, now());
      if (!counter) return;
      counter.count -= 1;
      if (counter.count <= 0) counters.delete(key);
    },
    clear: async (key) => {
      counters.delete(key);
      flags.delete(waitKey(key));
    },
    take: async (key, holdMs) => {
      const at = now();
      sweep(at);
      const left = leftOf(`slot:${key}`, at);
      if (left > 0) return left;
      flags.set(`slot:${key}`, at + holdMs);
      return 0;
    },
    mark: async (key, ttlMs) => {
      const at = now();
      sweep(at);
      flags.set(`mark:${key}`, at + ttlMs);
    },
    marked: async (key) => leftOf(`mark:${key}`, now()) > 0,
  };
}
