import fs from 'node:fs/promises';
import path from 'node:path';
import { asTrackId } from '@music-rooms/domain';
import { inTransaction } from '../../src/db/transaction';
import { resolveFfmpegPath } from '../../src/media';
import { processAudioJob } from '../../src/services/tracks/processing';
import { insertUpload } from '../../src/services/tracks/upload-store';
import type { TestApp } from '../helpers/app';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { describe, expect, test } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

/** Every file in the app's storage folder, as keys. */
async function storedKeys(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'storage');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('a track whose room is removed while its upload is processed', () => {
  test('leaves no stored file behind once its processing ends', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, { room, status: 'processing', audioKey: null });
    const trackId = asTrackId(track.id);
    // An upload the queue does not know of: this test runs its processing step by step.
    const uploadId = `test-${track.id}`;
    const uploads = path.join(t.config.dataDir, 'uploads');
    await fs.mkdir(uploads, { recursive: true });
    const made = await makeAudioFixture(uploads, 'wav', {
      fileName: `${uploadId}.wav`,
      seconds: 2,
    });
    // The upload store keeps a finished upload's bytes under its id alone.
    const wav = path.join(uploads, uploadId);
    await fs.rename(made, wav);
    const { db } = t.app.database;
    await insertUpload(db, {
      id: uploadId,
      roomId: room.id,
      userId: user.id,
      fileName: 'Artist - Title.wav',
      sizeBytes: (await fs.stat(wav)).size,
      status: 'processing',
      trackId,
    });
    const { storage, uploadFiles } = t.app.tracksRuntime;
    const ffmpeg = resolveFfmpegPath(t.config.ffmpegPath);
    const job = processAudioJob({ storage, uploadFiles, ffmpeg, log: t.app.log }, db);
    const before = await storedKeys(t);

    const commit = await job.run(
      { uploadId, trackId },
      {
        signal: new AbortController().signal,
        attempt: 1,
      },
    );
    const stored = (await storedKeys(t)).filter((key) => !before.includes(key));
    expect(stored).toContain(`audio/${track.id}`);
    expect(stored.some((key) => key.startsWith('playback/'))).toBe(true);

    expect((await client.call('rooms.remove', { id: room.id })).body.value).toEqual({
      removed: true,
    });
    await inTransaction(db, commit);
    expect(await storedKeys(t)).toEqual(before);
  });
});
