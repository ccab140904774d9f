import { asRoomId, type PlaylistSummary, type TrackSummary } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { endUndoWindows } from '../helpers/removals';
import { createRoom } from '../helpers/rooms';
import { createTrack, listTracks } from '../helpers/tracks';

const titles = (tracks: TrackSummary[]) => tracks.map((x) => x.title);

describe('the track list', () => {
  test('sorts by every order of the spec and searches title, artist and album literally', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const day = 86_400_000;
    await createTrack(t, {
      room,
      title: 'Bravo',
      artist: 'Zed',
      sizeBytes: 3,
      durationMs: 200,
      year: 1999,
      uploadedAt: new Date(Date.now() - 3 * day),
    });
    await createTrack(t, {
      room,
      title: 'alpha',
      artist: 'Ann',
      sizeBytes: 1,
      durationMs: 300,
      year: 2020,
      uploadedAt: new Date(Date.now() - 2 * day),
    });
    await createTrack(t, {
      room,
      title: 'Charlie 100%',
      album: 'Live_Set',
      sizeBytes: 2,
      durationMs: 100,
      uploadedAt: new Date(Date.now() - day),
    });
    const roomId = asRoomId(room.id);
    const sorted = async (sort: string) =>
      titles((await listTracks(client, roomId, { sort })).tracks);
    expect(await sorted('manual')).toEqual(['Bravo', 'alpha', 'Charlie 100%']);
    expect(await sorted('newest')).toEqual(['Charlie 100%', 'alpha', 'Bravo']);
    expect(await sorted('oldest')).toEqual(['Bravo', 'alpha', 'Charlie 100%']);
    expect(await sorted('alphabetical')).toEqual(['alpha', 'Bravo', 'Charlie 100%']);
    expect(await sorted('reverseAlphabetical')).toEqual(['Charlie 100%', 'Bravo', 'alpha']);
    expect(await sorted('largest')).toEqual(['Bravo', 'Charlie 100%', 'alpha']);
    expect(await sorted('smallest')).toEqual(['alpha', 'Charlie 100%', 'Bravo']);
    expect(await sorted('longest')).toEqual(['alpha', 'Bravo', 'Charlie 100%']);
    expect(await sorted('shortest')).toEqual(['Charlie 100%', 'Bravo', 'alpha']);
    expect(await sorted('releaseDate')).toEqual(['alpha', 'Bravo', 'Charlie 100%']);

    const search = async (text: string) =>
      titles((await listTracks(client, roomId, { search: text })).tracks);
    expect(await search('ANN')).toEqual(['alpha']);
    expect(await search('live_')).toEqual(['Charlie 100%']);
    expect(await search('0%')).toEqual(['Charlie 100%']);
    expect(await search('%')).toEqual(['Charlie 100%']);
    expect(await search('_')).toEqual(['Charlie 100%']);
    const bad = await client.call('tracks.list', { roomId, sort: 'loudest' });
    expect(bad.body.errorData).toMatchObject({ key: 'validation.invalidFormat', field: 'sort' });
  });
});

