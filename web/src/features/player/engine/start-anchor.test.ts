import { describe, expect, it } from 'vitest';
import { STOPPED, type PlaybackState } from '@music-rooms/domain/playback';
import type { TrackId } from '@music-rooms/domain/ids';
import { OutputClock } from './output-clock';
import { startAnchor } from './start-anchor';

/**
 * Where the music comes in when a page joins a room that plays. The page's clock equals the
 * server's (offset 0) and the context's time heard at page time `t` ms is `t / 1000 − 1`.
 */
const HEARD_LAG_S = 1;

function outputClock(): OutputClock {
  const clock = new OutputClock();
  for (let at = 0; at <= 6000; at += 50) {
    clock.add({
      stampContextTime: at / 1000 - HEARD_LAG_S,
      stampPerformanceTime: at,
      currentTime: at / 1000,
      readAt: at,
      latency: 0,
    });
  }
  return clock;
}

const serverClock = (now: number) => ({
  serverNow: () => now,
  localTimeOf: (serverMs: number) => serverMs,
});

/** A room playing since server time 0 from the top of a 3-minute track. */
const playing: PlaybackState = {
  ...STOPPED,
  trackId: 'track' as TrackId,
  durationMs: 180_000,
  playing: true,
};

/** A context whose clock is at `currentTime` and renders `baseLatency` beyond it at once. */
const context = (currentTime: number, baseLatency: number) =>
  ({ currentTime, baseLatency }) as AudioContext;

describe('the start of the music', () => {
  it('comes in where the room is at the instant it is heard', () => {
    const start = startAnchor(playing, serverClock(6000), outputClock(), context(4.5, 0));
    // Heard at page time 6000 ms, context time 5: where the room is at 6 s.
    expect(start?.at).toBeCloseTo(5, 6);
    expect(start?.position).toBeCloseTo(6, 6);
  });

  it('is aimed past the output buffer the context is rendering, not inside it', () => {
    // Context time 5 is inside the 85 ms buffer being rendered from 4.95: a node started there
    // would come in at the next buffer, late, while the page believed it on time.
    const start = startAnchor(playing, serverClock(6000), outputClock(), context(4.95, 0.085));
    expect(start!.at).toBeGreaterThan(4.95 + 0.085);
    // Later by as much as it is further into the track: still where the room is when heard.
    expect(start!.position - 6).toBeCloseTo(start!.at - 5, 6);
  });
});
