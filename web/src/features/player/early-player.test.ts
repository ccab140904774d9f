// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asRoomId, asTrackId } from '@music-rooms/domain/ids';
import type { PlaybackState } from '@music-rooms/domain/playback';
import type { PlayerView } from '@music-rooms/domain/player';
import type { ClockTransport } from './engine/player-clock';
import type * as EarlyPlayers from './early-player';
import type * as PlayerSettings from './player-settings';
import type { PlayerParts } from './player-parts';

/**
 * A room page's clock and a playing room's player started as the page opens, then taken by the
 * page's player: what they made of the browser (the AudioContexts, their master gain), what they
 * fetched and what they asked of the connection. Node has no Web Audio: a stand-in context
 * records what it was told.
 */

const ROOM = asRoomId('r1');
const playing: PlaybackState = {
  trackId: asTrackId('t1'),
  playing: true,
  positionMs: 0,
  atServerMs: Date.now(),
  durationMs: 60_000,
} as PlaybackState;
const viewOf = (state: PlaybackState) =>
  ({ state, track: null, next: null }) as unknown as PlayerView;

type MadeContext = { closed: boolean; masterGain: number | null };
let contexts: MadeContext[] = [];
let fetched: string[] = [];
let pings = 0;

/** A connection that is up and answers every probe at once, the server 5 s ahead. */
const transport: ClockTransport = {
  connected: true,
  onConnect: () => () => {},
  ping: async () => {
    pings += 1;
    const now = performance.now();
    return { sentAt: now, serverNow: now + 5000, receivedAt: now };
  },
};

/** The few calls the engine makes of a context before the music plays; it stays suspended. */
class StandInContext {
  readonly made: MadeContext = { closed: false, masterGain: null };
  state = 'suspended';
  currentTime = 0;
  baseLatency = 0.01;
  outputLatency = 0;
  destination = {};
  onstatechange: (() => void) | null = null;
  constructor() {
    contexts.push(this.made);
  }
  createGain() {
    const made = this.made;
    const gain = {
      set value(value: number) {
        made.masterGain ??= value;
      },
      setTargetAtTime() {},
    };
    return { gain, connect() {}, disconnect() {} };
  }
  createConstantSource() {
    return { offset: { value: 0 }, connect() {}, disconnect() {}, start() {} };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    this.made.closed = true;
    this.state = 'closed';
    return Promise.resolve();
  }
  getOutputTimestamp() {
    return {};
  }
  addEventListener() {}
  removeEventListener() {}
}

// Each test is a page of its own: the module's state (what was started early) starts afresh.
let early: typeof EarlyPlayers;
let settings: typeof PlayerSettings;

beforeEach(async () => {
  vi.resetModules();
  early = await import('./early-player');
  settings = await import('./player-settings');
  contexts = [];
  fetched = [];
  pings = 0;
  localStorage.clear();
  vi.stubGlobal('AudioContext', StandInContext);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response('{}', { status: 503 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets go of whatever the test left started. */
const stop = (parts: PlayerParts | null) => {
  parts?.engine.stop();
  parts?.clock.stop();
};

/** The page opens: its clock starts at once, then its player with the answer of `player.get`. */
const open = (state: PlaybackState) => {
  early.startClockEarly(transport);
  early.startPlayerEarly(ROOM, viewOf(state));
};

describe('a room page’s early player', () => {
  it('samples the server’s clock on any room page, playing or not', async () => {
    vi.useFakeTimers();
    open({ ...playing, playing: false });
    const clock = early.earlyClock();
    expect(clock).not.toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    expect(clock!.estimate()).not.toBeNull();
    expect(early.earlyPlayerFor(ROOM, {})).toBeNull();
    // Nothing plays: no audio device is taken.
    expect(contexts).toEqual([]);
    clock!.stop();
  });

  it('makes its context and fetches the track of a playing room before the page is in', async () => {
    open(playing);
    const parts = early.earlyPlayerFor(ROOM, {});
    expect(parts).not.toBeNull();
    expect(parts!.clock).toBe(early.earlyClock());
    expect(contexts).toHaveLength(1);
    await vi.waitFor(() => expect(fetched).toContain('/api/tracks/t1/playback'));
    expect(parts!.engine.snapshot().trackId).toBe('t1');
    stop(parts);
  });

  it('plays at the listener’s saved volume from the first sound: muted stays silent', () => {
    settings.playerSettings.update({ muted: true });
    open(playing);
    expect(contexts[0]!.masterGain).toBe(0);
    stop(early.earlyPlayerFor(ROOM, {}));
  });

  it('is the player of the same room only, asked for without a pass', () => {
    open(playing);
    expect(early.earlyPlayerFor(asRoomId('r2'), {})).toBeNull();
    expect(early.earlyPlayerFor(ROOM, { accessToken: 'pass' })).toBeNull();
    stop(early.earlyPlayerFor(ROOM, {}));
  });

  it('goes on as the page’s player once claimed, and nothing starts early after', async () => {
    vi.useFakeTimers();
    open(playing);
    const parts = early.earlyPlayerFor(ROOM, {})!;
    // A render made twice finds the same one.
    expect(early.earlyPlayerFor(ROOM, {})).toBe(parts);
    early.claimEarlyPlayer(parts);
    expect(early.earlyPlayerFor(ROOM, {})).toBeNull();
    expect(early.earlyClock()).toBeNull();
    expect(contexts[0]!.closed).toBe(false);
    const probes = pings;
    open(playing);
    expect(contexts).toHaveLength(1);
    expect(early.earlyClock()).toBeNull();
    // The clock claimed goes on sampling.
    await vi.advanceTimersByTimeAsync(6000);
    expect(pings).toBeGreaterThan(probes);
    stop(parts);
  });

  it('gives its clock to the player a page makes of its own, and stops its engine', async () => {
    vi.useFakeTimers();
    open(playing);
    const clock = early.earlyClock()!;
    const own = { clock, engine: null } as unknown as PlayerParts;
    early.claimEarlyPlayer(own);
    expect(contexts[0]!.closed).toBe(true);
    expect(early.earlyClock()).toBeNull();
    const probes = pings;
    await vi.advanceTimersByTimeAsync(6000);
    expect(pings).toBeGreaterThan(probes);
    clock.stop();
  });

  it('is stopped when no page takes it within half a minute', () => {
    vi.useFakeTimers();
    open(playing);
    const clock = early.earlyClock()!;
    vi.advanceTimersByTime(29_000);
    expect(contexts[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(contexts[0]!.closed).toBe(true);
    expect(early.earlyPlayerFor(ROOM, {})).toBeNull();
    expect(early.earlyClock()).toBeNull();
    // Stopped, the clock sends no more probes.
    const probes = pings;
    vi.advanceTimersByTime(10_000);
    expect(pings).toBe(probes);
    expect(clock).not.toBeNull();
  });
});
