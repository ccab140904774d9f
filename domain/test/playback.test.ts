import { describe, expect, it } from 'vitest';
import { asTrackId, asUserId, type PlaylistId } from '../src/ids';
import {
  DRIFT_SEEK_MS,
  PLAY_LEAD_MS,
  STOPPED,
  driftCorrection,
  electHost,
  positionAt,
  trackEndsAt,
  type PlaybackState,
} from '../src/playback';
import {
  afterTrackEnd,
  applyCommand,
  catchUp,
  replaceCurrentTrack,
  type CommandContext,
} from '../src/player-commands';

const [A, B, C] = ['a', 'b', 'c'].map(asTrackId) as [
  ReturnType<typeof asTrackId>,
  ReturnType<typeof asTrackId>,
  ReturnType<typeof asTrackId>,
];
const queue = [
  { id: A, durationMs: 10_000 },
  { id: B, durationMs: 20_000 },
  { id: C, durationMs: 30_000 },
];
const ctx = (now: number, random = 0.5): CommandContext => ({
  now,
  queue,
  playlistId: 'list' as PlaylistId,
  random: () => random,
});
const playing = (trackId = A, at = 1000, positionMs = 0, more: Partial<PlaybackState> = {}) => ({
  ...STOPPED,
  playlistId: 'list' as PlaylistId,
  trackId,
  durationMs: queue.find((t) => t.id === trackId)!.durationMs,
  positionMs,
  atServerMs: at,
  playing: true,
  revision: 5,
  ...more,
});

describe('the timeline', () => {
  it('answers where the music is at any server instant, negative before a scheduled start', () => {
    const state = playing(B, 10_000, 2000);
    expect(positionAt(state, 9_000)).toBe(1000);
    expect(positionAt(state, 12_500)).toBe(4500);
    expect(positionAt({ ...state, positionMs: 0 }, 9_600)).toBe(-400);
    expect(positionAt(state, 1_000_000)).toBe(20_000);
    expect(positionAt({ ...state, playing: false }, 99_999)).toBe(2000);
    expect(trackEndsAt(state)).toBe(10_000 + 18_000);
    expect(trackEndsAt({ ...state, playing: false })).toBeNull();
  });
});

describe('commands', () => {
  it('play starts the first track a lead into the future, for everyone at once', () => {
    const state = applyCommand({ ...STOPPED, revision: 1 }, { type: 'play' }, ctx(5000));
    expect(state).toMatchObject({
      trackId: A,
      playing: true,
      positionMs: 0,
      atServerMs: 5000 + PLAY_LEAD_MS,
      revision: 2,
    });
  });

  it('pause keeps the position; play goes on from it', () => {
    const paused = applyCommand(playing(A, 1000), { type: 'pause' }, ctx(4000));
    expect(paused).toMatchObject({ playing: false, positionMs: 3000, revision: 6 });
    const resumed = applyCommand(paused, { type: 'play' }, ctx(9000));
    expect(resumed).toMatchObject({
      playing: true,
      positionMs: 3000,
      atServerMs: 9000 + PLAY_LEAD_MS,
    });
    expect(applyCommand(resumed, { type: 'play' }, ctx(9100))).toBe(resumed);
  });

  it('seek clamps to the track and reschedules a playing track', () => {
    expect(applyCommand(playing(A), { type: 'seek', positionMs: 99_999 }, ctx(2000))).toMatchObject(
      { positionMs: 10_000 },
    );
    expect(applyCommand(playing(A), { type: 'seek', positionMs: -5 }, ctx(2000))).toMatchObject({
      positionMs: 0,
      atServerMs: 2000 + PLAY_LEAD_MS,
    });
  });

  it('seek with no track, or to where a paused track already is, changes nothing', () => {
    const stopped = { ...STOPPED, revision: 3 };
    expect(applyCommand(stopped, { type: 'seek', positionMs: 5000 }, ctx(2000))).toBe(stopped);
    const paused = { ...playing(A, 1000, 4000), playing: false };
    expect(applyCommand(paused, { type: 'seek', positionMs: 4000 }, ctx(2000))).toBe(paused);
    expect(applyCommand(paused, { type: 'seek', positionMs: 2000 }, ctx(2000))).toMatchObject({
      positionMs: 2000,
      atServerMs: 2000,
      playing: false,
      revision: 6,
    });
  });

  it('next and previous walk the playlist; previous late in a track restarts it', () => {
    expect(applyCommand(playing(A), { type: 'next' }, ctx(2000))).toMatchObject({
      trackId: B,
      positionMs: 0,
    });
    expect(applyCommand(playing(B, 1000), { type: 'previous' }, ctx(2000))).toMatchObject({
      trackId: A,
    });
    expect(applyCommand(playing(B, 1000), { type: 'previous' }, ctx(9000))).toMatchObject({
      trackId: B,
      positionMs: 0,
    });
    expect(applyCommand(playing(C), { type: 'next' }, ctx(2000))).toMatchObject({
      trackId: A,
      playing: false,
    });
    expect(
      applyCommand(playing(C, 1000, 0, { repeat: 'all' }), { type: 'next' }, ctx(2000)),
    ).toMatchObject({ trackId: A, playing: true });
  });

  it('select plays a track of the queue and ignores one that is not', () => {
    expect(applyCommand(playing(A), { type: 'select', trackId: C }, ctx(3000))).toMatchObject({
      trackId: C,
      durationMs: 30_000,
      atServerMs: 3000 + PLAY_LEAD_MS,
    });
    const state = playing(A);
    expect(applyCommand(state, { type: 'select', trackId: asTrackId('zz') }, ctx(3000))).toBe(
      state,
    );
  });

  it('shuffle picks another track than the current one', () => {
    const state = playing(A, 1000, 0, { shuffle: true });
    for (const random of [0, 0.49, 0.99]) {
      expect(applyCommand(state, { type: 'next' }, ctx(2000, random)).trackId).not.toBe(A);
    }
  });
});

