import { describe, expect, it } from 'vitest';
import {
  backoffWaitMs,
  memoryAttemptLimiter,
  type Backoff,
} from '../../src/services/attempt-limiter';
import { addressKey } from '../../src/services/client-address';

const rule: Backoff = { free: 2, firstWaitMs: 1000, maxWaitMs: 5000, forgetMs: 60_000 };

/** A limiter on a clock the test moves. */
function onClock() {
  let at = 1_000_000;
  const limiter = memoryAttemptLimiter(() => at);
  return { limiter, pass: (ms: number) => void (at += ms) };
}

describe('backoff', () => {
  it('lets the free attempts through, then doubles the wait up to its cap', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffWaitMs(rule, n))).toEqual([
      0, 0, 1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('refuses without counting while a wait runs, and forgets after a quiet spell', async () => {
    const { limiter, pass } = onClock();
    expect(await limiter.backoff('k', rule)).toEqual({ allowed: true, retryAfterMs: 0, count: 1 });
    await limiter.backoff('k', rule);
    expect((await limiter.backoff('k', rule)).count).toBe(3);
    expect(await limiter.backoff('k', rule)).toEqual({
      allowed: false,
      retryAfterMs: 1000,
      count: 3,
    });
    pass(1000);
    expect(await limiter.backoff('k', rule)).toMatchObject({ allowed: true, count: 4 });
    pass(500);
    expect((await limiter.backoff('k', rule)).retryAfterMs).toBe(1500);
    pass(rule.forgetMs);
    expect(await limiter.count('k')).toBe(0);
  });

  it('takes an attempt back, and clears a key with its wait', async () => {
    const { limiter } = onClock();
    for (let i = 0; i < 3; i++) await limiter.backoff('k', rule);
    await limiter.forgive('k');
    expect(await limiter.count('k')).toBe(2);
    await limiter.clear('k');
    expect(await limiter.backoff('k', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('hands a slot to one taker at a time, and keeps marks for their time', async () => {
    const { limiter, pass } = onClock();
    expect(await limiter.take('turn', 5000)).toBe(0);
    expect(await limiter.take('turn', 5000)).toBe(5000);
    pass(5000);
    expect(await limiter.take('turn', 5000)).toBe(0);
    await limiter.mark('known', 1000);
    expect(await limiter.marked('known')).toBe(true);
    pass(1000);
    expect(await limiter.marked('known')).toBe(false);
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64 and a mapped IPv4 address as the IPv4 one', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8::1:2')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(null)).toBe('unknown');
  });
});
