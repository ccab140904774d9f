import {
  asRoomId,
  TRACK_ERRORS,
  type PlaylistId,
  type PlaylistSummary,
  type RoomId,
  type TrackId,
} from '@music-rooms/domain';
import type { SessionClient } from '../helpers/factories';
import { describe, expect, test } from '../helpers/fixtures';
import { command, storedUntil } from '../helpers/player';
import { createRoom, expectRefused, newRoomPerson } from '../helpers/rooms';
import { createTrack, listTracks } from '../helpers/tracks';
import type { TestApp } from '../helpers/app';
import { insertPlaylist } from '../../src/services/tracks/playlist-store';

/** A room of the owner's with an editor and a participant, three tracks and a second playlist. */
async function roomWithTwoPlaylists(t: TestApp) {
  const owner = await newRoomPerson(t);
  const editor = await newRoomPerson(t);
  const participant = await newRoomPerson(t);
  const room = await createRoom(t, {
    owner: owner.user,
    members: [
      { user: editor.user, role: 'editor' },
      { user: participant.user, role: 'participant' },
    ],
  });
  const roomId = asRoomId(room.id);
  const [a, b, c] = [
    await createTrack(t, { room, title: 'A', durationMs: 60_000 }),
    await createTrack(t, { room, title: 'B', durationMs: 60_000 }),
    await createTrack(t, { room, title: 'C', durationMs: 60_000 }),
  ];
  const main = a.playlistId;
  const evening = (
    await insertPlaylist(t.app.database.db, { roomId, name: 'Evening', createdBy: owner.user.id })
  ).id;
  return { owner, editor, participant, room, roomId, main, evening, a, b, c };
}

const titlesIn = async (client: SessionClient, roomId: RoomId, playlistId: PlaylistId) =>
  (await listTracks(client, roomId, { playlistId })).tracks.map((track) => track.title);

const counts = async (client: SessionClient, roomId: RoomId) =>
  ((await client.call('playlists.list', { roomId })).body.value as PlaylistSummary[]).map(
    (playlist) => [playlist.name, playlist.trackCount],
  );

async function add(client: SessionClient, playlistId: PlaylistId, ids: TrackId[]) {
  const res = await client.call('playlists.addTracks', { playlistId, ids });
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return res.body.value as { added: number };
}

