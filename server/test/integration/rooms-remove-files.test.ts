import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { asTrackId } from '@music-rooms/domain';
import { tracks } from '../../src/db/schema-tracks';
import type { TrackRow } from '../../src/services/tracks/store';
import { insertPlaybackCopy } from '../../src/services/tracks/playback-store';
import type { TestApp } from '../helpers/app';
import { describe, expect, test as base } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

/**
 * A ready track with every kind of stored file: its audio, the cover embedded in it, a custom
 * cover, and a playback copy (its row and its file). Answers the keys of those files.
 */
async function trackWithAllFiles(t: TestApp, track: TrackRow): Promise<string[]> {
  const { storage } = t.app.tracksRuntime;
  const db = t.app.database.db;
  const embeddedCoverKey = `covers/${track.id}-embedded.webp`;
  const coverKey = `covers/${track.id}-custom.webp`;
  const playbackKey = `playback/${track.id}-0123456789abcdef.flac`;
  await storage.putBuffer(embeddedCoverKey, Buffer.from('embedded'), 'image/webp');
  await storage.putBuffer(coverKey, Buffer.from('custom'), 'image/webp');
  await storage.putBuffer(playbackKey, Buffer.from('fLaC copy'), 'audio/flac');
  await db.update(tracks).set({ coverKey, embeddedCoverKey }).where(eq(tracks.id, track.id));
  const recorded = await insertPlaybackCopy(db, {
    trackId: asTrackId(track.id),
    storageKey: playbackKey,
    sourceKey: track.audioKey!,
    version: '0123456789abcdef',
    sampleRate: 44_100,
    channels: 2,
    totalSamples: 44_100,
    sizeBytes: 9,
    headerBase64: '',
    segments: [],
  });
  expect(recorded).toBe(true);
  return [track.audioKey!, embeddedCoverKey, coverKey, playbackKey];
}

const storedKeys = async (t: TestApp, keys: string[]) => {
  const found = await Promise.all(keys.map((key) => t.app.tracksRuntime.storage.stat(key)));
  return keys.filter((_key, i) => found[i] !== null);
};

// The file that cannot be deleted is told in the log.
const test = base.extend('appOptions', { scope: 'file' }, { captureLogs: true });

describe('removing a room', () => {
  test('deletes the stored files of its tracks: audio, covers and playback copies', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const other = await createRoom(t, { owner: user });
    const keys = [
      ...(await trackWithAllFiles(t, await createTrack(t, { room }))),
      ...(await trackWithAllFiles(t, await createTrack(t, { room }))),
    ];
    const kept = await trackWithAllFiles(t, await createTrack(t, { room: other }));
    expect(await storedKeys(t, keys)).toEqual(keys);

    const res = await client.call('rooms.remove', { id: room.id });
    expect(res.body.value).toEqual({ removed: true });
    expect(await storedKeys(t, keys)).toEqual([]);
    expect(await storedKeys(t, kept)).toEqual(kept);
  });

  test('still removes the room when a file cannot be deleted, and logs that file', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, { room });
    const [audioKey, embeddedKey, coverKey, playbackKey] = await trackWithAllFiles(t, track);
    // A folder where the custom cover's file should be: the store cannot delete it as a file.
    const coverPath = path.join(t.config.dataDir, 'storage', ...coverKey!.split('/'));
    await fs.rm(coverPath);
    await fs.mkdir(coverPath);
    await fs.writeFile(path.join(coverPath, 'inside'), 'x');

    const res = await client.call('rooms.remove', { id: room.id });
    expect(res.body.value).toEqual({ removed: true });
    expect((await client.call('rooms.get', { id: room.id })).body.value).toBeNull();
    const others = [audioKey!, embeddedKey!, playbackKey!];
    expect(await storedKeys(t, others)).toEqual([]);
    expect(t.logs.find((line) => line.key === coverKey)).toMatchObject({
      level: 40,
      msg: 'could not delete a stored file',
    });
  });
});
