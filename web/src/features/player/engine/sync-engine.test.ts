import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOPPED, type PlaybackState } from '@music-rooms/domain/playback';
import type { TrackId } from '@music-rooms/domain/ids';
import { SyncEngine } from './sync-engine';
import {
  exactClock,
  fakeSpeaker,
  slowTrack,
  type FakeSpeaker,
  type SpeakerOptions,
} from './fake-speaker.test-support';

/**
 * The sync engine on a fake audio device and the test's fake timers: what it schedules is played
 * by the fake speakers, and what they play is compared with where the room is, as the
 * player-sync bench does from real speakers.
 */

const DECODE_MS = 300;
const TRACK_SEGMENTS = 30;
const now = () => Date.now();

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

type Page = { engine: SyncEngine; speaker: FakeSpeaker; clock: ReturnType<typeof exactClock> };

function page(options: Omit<SpeakerOptions, 'now'> = {}, decodeMs = DECODE_MS): Page {
  const speaker = fakeSpeaker({ now, ...options });
  const clock = exactClock(now);
  const engine = new SyncEngine({
    clock,
    openTrack: slowTrack(TRACK_SEGMENTS, decodeMs),
    createContext: () => speaker.context,
    now,
  });
  engine.start();
  return { engine, speaker, clock };
}

/** A clock sample a page's clock takes `afterMs` after the page opened, `offMs` off the server. */
type LateSample = { afterMs: number; offMs: number; errorBoundMs: number };

/**
 * A page whose clock knows the server only from `samples` on (the connection opens late), each
 * heard by the engine when it comes; the device's wall clock is the server's, as with NTP.
 */
