import { describe, expect, it } from 'vitest';
import type { ImportItemView, ImportView } from '@music-rooms/domain/yandex-music';
import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import { countsOf, defaultChoice, downloadStateOf, percentOf } from './import-state';

const item = (status: ImportItemView['status'], extra: Partial<ImportItemView> = {}) =>
  ({
    itemId: Math.random().toString(36),
    serviceTrackId: '1',
    title: 'x',
    artists: '',
    durationMs: 0,
    status,
    failure: null,
    failureData: {},
    bytesDone: 0,
    bytesTotal: null,
    trackId: null,
    ...extra,
  }) satisfies ImportItemView;

const view = (items: ImportItemView[], status: ImportView['status'] = 'active'): ImportView => ({
  importId: 'i',
  roomId: 'r' as RoomId,
  playlistId: 'p' as PlaylistId,
  title: null,
  status,
  createdAt: 0,
  items,
});

// The download states of spec §4 (idle, downloading, started), its end, and the import's summary.
describe('the import modal’s state', () => {
  it('is idle before anything is asked, and after a cancel', () => {
    expect(downloadStateOf(null, false)).toBe('idle');
    expect(downloadStateOf(view([item('cancelled')], 'cancelled'), false)).toBe('idle');
  });

  it('is downloading while the request runs or tracks wait for their file', () => {
    expect(downloadStateOf(null, true)).toBe('downloading');
    expect(downloadStateOf(view([item('ready'), item('queued')]), false)).toBe('downloading');
    expect(downloadStateOf(view([item('downloading')]), false)).toBe('downloading');
  });

  it('is started once every file is in and the room is adding them', () => {
    expect(downloadStateOf(view([item('processing'), item('ready')]), false)).toBe('started');
  });

  it('is finished once every track is in, added or failed', () => {
    expect(downloadStateOf(view([item('ready'), item('failed')], 'finished'), false)).toBe(
      'finished',
    );
    expect(downloadStateOf(view([item('ready'), item('duplicate')]), false)).toBe('finished');
  });

  it('counts what was added, skipped as a duplicate, failed and still to do', () => {
    const counts = countsOf(
      view([item('ready'), item('duplicate'), item('failed'), item('queued'), item('processing')]),
    );
    expect(counts).toEqual({ total: 5, fetched: 4, ready: 1, duplicate: 1, failed: 1, active: 2 });
  });

  it('shows a download’s progress only when its size is known', () => {
    expect(percentOf(item('downloading', { bytesDone: 50, bytesTotal: 200 }))).toBe(25);
    expect(percentOf(item('downloading', { bytesDone: 50, bytesTotal: null }))).toBe(0);
  });

  it('chooses every available track by default, never a premium or unavailable one', () => {
    const chosen = defaultChoice([
      { id: '1', availability: 'available' },
      { id: '2', availability: 'premium' },
      { id: '3', availability: 'unavailable' },
    ]);
    expect([...chosen]).toEqual(['1']);
  });
});