describe('the end of a track', () => {
  it('starts the next one exactly where the last one ended', () => {
    const state = playing(A, 1000);
    expect(afterTrackEnd(state, ctx(10_999))).toBeNull();
    expect(afterTrackEnd(state, ctx(11_000))).toMatchObject({
      trackId: B,
      atServerMs: 11_000,
      positionMs: 0,
    });
    expect(afterTrackEnd({ ...state, repeat: 'one' }, ctx(12_000))).toMatchObject({
      trackId: A,
      atServerMs: 11_000,
    });
  });

  it('catches up over the tracks that ended while nobody advanced', () => {
    const state = catchUp(playing(A, 1000), ctx(1000 + 10_000 + 20_000 + 5_000));
    expect(state).toMatchObject({ trackId: C, atServerMs: 31_000, playing: true });
    expect(catchUp(playing(A, 1000), ctx(10 ** 9))).toMatchObject({ trackId: A, playing: false });
  });
});

describe('a current track that left the queue', () => {
  const removed = asTrackId('removed');
  const gonePlaying = (more: Partial<PlaybackState> = {}) => ({
    ...playing(A, 1000, 0, more),
    trackId: removed,
  });
  it('gives way to the track that followed it, playing from a lead after now', () => {
    expect(replaceCurrentTrack(gonePlaying(), ctx(5000), 1)).toMatchObject({
      trackId: B,
      positionMs: 0,
      atServerMs: 5000 + PLAY_LEAD_MS,
      playing: true,
      revision: 6,
    });
  });

  it('keeps a paused player paused, at the start of the next track', () => {
    const paused = { ...gonePlaying({ positionMs: 7000 }), playing: false };
    expect(replaceCurrentTrack(paused, ctx(5000), 2)).toMatchObject({
      trackId: C,
      positionMs: 0,
      atServerMs: 5000,
      playing: false,
    });
  });

  it('past the last track wraps with repeat all, else stops at the start', () => {
    const gone = gonePlaying();
    expect(replaceCurrentTrack(gone, ctx(5000), 3)).toMatchObject({ trackId: A, playing: false });
    expect(replaceCurrentTrack({ ...gone, repeat: 'all' }, ctx(5000), 3)).toMatchObject({
      trackId: A,
      playing: true,
    });
    const empty = { ...ctx(5000), queue: [] };
    expect(replaceCurrentTrack(gone, empty, 0)).toMatchObject({ trackId: null, playing: false });
  });

  it('with shuffle on, a random track of the queue takes its place', () => {
    const gone = gonePlaying({ shuffle: true });
    expect(replaceCurrentTrack(gone, ctx(5000, 0.99), 0).trackId).toBe(C);
    expect(replaceCurrentTrack(gone, ctx(5000, 0), 2).trackId).toBe(A);
  });
});

describe('drift correction', () => {
  it('leaves an inaudible drift, nudges the rate for a small one, seeks for a large one', () => {
    expect(driftCorrection(0.4)).toEqual({ kind: 'none' });
    expect(driftCorrection(-0.4)).toEqual({ kind: 'none' });
    expect(driftCorrection(1).kind).toBe('rate');
    const ahead = driftCorrection(20);
    const behind = driftCorrection(-20);
    expect(ahead.kind === 'rate' && ahead.rate).toBeLessThan(1);
    expect(behind.kind === 'rate' && behind.rate).toBeGreaterThan(1);
    expect(ahead.kind === 'rate' && ahead.rate).toBeGreaterThanOrEqual(0.98);
    expect(driftCorrection(DRIFT_SEEK_MS + 1)).toEqual({ kind: 'seek' });
  });
});

describe('host election', () => {
  const u = (id: string) => asUserId(id);
  it('picks the highest role, then whoever joined first; viewers never host', () => {
    const present = [
      { userId: u('p'), role: 'participant' as const, joinedAt: 1 },
      { userId: u('e1'), role: 'editor' as const, joinedAt: 5 },
      { userId: u('e2'), role: 'editor' as const, joinedAt: 3 },
      { userId: u('v'), role: 'viewer' as const, joinedAt: 0 },
    ];
    expect(electHost(present, null)).toBe(u('e2'));
    expect(electHost([...present, { userId: u('o'), role: 'owner', joinedAt: 9 }], null)).toBe(
      u('o'),
    );
    expect(electHost(present, u('p'))).toBe(u('p'));
    expect(electHost(present, u('gone'))).toBe(u('e2'));
    expect(electHost([present[3]!], null)).toBeNull();
  });
});
