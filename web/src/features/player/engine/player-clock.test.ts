import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClockSample } from '@music-rooms/domain/clock';
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

/** A socket through a line of 40 ± 10 ms each way (a seeded sequence); counts its probes. */
function jitterySocket() {
  let state = 5;
  const leg = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 30 + (state / 2 ** 31) * 20;
  };
  const socket = {
    probes: 0,
    connected: true,
    onConnect: () => () => {},
    ping: async () => {
      socket.probes += 1;
      const sentAt = Date.now();
      const there = leg();
      await new Promise((resolve) => setTimeout(resolve, there + leg()));
      return { sentAt, serverNow: sentAt + there + TRUE_OFFSET_MS, receivedAt: Date.now() };
    },
  };
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the player's clock", () => {
  it('goes on as it was when started again while sampling (the page takes an early clock)', async () => {
    const socket = jitterySocket();
    let listeners = 0;
    const counted = { ...socket, onConnect: () => ((listeners += 1), () => {}) };
    const clock = new PlayerClock(counted, { now: Date.now });
    clock.start();
    await vi.advanceTimersByTimeAsync(10);
    clock.start();
    await vi.advanceTimersByTimeAsync(20_000);
    // One burst of 8, the settling series (20 × 3) and the periodic ones (4 × 3), not twice that.
    expect(listeners).toBe(1);
    expect(socket.probes).toBeLessThanOrEqual(8 + 60 + 12);
    clock.stop();
  });

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

  it('probes a jittery line often enough to be within a millisecond ten seconds after joining', async () => {
    const socket = jitterySocket();
    const clock = new PlayerClock(socket, { now: Date.now });
    clock.start();
    await vi.advanceTimersByTimeAsync(10_500);
    // Three probes every half second after the first burst: about sixty.
    expect(socket.probes).toBeGreaterThanOrEqual(50);
    expect(Math.abs(clock.estimate()!.offsetMs - TRUE_OFFSET_MS)).toBeLessThan(1);
    await vi.advanceTimersByTimeAsync(60_000);
    // Then three every five seconds: the minute's window keeps three dozen.
    expect(clock.estimate()!.samples).toBeGreaterThanOrEqual(30);
    clock.stop();
  });

  describe("with the page's own sample", () => {
    /** The page's request, just in: 2 ms off the server's clock within its ±4 ms. */
    const pageSample = (): ClockSample => ({
      offsetMs: TRUE_OFFSET_MS + 2,
      rttMs: 8,
      at: Date.now(),
    });

    /** A socket that opens when told to, its probes `legMs` each way (slow while the page loads). */
    function openingSocket() {
      const opened = new Set<() => void>();
      const socket = {
        connected: false,
        legMs: 10,
        onConnect: (listener: () => void) => (opened.add(listener), () => opened.delete(listener)),
        ping: async () => {
          const sentAt = Date.now();
          const leg = socket.legMs;
          await new Promise((resolve) => setTimeout(resolve, 2 * leg));
          return { sentAt, serverNow: sentAt + leg + TRUE_OFFSET_MS, receivedAt: Date.now() };
        },
        open: () => {
          socket.connected = true;
          opened.forEach((listener) => listener());
        },
      };
      return socket;
    }

    it('knows the server’s clock before its connection opens, and keeps the sample as it does', async () => {
      const socket = openingSocket();
      const clock = new PlayerClock(socket, { now: Date.now, pageSample: pageSample() });
      clock.start();
      // The samples the start counts are the connection's probes: none yet.
      expect(clock.estimate()).toMatchObject({
        offsetMs: TRUE_OFFSET_MS + 2,
        errorBoundMs: 4,
        samples: 0,
      });
      socket.open();
      await vi.advanceTimersByTimeAsync(20);
      // A first probe slower than the page (±10 ms) narrows nothing: the page's bounds stand.
      expect(clock.estimate()).toMatchObject({ errorBoundMs: 4, samples: 1 });
      socket.legMs = 1;
      await vi.advanceTimersByTimeAsync(1000);
      expect(Math.abs(clock.estimate()!.offsetMs - TRUE_OFFSET_MS)).toBeLessThan(0.5);
      clock.stop();
    });

    it('forgets it with the rest when the connection opens again (perhaps to another node)', async () => {
      const socket = openingSocket();
      const clock = new PlayerClock(socket, { now: Date.now, pageSample: pageSample() });
      clock.start();
      socket.open();
      await vi.advanceTimersByTimeAsync(1000);
      socket.open();
      await vi.advanceTimersByTimeAsync(20);
      // The one probe since, ±10 ms, with nothing of the page's to narrow it.
      expect(clock.estimate()).toMatchObject({
        offsetMs: TRUE_OFFSET_MS,
        errorBoundMs: 10,
        samples: 1,
      });
      clock.stop();
    });
  });
});
