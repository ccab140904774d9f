import { afterAll } from 'vitest';
import { asRoomId, TRACK_ERRORS, type RoomId, type TrackId } from '@music-rooms/domain';
import type { TestApp } from '../helpers/app';
import { clientFor, type SessionClient } from '../helpers/factories';
import { describe, expect, test } from '../helpers/fixtures';
import { lastingData } from '../helpers/player';
import { endUndoWindows } from '../helpers/removals';
import { createRoom, newRoomPerson } from '../helpers/rooms';
import { createTrack, listTracks } from '../helpers/tracks';
import { findPlaybackCopy, insertPlaybackCopy } from '../../src/services/tracks/playback-store';
import type { TrackRow } from '../../src/services/tracks/store';

/** A ready track with a playback copy, both stored (the copy's bytes are a stand-in). */
async function trackWithCopy(
  t: TestApp,
  room: Parameters<typeof createTrack>[1]['room'],
  title: string,
) {
  const track = await createTrack(t, { room, title });
  const storageKey = `playback/${track.id}-seeded.flac`;
  await t.app.tracksRuntime.storage.putBuffer(storageKey, Buffer.from('fLaC'), 'audio/flac');
  await insertPlaybackCopy(t.app.database.db, {
    trackId: track.id,
    storageKey,
    sourceKey: track.audioKey!,
    version: 'seeded',
    sampleRate: 44_100,
    channels: 2,
    totalSamples: 1,
    sizeBytes: 4,
    headerBase64: '',
    segments: [],
  });
  return { track, storageKey };
}

const titles = async (client: SessionClient, roomId: RoomId) =>
  (await listTracks(client, roomId)).tracks.map((track) => track.title);

const stored = (t: TestApp, key: string) => t.app.tracksRuntime.storage.stat(key);

async function removalOf(client: SessionClient, id: TrackId): Promise<string> {
  const res = await client.call('tracks.remove', { id });
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return (res.body.value as { removalId: string }).removalId;
}

// Undo after delete (spec §2 Removal): the tracks leave everyone's list at once, their files
// wait out the undo window, and an undo puts them back in their places.
describe('undoing a track removal', () => {
  test('puts the tracks back in their places with their files and playback copies', async ({
    t,
    f,
  }) => {
    const owner = await f.signedInUser();
    const editor = await f.signedInUser();
    const listener = await f.signedInUser();
    const room = await createRoom(t, {
      owner: owner.user,
      members: [
        { user: editor.user, role: 'editor' },
        { user: listener.user, role: 'participant' },
      ],
    });
    const roomId = asRoomId(room.id);
    await createTrack(t, { room, title: 'One' });
    const { track: two, storageKey } = await trackWithCopy(t, room, 'Two');
    const three = await createTrack(t, { room, title: 'Three' });

    const removalId = await removalOf(owner.client, two.id);
    const many = await owner.client.call('tracks.removeMany', { ids: [three.id] });
    const [manyRemoval] = (many.body.value as { removalIds: string[] }).removalIds;
    expect(await titles(listener.client, roomId)).toEqual(['One']);
    expect(await findPlaybackCopy(t.app.database.db, two.id)).toBeNull();
    expect(await stored(t, two.audioKey!)).not.toBeNull();
    expect(await stored(t, storageKey)).not.toBeNull();

    // Who may not remove tracks may not undo either; nothing changes.
    const refused = await listener.client.call('tracks.restore', { removalId });
    expect(refused.body.errorData).toMatchObject({ code: 'forbidden' });
    expect(await titles(owner.client, roomId)).toEqual(['One']);

    const undone = await editor.client.call('tracks.restore', { removalId });
    expect(undone.body.value).toEqual({ restored: 1 });
    await owner.client.call('tracks.restore', { removalId: manyRemoval! });
    expect(await titles(listener.client, roomId)).toEqual(['One', 'Two', 'Three']);
    const back = (await listTracks(owner.client, roomId)).tracks[1]!;
    expect(back._id).toBe(two.id);
    expect(await findPlaybackCopy(t.app.database.db, two.id)).toMatchObject({ storageKey });

    const again = await owner.client.call('tracks.restore', { removalId });
    expect(again.body.errorData).toMatchObject({ key: TRACK_ERRORS.undoExpired });
  });

  test('is refused once the window has closed, when the files are gone', async ({ t, f }) => {
    const owner = await f.signedInUser();
    const room = await createRoom(t, { owner: owner.user });
    const { track, storageKey } = await trackWithCopy(t, room, 'Gone');
    const removalId = await removalOf(owner.client, track.id);

    await endUndoWindows(t);
    expect(await stored(t, track.audioKey!)).toBeNull();
    expect(await stored(t, storageKey)).toBeNull();
    const late = await owner.client.call('tracks.restore', { removalId });
    expect(late.body.errorData).toMatchObject({ key: TRACK_ERRORS.undoExpired });
    expect(await titles(owner.client, asRoomId(room.id))).toEqual([]);
  });

  test('a track removed while it processes goes for good', async ({ t, f }) => {
    const owner = await f.signedInUser();
    const room = await createRoom(t, { owner: owner.user });
    const track = await createTrack(t, { room, status: 'processing', audioKey: null });
    const res = await owner.client.call('tracks.remove', { id: track.id });
    expect(res.body.value).toEqual({ removed: true, removalId: null });
  });
});

describe('a removal across a server restart', () => {
  const data = lastingData();
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await (await data).remove();
  });

  test('may still be undone after the restart, and its files wait for it', async () => {
    const { start } = await data;
    const first = await start();
    apps.push(first);
    const owner = await newRoomPerson(first);
    const room = await createRoom(first, { owner: owner.user });
    const track: TrackRow = await createTrack(first, { room, title: 'Survivor' });
    const removalId = await removalOf(owner.client, track.id);
    await first.close();
    apps.pop();

    const second = await start();
    apps.push(second);
    const client = await clientFor(second, owner.user);
    expect(await stored(second, track.audioKey!)).not.toBeNull();
    const undone = await client.call('tracks.restore', { removalId });
    expect(undone.body.value).toEqual({ restored: 1 });
    expect(await titles(client, asRoomId(room.id))).toEqual(['Survivor']);
  });
});
