import { asTrackId, type TrackDetails } from '@music-rooms/domain';
import { describe, expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { listTracks } from '../helpers/tracks';
import { TOKEN, serviceTest as test, startImport, waitForImport } from '../helpers/yandex-music';

// Importing tracks of the service into a room (spec §7: download-info fetch, file download,
// add to room): durable jobs that download with the token in memory and feed the processing
// of uploads; duplicates are found by the service's track id.
describe('importing a playlist', () => {
  test('downloads each track, processes it and makes it ready in the room', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const started = await startImport(client, room.id, ['101', '102', '103']);
    expect(started.items.map((item) => item.status)).toEqual(['queued', 'queued', 'queued']);
    // The room's list shows them at once, processing, with the service's titles.
    const listed = await listTracks(client, room.id);
    expect(listed.tracks.map((track) => [track.title, track.status, track.source])).toEqual([
      ['Morning Drive', 'processing', 'yandexMusic'],
      ['Open Road', 'processing', 'yandexMusic'],
      ['Sunset Boulevard', 'processing', 'yandexMusic'],
    ]);

    const done = await waitForImport(client, started.importId);
    expect(done.status).toBe('finished');
    expect(done.items.map((item) => [item.status, item.failure])).toEqual([
      ['ready', null],
      ['ready', null],
      ['ready', null],
    ]);
    const { tracks } = await listTracks(client, room.id);
    expect(tracks.every((track) => track.status === 'ready')).toBe(true);
    expect(tracks[0]).toMatchObject({ artist: 'The Testers', album: 'Signals', year: 2021 });
    expect(tracks[0]!.durationMs).toBeGreaterThan(3500);
    expect(tracks[0]!.coverVersion).not.toBeNull();
  });

  test('keeps the service ids for super administrators, and the file’s own cover when it has one', async ({
    t,
    f,
  }) => {
    const admin = await f.signedInUser({ superAdmin: true, emailVerified: true });
    t.app.config.superAdminEmails.push(admin.user.email.toLowerCase());
    const room = await createRoom(t, { owner: admin.user });
    const started = await startImport(admin.client, room.id, ['101', '102']);
    const done = await waitForImport(admin.client, started.importId);
    const [first, second] = done.items;
    const details = async (id: string) =>
      (await admin.client.call('tracks.get', { id: asTrackId(id) })).body.value as TrackDetails;
    const morning = await details(first!.trackId!);
    expect(morning.external).toEqual({
      isrc: 'RUA1D2100101',
      spotifyId: null,
      serviceTrackId: '101',
      artistExternalIds: { yandexMusic: '9101' },
    });
    expect(morning.format).toBe('mp3');
    const stored = await t.app.database.db.query.tracks.findFirst({
      where: (row, { eq }) => eq(row.id, asTrackId(second!.trackId!)),
    });
    expect(stored?.coverKey).toMatch(/-embedded\.webp$/);
    const servicesCover = await t.app.database.db.query.tracks.findFirst({
      where: (row, { eq }) => eq(row.id, asTrackId(first!.trackId!)),
    });
    expect(servicesCover?.coverKey).toMatch(/-service\.webp$/);
    expect(servicesCover?.embeddedCoverKey).toBeNull();
  });

  test('finds a track the room already holds by its service id and skips it as a duplicate', async ({
    t,
    f,
    double,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    await waitForImport(client, (await startImport(client, room.id, ['201'])).importId);
    const before = double.requests.filter((r) => r.path.startsWith('/get-mp3/')).length;
    const again = await startImport(client, room.id, ['201', '202', '202']);
    expect(again.items.map((item) => [item.serviceTrackId, item.status])).toEqual([
      ['201', 'duplicate'],
      ['202', 'queued'],
    ]);
    await waitForImport(client, again.importId);
    const { tracks } = await listTracks(client, room.id);
    expect(tracks.map((track) => track.title).sort()).toEqual(['Night One', 'Night Two']);
    const after = double.requests.filter((r) => r.path.startsWith('/get-mp3/')).length;
    expect(after - before).toBe(1);
  });

  test('puts the tracks into the playlist named, at its end', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const made = await client.call('playlists.create', { roomId: room.id, name: 'Imports' });
    const playlistId = (made.body.value as { _id: string })._id;
    const res = await client.call('yandexMusic.import', {
      token: TOKEN,
      roomId: room.id,
      trackIds: ['103'],
      playlistId,
    });
    const view = res.body.value as { importId: string; playlistId: string };
    expect(view.playlistId).toBe(playlistId);
    await waitForImport(client, view.importId);
    const { tracks } = await listTracks(client, room.id, { playlistId });
    expect(tracks.map((track) => [track.title, track.status])).toEqual([
      ['Sunset Boulevard', 'ready'],
    ]);
  });

  test('lists the caller’s imports of the room, newest first', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const first = await startImport(client, room.id, ['101']);
    const second = await startImport(client, room.id, ['102']);
    const res = await client.call('yandexMusic.listImports', { roomId: room.id });
    const ids = (res.body.value as { importId: string }[]).map((view) => view.importId);
    expect(ids).toEqual([second.importId, first.importId]);
    await waitForImport(client, first.importId);
    await waitForImport(client, second.importId);
  });
});
