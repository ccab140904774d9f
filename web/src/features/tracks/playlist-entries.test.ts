import { describe, expect, test } from 'vitest';
import type { PlaylistId, RoomId, TrackId } from '@music-rooms/domain/ids';
import type { PlaylistSummary, TrackSummary } from '@music-rooms/domain/tracks';
import { canLeaveShown, notIn } from './playlist-entries';

const playlist = (id: string, isDefault = false): PlaylistSummary => ({
  _id: id as PlaylistId,
  roomId: 'room' as RoomId,
  name: id,
  isDefault,
  trackCount: 0,
});

const track = (id: string, playlistIds: string[]) =>
  ({ _id: id as TrackId, playlistIds: playlistIds as PlaylistId[] }) as TrackSummary;

describe('playlist entries on the web', () => {
  test('adding offers only the tracks the playlist does not hold yet', () => {
    const tracks = [track('a', ['main']), track('b', ['main', 'evening'])];
    expect(notIn(playlist('evening'), tracks).map((t) => t._id)).toEqual(['a']);
    expect(notIn(playlist('main', true), tracks)).toEqual([]);
  });

  test('a track leaves only a playlist other than the default one', () => {
    const main = playlist('main', true);
    expect(canLeaveShown({ shown: main, all: [main] })).toBe(false);
    expect(canLeaveShown({ shown: playlist('evening'), all: [main] })).toBe(true);
    expect(canLeaveShown({ shown: null, all: [] })).toBe(false);
  });
});