describe('a track in several playlists', () => {
  test('goes into another playlist and keeps its own place in each', async ({ t }) => {
    const { editor, roomId, main, evening, a, b, c } = await roomWithTwoPlaylists(t);
    expect(await add(editor.client, evening, [c.id, a.id])).toEqual({ added: 2 });
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C']);
    expect(await titlesIn(editor.client, roomId, evening)).toEqual(['C', 'A']);
    expect(await counts(editor.client, roomId)).toEqual([
      ['Playlist', 3],
      ['Evening', 2],
    ]);
    const [shownA] = (
      await listTracks(editor.client, roomId, { playlistId: evening })
    ).tracks.filter((track) => track._id === a.id);
    expect(shownA!.playlistIds.sort()).toEqual([main, evening].sort());

    // Reordering one playlist leaves the other's order as it was.
    const reordered = await editor.client.call('tracks.reorder', {
      playlistId: evening,
      ids: [a.id, c.id],
    });
    expect(reordered.body.value).toEqual({ reordered: 2 });
    expect(await titlesIn(editor.client, roomId, evening)).toEqual(['A', 'C']);
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C']);
    await editor.client.call('tracks.reorder', { playlistId: main, ids: [c.id, b.id, a.id] });
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['C', 'B', 'A']);
    expect(await titlesIn(editor.client, roomId, evening)).toEqual(['A', 'C']);
  });

  test('adding a track the playlist holds already is refused and adds nothing', async ({ t }) => {
    const { editor, roomId, evening, a, b } = await roomWithTwoPlaylists(t);
    await add(editor.client, evening, [a.id]);
    const twice = await editor.client.call('playlists.addTracks', {
      playlistId: evening,
      ids: [b.id, a.id],
    });
    expect(twice.body.errorData).toMatchObject({
      key: TRACK_ERRORS.alreadyInPlaylist,
      playlist: 'Evening',
    });
    expect(twice.body.errorMessage).toBe('Already in “Evening”: nothing was added');
    expect(await titlesIn(editor.client, roomId, evening)).toEqual(['A']);
  });

  test('a track of another room does not go in', async ({ t }) => {
    const { owner, editor, roomId, evening } = await roomWithTwoPlaylists(t);
    const elsewhere = await createRoom(t, { owner: owner.user });
    const foreign = await createTrack(t, { room: elsewhere, title: 'Foreign' });
    const res = await editor.client.call('playlists.addTracks', {
      playlistId: evening,
      ids: [foreign.id],
    });
    expectRefused(res, TRACK_ERRORS.otherRoomTrack);
    expect(await titlesIn(editor.client, roomId, evening)).toEqual([]);
  });

  test('a participant may neither add to a playlist nor take a track out of one', async ({ t }) => {
    const { editor, participant, roomId, evening, a, b } = await roomWithTwoPlaylists(t);
    await add(editor.client, evening, [a.id]);
    const adding = await participant.client.call('playlists.addTracks', {
      playlistId: evening,
      ids: [b.id],
    });
    expect(adding.body.errorData).toMatchObject({ code: 'forbidden' });
    const removing = await participant.client.call('playlists.removeTracks', {
      playlistId: evening,
      ids: [a.id],
    });
    expect(removing.body.errorData).toMatchObject({ code: 'forbidden' });
    expect(await titlesIn(editor.client, roomId, evening)).toEqual(['A']);
  });

  test('leaving one playlist keeps the track in the room and its other playlists', async ({
    t,
  }) => {
    const { editor, roomId, main, evening, a, b } = await roomWithTwoPlaylists(t);
    await add(editor.client, evening, [a.id, b.id]);
    const res = await editor.client.call('playlists.removeTracks', {
      playlistId: evening,
      ids: [a.id],
    });
    expect(res.body.value).toEqual({ removed: 1 });
    expect(await titlesIn(editor.client, roomId, evening)).toEqual(['B']);
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C']);

    // The default playlist holds what is in no other: a track leaves it only by deletion.
    const fromMain = await editor.client.call('playlists.removeTracks', {
      playlistId: main,
      ids: [a.id],
    });
    expectRefused(fromMain, TRACK_ERRORS.defaultPlaylistEntry);
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C']);
  });

  test('a track that leaves its only playlist goes to the end of the default one', async ({
    t,
  }) => {
    const { editor, room, roomId, main, evening } = await roomWithTwoPlaylists(t);
    const only = await createTrack(t, { room, playlistId: evening, title: 'Only evening' });
    await editor.client.call('playlists.removeTracks', { playlistId: evening, ids: [only.id] });
    expect(await titlesIn(editor.client, roomId, evening)).toEqual([]);
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C', 'Only evening']);
  });

  test('removing a playlist keeps its tracks: those in no other playlist go to the default one', async ({
    t,
  }) => {
    const { editor, room, roomId, main, evening, b } = await roomWithTwoPlaylists(t);
    const late = await createTrack(t, { room, playlistId: evening, title: 'Late' });
    await add(editor.client, evening, [b.id]);
    const res = await editor.client.call('playlists.remove', { id: evening });
    expect(res.body.status, JSON.stringify(res.body)).toBe('success');
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C', 'Late']);
    expect(await counts(editor.client, roomId)).toEqual([['Playlist', 4]]);
    const [kept] = (await listTracks(editor.client, roomId, { playlistId: main })).tracks.filter(
      (track) => track._id === late.id,
    );
    expect(kept!.playlistIds).toEqual([main]);
  });

  test('deleting a track takes it out of every playlist, and Undo puts it back in each place', async ({
    t,
  }) => {
    const { editor, participant, roomId, main, evening, a, b, c } = await roomWithTwoPlaylists(t);
    await add(editor.client, evening, [c.id, b.id, a.id]);
    await editor.client.call('tracks.reorder', { playlistId: main, ids: [b.id, c.id, a.id] });

    const removed = await editor.client.call('tracks.remove', { id: c.id });
    const { removalId } = removed.body.value as { removalId: string };
    expect(await titlesIn(participant.client, roomId, main)).toEqual(['B', 'A']);
    expect(await titlesIn(participant.client, roomId, evening)).toEqual(['B', 'A']);

    const undone = await editor.client.call('tracks.restore', { removalId });
    expect(undone.body.value).toEqual({ restored: 1 });
    expect(await titlesIn(participant.client, roomId, main)).toEqual(['B', 'C', 'A']);
    expect(await titlesIn(participant.client, roomId, evening)).toEqual(['C', 'B', 'A']);
  });

  test('a deleted track whose playlist went meanwhile comes back into the default one', async ({
    t,
  }) => {
    const { editor, room, roomId, main, evening } = await roomWithTwoPlaylists(t);
    const late = await createTrack(t, { room, playlistId: evening, title: 'Late' });
    const removed = await editor.client.call('tracks.remove', { id: late.id });
    const { removalId } = removed.body.value as { removalId: string };
    await editor.client.call('playlists.remove', { id: evening });
    await editor.client.call('tracks.restore', { removalId });
    expect(await titlesIn(editor.client, roomId, main)).toEqual(['A', 'B', 'C', 'Late']);
  });
});

describe('the player in a playlist that shares tracks with another', () => {
  test('next and previous follow the playing playlist, not the other', async ({ t }) => {
    const { owner, roomId, evening, a, c } = await roomWithTwoPlaylists(t);
    await add(owner.client, evening, [c.id, a.id]);
    const selected = await command(owner.client, roomId, 0, {
      type: 'select',
      trackId: c.id,
      playlistId: evening,
    });
    expect(selected).toMatchObject({ playlistId: evening, trackId: c.id });
    // In the default playlist C is last; in this one A follows it.
    const next = await command(owner.client, roomId, selected.revision, { type: 'next' });
    expect(next).toMatchObject({ playlistId: evening, trackId: a.id });
    const back = await command(owner.client, roomId, next.revision, { type: 'previous' });
    expect(back).toMatchObject({ playlistId: evening, trackId: c.id });
  });

  test('the playing track taken out of the playing playlist gives way to the next one there', async ({
    t,
  }) => {
    const { owner, roomId, evening, a, b, c } = await roomWithTwoPlaylists(t);
    await add(owner.client, evening, [c.id, a.id, b.id]);
    const selected = await command(owner.client, roomId, 0, {
      type: 'select',
      trackId: a.id,
      playlistId: evening,
    });
    expect(selected).toMatchObject({ trackId: a.id, playing: true });
    await owner.client.call('playlists.removeTracks', { playlistId: evening, ids: [a.id] });
    const moved = await storedUntil(t, roomId, (row) => row.trackId !== a.id);
    expect(moved).toMatchObject({ playlistId: evening, trackId: b.id });
  });
});
