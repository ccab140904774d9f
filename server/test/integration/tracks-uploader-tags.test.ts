import { asRoomId, type TrackSummary } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { createTrack, listTracks } from '../helpers/tracks';

// An uploader fixing the tags of their own tracks: title, artist, album and year, enforced by
// the server; editors and above may change every tag of every track, as before.
describe('the tags of one’s own upload', () => {
  test('are the uploader’s to fix, and nobody else’s without the right to manage', async ({
    t,
    f,
  }) => {
    const owner = await f.signedInUser();
    const uploader = await f.signedInUser();
    const other = await f.signedInUser();
    const room = await createRoom(t, {
      owner: owner.user,
      members: [
        { user: uploader.user, role: 'participant' },
        { user: other.user, role: 'participant' },
      ],
    });
    const own = await createTrack(t, {
      room,
      title: 'Trak 1',
      genre: 'Pop',
      uploadedBy: uploader.user.id,
    });
    const theirs = await createTrack(t, { room, title: 'Other', uploadedBy: other.user.id });

    const fixed = await uploader.client.call('tracks.update', {
      id: own.id,
      title: 'Track One',
      artist: 'The Band',
      album: 'First',
      year: 2020,
      genre: 'Pop',
    });
    expect(fixed.body.status, JSON.stringify(fixed.body)).toBe('success');
    expect(fixed.body.value as TrackSummary).toMatchObject({
      title: 'Track One',
      artist: 'The Band',
      album: 'First',
      year: 2020,
    });

    const refusals = [
      // The genre is for editors and above.
      await uploader.client.call('tracks.update', {
        id: own.id,
        title: 'Track One',
        genre: 'Rock',
      }),
      await other.client.call('tracks.update', { id: own.id, title: 'Mine now' }),
      await uploader.client.call('tracks.update', { id: theirs.id, title: 'Mine now' }),
    ];
    for (const res of refusals) expect(res.body.errorData).toMatchObject({ code: 'forbidden' });

    const batch = await uploader.client.call('tracks.updateMany', {
      ids: [own.id, theirs.id],
      changes: { album: 'Second' },
    });
    expect(batch.body.value).toEqual({
      results: [
        { id: own.id, ok: true },
        { id: theirs.id, ok: false, error: expect.any(String) },
      ],
    });
    const { tracks } = await listTracks(owner.client, asRoomId(room.id));
    expect(tracks.map((track) => [track.title, track.album, track.genre])).toEqual([
      ['Track One', 'Second', 'Pop'],
      ['Other', null, null],
    ]);

    // An uploader made a viewer may add nothing, and fix nothing either.
    const demoted = await owner.client.call('rooms.updateUserRole', {
      roomId: room.id,
      userId: uploader.user.id,
      role: 'viewer',
    });
    expect(demoted.body.status, JSON.stringify(demoted.body)).toBe('success');
    const viewer = await uploader.client.call('tracks.update', { id: own.id, title: 'Again' });
    expect(viewer.body.errorData).toMatchObject({ code: 'forbidden' });
  });
});