function pageSampledLater(samples: LateSample[]): Page {
  const speaker = fakeSpeaker({ now });
  const exact = exactClock(now);
  const openedAt = now();
  const taken = () => samples.filter((sample) => now() - openedAt >= sample.afterMs);
  const offMs = () => taken().at(-1)?.offMs ?? 0;
  const listeners = new Set<() => void>();
  const clock = {
    serverNow: () => (taken().length ? exact.serverNow()! + offMs() : null),
    localTimeOf: (serverMs: number) =>
      taken().length ? exact.localTimeOf(serverMs - offMs()) : null,
    estimate: () => {
      const latest = taken().at(-1);
      if (!latest) return null;
      return { ...exact.estimate()!, errorBoundMs: latest.errorBoundMs, samples: taken().length };
    },
    onChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  for (const sample of samples) {
    setTimeout(() => listeners.forEach((listener) => listener()), sample.afterMs);
  }
  const engine = new SyncEngine({
    clock,
    openTrack: slowTrack(TRACK_SEGMENTS, DECODE_MS),
    createContext: () => speaker.context,
    now,
    wallNow: () => exact.serverOf(now()),
  });
  engine.start();
  return { engine, speaker, clock: exact };
}

/** The room plays the track from `positionMs` at server instant `atServerMs`. */
const playingState = (atServerMs: number, positionMs = 0): PlaybackState => ({
  ...STOPPED,
  trackId: 'track' as TrackId,
  durationMs: TRACK_SEGMENTS * 10_000,
  positionMs,
  atServerMs,
  playing: true,
});

const follow = ({ engine }: Page, state: PlaybackState) =>
  engine.setView({ state, loudnessLufs: null, next: null });

/** How far (ms) what the speakers play at page time `at` is ahead of the room; null: silence. */
function gapMs({ speaker, clock }: Page, state: PlaybackState, at: number): number | null {
  const heard = speaker.heardPosition(at);
  if (heard === null) return null;
  const room = (state.positionMs + clock.serverOf(at) - state.atServerMs) / 1000;
  return (heard - room) * 1000;
}

/** Runs the page for `ms`, listening every 10 ms: the gaps heard, with their page times. */
async function listen(p: Page, state: PlaybackState, ms: number) {
  const heard: Array<{ at: number; gapMs: number | null }> = [];
  for (let step = 0; step < ms; step += 10) {
    await vi.advanceTimersByTimeAsync(10);
    heard.push({ at: now(), gapMs: gapMs(p, state, now()) });
  }
  return heard;
}

/** Listens until the engine nudges the music (a rate change is set), and answers when. */
async function untilNudged(p: Page, state: PlaybackState): Promise<number> {
  const rates = () => p.speaker.sources.reduce((count, node) => count + node.rates.length - 1, 0);
  const before = rates();
  for (let waited = 0; waited < 10_000 && rates() === before; waited += 10) {
    await listen(p, state, 10);
  }
  if (rates() === before) throw new Error('the engine never nudged the music');
  return now();
}

const firstSound = (heard: ReadonlyArray<{ at: number; gapMs: number | null }>) =>
  heard.find((sample) => sample.gapMs !== null)?.at ?? Infinity;

const worstAfter = (heard: ReadonlyArray<{ at: number; gapMs: number | null }>, from: number) =>
  Math.max(...heard.filter((s) => s.at >= from).map((s) => Math.abs(s.gapMs ?? Infinity)));

/**
 * Plays for 30 s, lets a small gap be nudged, and 300 ms into the nudge the output falls `fallS`
 * behind: what is heard for `ms` after the fall, with when the nudge and the fall came.
 */
async function fallWhileNudged(fallS: number, ms: number) {
  const p = page();
  const state = playingState(p.clock.serverOf(now()) - 60_000);
  follow(p, state);
  await listen(p, state, 30_000);
  // A small gap is closed over two seconds and more: a nudge a fall comes in the middle of.
  p.speaker.underrun(0.0025);
  const nudgedAt = await untilNudged(p, state);
  await listen(p, state, 300);
  const fellAt = now();
  p.speaker.underrun(fallS);
  return { nudgedAt, fellAt, after: await listen(p, state, ms) };
}

describe('the sync engine on a fake audio clock', () => {
  it('lets a page that joins a playing room hear it once the segment is decoded', async () => {
    // The stand-in is 12 ms off; the stamps, once they come (two seconds on), are true.
    const p = page({ latencyError: 0.012 });
    const joinedAt = now();
    const state = playingState(p.clock.serverOf(joinedAt) - 60_000, 5_000);
    follow(p, state);
    const heard = await listen(p, state, 15_000);
    const first = firstSound(heard);
    expect(first - joinedAt).toBeLessThanOrEqual(DECODE_MS + 250);
    expect(worstAfter(heard, first + 5000)).toBeLessThanOrEqual(2);
    expect(p.engine.getStatus().sync).toBe('inSync');
  });

  it('fetches the music while the server clock is first sampled, and plays with its first sample', async () => {
    // The connection the clock samples over opens 800 ms after the page.
    const p = pageSampledLater([{ afterMs: 800, offMs: 0, errorBoundMs: 0.5 }]);
    const state = playingState(p.clock.serverOf(now()) - 60_000, 5_000);
    const knownAt = now() + 800;
    follow(p, state);
    const heard = await listen(p, state, 12_000);
    const first = firstSound(heard);
    // What is left is the output's own latency: the segment was decoded while the clock was not known.
    expect(first - knownAt).toBeLessThan(DECODE_MS);
    expect(worstAfter(heard, first + 5000)).toBeLessThanOrEqual(2);
  });

  it('does not start on a first clock sample that may be far off, but on the next good one', async () => {
    // The first probe took 40 ms there and back while the page loaded: 13 ms off; the next, 2 ms.
    const p = pageSampledLater([
      { afterMs: 800, offMs: 13, errorBoundMs: 20 },
      { afterMs: 880, offMs: 0, errorBoundMs: 1 },
    ]);
    const state = playingState(p.clock.serverOf(now()) - 60_000, 5_000);
    const goodAt = now() + 880;
    follow(p, state);
    const heard = await listen(p, state, 8_000);
    const first = firstSound(heard);
    expect(first - goodAt).toBeLessThan(DECODE_MS);
    expect(worstAfter(heard, first)).toBeLessThanOrEqual(2);
  });

  it('plays at once after "click to start playback", with the segment decoded while it waited', async () => {
    const p = page({ blocked: true, latencyError: -0.01 });
    const state = playingState(p.clock.serverOf(now()) - 30_000);
    follow(p, state);
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.engine.getStatus().sync).toBe('blocked');
    p.speaker.click();
    const clickedAt = now();
    p.engine.unlock();
    const heard = await listen(p, state, 12_000);
    const first = firstSound(heard);
    expect(first - clickedAt).toBeLessThanOrEqual(500);
    expect(worstAfter(heard, first + 5000)).toBeLessThanOrEqual(2);
  });

  it('plays a track started by hand from its first note, at the instant the room planned', async () => {
    const p = page();
    await vi.advanceTimersByTimeAsync(10_000);
    follow(p, { ...playingState(p.clock.serverOf(now())), playing: false });
    await vi.advanceTimersByTimeAsync(5000);
    // Play: the server starts the track 400 ms from now, from 0.
    const state = playingState(p.clock.serverOf(now()) + 400);
    follow(p, state);
    const heard = await listen(p, state, 3000);
    const first = p.speaker.sources.find((source) => source.started)!;
    expect(first.buffer?.index).toBe(0);
    expect(first.started?.offset).toBe(0);
    expect(p.speaker.pageTimeOf(first.started!.when)).toBeCloseTo(
      p.clock.localTimeOf(state.atServerMs)!,
      3,
    );
    expect(worstAfter(heard, firstSound(heard))).toBeLessThan(0.5);
  });

  it('starts a track from its first note when nothing was decoded but it decodes in time', async () => {
    // The start is aimed past the buffer being rendered and heard a latency later: ~0.23 s.
    const p = page({}, 150);
    await vi.advanceTimersByTimeAsync(10_000);
    const state = playingState(p.clock.serverOf(now()) + 400);
    follow(p, state);
    await listen(p, state, 2000);
    const first = p.speaker.sources.find((source) => source.started)!;
    expect(first.started?.offset).toBe(0);
    expect(p.speaker.pageTimeOf(first.started!.when)).toBeCloseTo(
      p.clock.localTimeOf(state.atServerMs)!,
      3,
    );
  });

  it('comes back from an underrun within 2.8 s, without overshooting', async () => {
    // The stamps dip deeper than the music for a moment while the machine is busy.
    let dip = 0;
    const p = page({ stampError: () => dip });
    const state = playingState(p.clock.serverOf(now()) - 60_000);
    follow(p, state);
    await listen(p, state, 30_000);
    expect(Math.abs(gapMs(p, state, now())!)).toBeLessThan(0.5);
    const stalledAt = now();
    p.speaker.underrun(0.03);
    dip = -0.015;
    const during = await listen(p, state, 600);
    dip = 0;
    const after = [...during, ...(await listen(p, state, 20_000))];
    // The output clock takes the move within a second; the gap it made is then acted on after
    // two measurements, not five, and closed at 2 %.
    expect(worstAfter(after, stalledAt + 2800)).toBeLessThanOrEqual(2);
    // Never early (positive) beyond 2 ms on the way back.
    expect(Math.max(...after.map((sample) => sample.gapMs!))).toBeLessThanOrEqual(2);
  });

  it('comes back from a long stall of the output that comes while a nudge is heard', async () => {
    // Seen when another page opened its output on the same machine: 196 ms behind at once.
    const { nudgedAt, fellAt, after } = await fallWhileNudged(0.196, 6_000);
    expect(fellAt - nudgedAt).toBeLessThan(1000);
    expect(worstAfter(after, fellAt + 2500)).toBeLessThanOrEqual(2);
  });

  it('comes back from a fall of the output that comes while a small nudge is heard', async () => {
    // Seen when another page opened its output on the same machine: 47 ms behind in one step,
    // while a playing page was nudged by a fraction of a millisecond (for over two seconds).
    const { fellAt, after } = await fallWhileNudged(0.047, 8_000);
    // The output clock takes the fall within 0.7 s, the gap is acted on two readings later, in
    // place of the nudge, and closed at 2 %. Waiting for the nudge to end took 5.3 s.
    expect(worstAfter(after, fellAt + 3600)).toBeLessThanOrEqual(2);
    expect(Math.max(...after.map((sample) => sample.gapMs!))).toBeLessThanOrEqual(2);
  });

  it("schedules a device's output delay that much earlier, heard on the room's time", async () => {
    const p = page();
    await vi.advanceTimersByTimeAsync(10_000);
    p.engine.setOutputDelay(150);
    const state = playingState(p.clock.serverOf(now()) - 60_000);
    follow(p, state);
    const heard = await listen(p, state, 5000);
    // What leaves the browser is 150 ms ahead: the device's own delay brings it to the room.
    const playing = heard.filter((sample) => sample.at >= firstSound(heard));
    expect(Math.max(...playing.map((sample) => Math.abs(sample.gapMs! - 150)))).toBeLessThan(0.5);
    const shot = p.engine.snapshot();
    expect(shot.outputDelayMs).toBe(150);
    const room = (state.positionMs + p.clock.serverOf(now()) - state.atServerMs) / 1000;
    expect(Math.abs(shot.position! - room)).toBeLessThan(0.0005);
    expect(shot.outputPosition! - shot.position!).toBeCloseTo(0.15, 6);
  });

  it('takes a larger delay set while playing as a jump to where the room is, not from the top', async () => {
    const p = page();
    const state = playingState(p.clock.serverOf(now()) - 60_000);
    follow(p, state);
    await listen(p, state, 15_000);
    const before = p.speaker.heardPosition(now())!;
    const changedAt = now();
    p.engine.setOutputDelay(150);
    const after = await listen(p, state, 6000);
    const silentMs = after.filter((sample) => sample.gapMs === null).length * 10;
    expect(silentMs).toBeLessThanOrEqual(DECODE_MS + 250);
    expect(p.speaker.heardPosition(now())!).toBeGreaterThan(before + 5);
    const late = after.filter((sample) => sample.at >= changedAt + 4000);
    expect(Math.max(...late.map((sample) => Math.abs(sample.gapMs! - 150)))).toBeLessThan(2);
  });

  it('takes a small change of the delay while playing as a nudge, never silent', async () => {
    const p = page();
    const state = playingState(p.clock.serverOf(now()) - 60_000);
    follow(p, state);
    await listen(p, state, 15_000);
    const changedAt = now();
    p.engine.setOutputDelay(20);
    const after = await listen(p, state, 8000);
    expect(after.every((sample) => sample.gapMs !== null)).toBe(true);
    const late = after.filter((sample) => sample.at >= changedAt + 5000);
    expect(Math.max(...late.map((sample) => Math.abs(sample.gapMs! - 20)))).toBeLessThan(2);
  });

  it('forgets what a nudge replaced by a newer one still had to do', async () => {
    const p = page();
    const state = playingState(p.clock.serverOf(now()) - 60_000);
    follow(p, state);
    await listen(p, state, 15_000);
    // A 40 ms change of the delay is mended by a nudge of 2 s at 2 %; near its end the delay is
    // taken back, and a newer nudge, the other way, replaces what is left of it.
    p.engine.setOutputDelay(40);
    await listen(p, state, 2000);
    p.engine.setOutputDelay(0);
    // What the page believes it plays is what its speakers play, all along.
    let worstMs = 0;
    for (let step = 0; step < 600; step += 1) {
      await vi.advanceTimersByTimeAsync(10);
      const believed = p.engine.snapshot().position!;
      // Silence (null) is the worst: a segment that ran out before the next one came in.
      const played = p.speaker.heardPosition(now()) ?? Infinity;
      worstMs = Math.max(worstMs, Math.abs(believed - played) * 1000);
    }
    expect(worstMs).toBeLessThan(0.5);
    expect(Math.abs(gapMs(p, state, now())!)).toBeLessThan(0.5);
  });

  it('offers beats where the music heard crosses them, or else the server clock does', async () => {
    const p = page();
    await vi.advanceTimersByTimeAsync(10_000);
    p.engine.setOutputDelay(100);
    const nearest = (value: number, step: number) =>
      Math.abs(value - Math.round(value / step) * step);

    const quiet = p.engine.beats(0.6, 2);
    expect(quiet).toHaveLength(3);
    for (const beat of quiet)
      expect(nearest(p.clock.serverOf(beat.heardAt), 600)).toBeLessThan(0.01);

    const state = playingState(p.clock.serverOf(now()) - 60_000, 250);
    follow(p, state);
    await listen(p, state, 5000);
    const beats = p.engine.beats(0.6, 2);
    expect(beats).toHaveLength(3);
    for (const beat of beats) {
      // The speakers play it 100 ms before it is heard through the device.
      const played = p.speaker.heardPosition(beat.heardAt - 100)!;
      expect(nearest(played, 0.6)).toBeLessThan(0.0005);
      expect(p.speaker.pageTimeOf(beat.contextTime)).toBeCloseTo(beat.heardAt - 100, 3);
    }
  });
});