describe('editing tracks', () => {
  test('updates tags with the title rules, and refuses bad input without changing anything', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, { room, title: 'Before' });
    const ok = await client.call('tracks.update', {
      id: track.id,
      title: '  After  ',
      artist: 'Someone',
      year: 2001,
      genre: '',
    });
    expect(ok.body.value).toMatchObject({
      title: 'After',
      artist: 'Someone',
      year: 2001,
      genre: null,
    });
    for (const [args, key] of [
      [{ title: '' }, 'validation.required'],
      [{ title: '\u200b\u200e' }, 'validation.required'],
      [{ title: 'x'.repeat(201) }, 'validation.maxLength'],
      [{ title: 'ok', year: 99 }, 'validation.invalidFormat'],
      [{ title: 'a\u0000b' }, 'validation.invalidFormat'],
    ] as const) {
      const res = await client.call('tracks.update', { id: track.id, ...args });
      expect(res.status, JSON.stringify(args)).toBe(560);
      expect(res.body.errorData).toMatchObject({ key });
    }
    const { tracks } = await listTracks(client, asRoomId(room.id));
    expect(tracks[0]).toMatchObject({ title: 'After', year: 2001 });
  });

  test('batch edit answers a result per track, refusing those of rooms the caller does not edit', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const { user: other } = await f.user();
    const mine = await createRoom(t, { owner: user });
    const theirs = await createRoom(t, { owner: other });
    const a = await createTrack(t, { room: mine });
    const b = await createTrack(t, { room: mine });
    const c = await createTrack(t, { room: theirs });
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await client.call('tracks.updateMany', {
      ids: [a.id, b.id, c.id, missing],
      changes: { album: 'Shared Album' },
    });
    expect(res.body.value).toEqual({
      results: [
        { id: a.id, ok: true },
        { id: b.id, ok: true },
        { id: c.id, ok: false, error: 'rooms.errors.forbidden' },
        { id: missing, ok: false, error: 'tracks.errors.notFound' },
      ],
    });
    const { tracks } = await listTracks(client, asRoomId(mine.id));
    expect(tracks.map((x) => x.album)).toEqual(['Shared Album', 'Shared Album']);
  });

  test('removes one track and many, with their stored audio once Undo is no longer offered', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const [a, b, c] = [
      await createTrack(t, { room }),
      await createTrack(t, { room }),
      await createTrack(t, { room }),
    ];
    expect((await client.call('tracks.remove', { id: a!.id })).body.value).toEqual({
      removed: true,
      removalId: expect.any(String),
    });
    expect(await t.app.tracksRuntime.storage.stat(a!.audioKey!)).not.toBeNull();
    const many = await client.call('tracks.removeMany', { ids: [b!.id, c!.id] });
    expect(many.body.value).toEqual({
      results: [
        { id: b!.id, ok: true },
        { id: c!.id, ok: true },
      ],
      removalIds: [expect.any(String)],
    });
    expect((await listTracks(client, asRoomId(room.id))).stats).toEqual({
      count: 0,
      totalDurationMs: 0,
      totalSizeBytes: 0,
    });
    await endUndoWindows(t);
    for (const track of [a, b, c]) {
      expect(await t.app.tracksRuntime.storage.stat(track!.audioKey!)).toBeNull();
    }
    const again = await client.call('tracks.remove', { id: a!.id });
    expect(again.body.errorData).toMatchObject({ key: 'tracks.errors.notFound' });
  });

  test('reorders a playlist only with exactly its tracks', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const rows = [
      await createTrack(t, { room, title: 'one' }),
      await createTrack(t, { room, title: 'two' }),
      await createTrack(t, { room, title: 'three' }),
    ];
    const playlistId = rows[0]!.playlistId;
    const res = await client.call('tracks.reorder', {
      playlistId,
      ids: [rows[2]!.id, rows[0]!.id, rows[1]!.id],
    });
    expect(res.body.value).toEqual({ reordered: 3 });
    expect(titles((await listTracks(client, asRoomId(room.id), { playlistId })).tracks)).toEqual([
      'three',
      'one',
      'two',
    ]);
    const stale = await client.call('tracks.reorder', {
      playlistId,
      ids: [rows[1]!.id, rows[0]!.id],
    });
    expect(stale.body.errorData).toMatchObject({ key: 'tracks.errors.reorderMismatch' });
    const doubled = await client.call('tracks.reorder', {
      playlistId,
      ids: [rows[0]!.id, rows[0]!.id, rows[1]!.id],
    });
    expect(doubled.body.errorData).toMatchObject({ key: 'tracks.errors.reorderMismatch' });
    expect(titles((await listTracks(client, asRoomId(room.id), { playlistId })).tracks)).toEqual([
      'three',
      'one',
      'two',
    ]);
  });
});

describe('playlists', () => {
  test('a room has a default playlist; others are made, renamed and removed, their tracks kept in the default one', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const roomId = asRoomId(room.id);
    const list = async () =>
      (await client.call('playlists.list', { roomId })).body.value as PlaylistSummary[];
    const [main] = await list();
    expect(main).toMatchObject({ isDefault: true, trackCount: 0 });
    const created = await client.call('playlists.create', { roomId, name: 'Evening' });
    const eveningId = (created.body.value as { _id: string })._id;
    await createTrack(t, { room, playlistId: eveningId as never, title: 'late' });
    await createTrack(t, { room, title: 'early' });
    expect((await list()).map((p) => [p.name, p.trackCount])).toEqual([
      [main!.name, 1],
      ['Evening', 1],
    ]);
    expect(titles((await listTracks(client, roomId, { playlistId: eveningId })).tracks)).toEqual([
      'late',
    ]);
    await client.call('playlists.rename', { id: eveningId, name: 'Night' });
    expect((await list())[1]).toMatchObject({ name: 'Night' });
    const refused = await client.call('playlists.remove', { id: main!._id });
    expect(refused.body.errorData).toMatchObject({ key: 'tracks.errors.defaultPlaylist' });
    await client.call('playlists.remove', { id: eveningId });
    const kept = await listTracks(client, roomId, { playlistId: main!._id });
    expect(titles(kept.tracks)).toEqual(['early', 'late']);
    expect((await list()).map((p) => [p.name, p.trackCount])).toEqual([[main!.name, 2]]);
  });
});

describe('maintenance', () => {
  test('counts tracks of zero duration, then reads their durations again after confirmation', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    await createTrack(t, { room, durationMs: 0 });
    await createTrack(t, { room, durationMs: 5000 });
    const counted = await client.call('tracks.fixDurations', {});
    expect(counted.body.value).toEqual({ total: 1, fixed: 0 });
    // The stored bytes of these tracks are no audio: nothing can be read from them.
    const tried = await client.call('tracks.fixDurations', { confirm: true });
    expect(tried.body.value).toEqual({ total: 1, fixed: 0 });
    const stranger = await f.signedInUser();
    expect((await stranger.client.call('tracks.fixDurations', {})).body.value).toEqual({
      total: 0,
      fixed: 0,
    });
  });
});
