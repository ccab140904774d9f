import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerClock, type ClockTransport } from './player-clock';

/** The server's clock runs this far ahead of the page's. */
const TRUE_OFFSET_MS = 5000;

/**
 * A socket whose probes come back slowly, and lopsided, while the page loads (1 ms there, 7 ms
 * back), then quickly (1 ms each way). Times follow the page's (fake) clock.
 */
function loadingThenQuickSocket(quickAfterMs: number): ClockTransport {
  return {
    connected: true,
    onConnect: () => () => {},
    ping: async () => {
      const sentAt = Date.now();
      const back = sentAt < quickAfterMs ? 7 : 1;
      await new Promise((resolve) => setTimeout(resolve, 1 + back));
      return { sentAt, serverNow: sentAt + 1 + TRUE_OFFSET_MS, receivedAt: Date.now() };
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the player's clock", () => {
  it('finds a quick round trip within seconds when the first burst had only slow ones', async () => {
    const clock = new PlayerClock(loadingThenQuickSocket(Date.now() + 800), { now: Date.now });
    clock.start();
    await vi.advanceTimersByTimeAsync(600);
    // Half the slow answers' lopsidedness: 3 ms off.
    expect(Math.abs(clock.estimate()!.offsetMs - TRUE_OFFSET_MS)).toBeGreaterThan(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(Math.abs(clock.estimate()!.offsetMs - TRUE_OFFSET_MS)).toBeLessThan(0.5);
    clock.stop();
  });
});
