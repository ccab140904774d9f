import { describe, expect, it } from 'vitest';
import {
  PLAY_LEAD_MS,
  STOPPED,
  asRoomId,
  asTrackId,
  trackEndsAt,
  type PlaybackState,
  type PlaylistId,
} from '@music-rooms/domain';
import {
  settle,
  shuffleDraw,
  upcomingTrack,
  type PlaybackSource,
  type QueueEntry,
} from '../../src/services/player/timeline';

const roomId = asRoomId('4f6c2a52-1d5e-4d8e-9a3c-2b7f0e6a9c11');
const [A, B, C, D] = ['a', 'b', 'c', 'd'].map(asTrackId) as [
  ReturnType<typeof asTrackId>,
  ReturnType<typeof asTrackId>,
  ReturnType<typeof asTrackId>,
  ReturnType<typeof asTrackId>,
];
const queue: QueueEntry[] = [
  { id: A, durationMs: 1000, order: 1 },
  { id: B, durationMs: 2000, order: 2 },
  { id: C, durationMs: 3000, order: 3 },
  { id: D, durationMs: 4000, order: 4 },
];
const playlistId = 'list' as PlaylistId;

const playingA = (more: Partial<PlaybackState> = {}): PlaybackState => ({
  ...STOPPED,
  playlistId,
  trackId: A,
  durationMs: 1000,
  atServerMs: 10_000,
  playing: true,
  revision: 7,
  ...more,
});

const source = (state: PlaybackState, more: Partial<PlaybackSource> = {}): PlaybackSource => ({
  roomId,
  state,
  trackOrder: 1,
  queue,
  playlistId,
  ...more,
});

describe('settling the stored playback', () => {
  it('follows every track that ended by now with the next, each starting where the last ended', () => {
    const state = settle(source(playingA()), 10_000 + 1000 + 2000 + 500, 'write');
    expect(state).toMatchObject({ trackId: C, atServerMs: 13_000, playing: true, revision: 9 });
  });

  it('reads and writes agree, whenever they happen', () => {
    const at = 10_000 + 1000 + 2000 + 3000 + 10;
    expect(settle(source(playingA()), at, 'read')).toEqual(settle(source(playingA()), at, 'write'));
    const halfway = settle(source(playingA()), 11_500, 'write');
    expect(settle(source(halfway), at, 'write')).toEqual(settle(source(playingA()), at, 'write'));
  });

  it('shuffles the same way in one catch-up as step by step', () => {
    const shuffled = playingA({ shuffle: true, repeat: 'all' });
    const at = 10_000 + 20_000;
    let stepwise = shuffled;
    for (let now = 10_000; now <= at; now += 250) stepwise = settle(source(stepwise), now, 'write');
    expect(settle(source(shuffled), at, 'write')).toEqual(stepwise);
  });

  it('says ahead of time which track the end of this one brings', () => {
    for (const more of [{}, { shuffle: true }, { repeat: 'one' as const }]) {
      const state = playingA(more);
      const afterEnd = settle(source(state), trackEndsAt(state)! + 1, 'write');
      expect(upcomingTrack(source(state), state)).toBe(afterEnd.trackId);
    }
    const last = playingA({ trackId: D, durationMs: 4000 });
    expect(upcomingTrack(source(last, { trackOrder: 4 }), last)).toBeNull();
  });

  it('moves on when the current track left the queue, from a lead after now', () => {
    const withoutB = queue.filter((track) => track.id !== B);
    const onB = playingA({ trackId: B, durationMs: 2000 });
    const moved = settle(source(onB, { queue: withoutB, trackOrder: 2 }), 10_500, 'write');
    expect(moved).toMatchObject({ trackId: C, atServerMs: 10_500 + PLAY_LEAD_MS, playing: true });
    // A reader cannot pick the instant: it shows the stored state until a writer moved on.
    expect(settle(source(onB, { queue: withoutB }), 10_500, 'read')).toEqual(onB);
  });

  it('takes the new length of a track whose file changed', () => {
    const longer = queue.map((track) => (track.id === A ? { ...track, durationMs: 5000 } : track));
    expect(settle(source(playingA(), { queue: longer }), 12_000, 'read')).toMatchObject({
      trackId: A,
      durationMs: 5000,
      revision: 8,
    });
  });

  it('draws the shuffle from the room and revision alone', () => {
    expect(shuffleDraw(roomId, 3)).toBe(shuffleDraw(roomId, 3));
    const draws = Array.from({ length: 50 }, (_, i) => shuffleDraw(roomId, i));
    expect(new Set(draws).size).toBe(50);
    for (const draw of draws) expect(draw >= 0 && draw < 1).toBe(true);
  });
});
