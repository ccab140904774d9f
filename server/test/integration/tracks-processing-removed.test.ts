import fs from 'node:fs/promises';
import path from 'node:path';
import {
  asTrackId,
  TRACK_ERRORS,
  type JobPayloads,
  type RoomId,
  type TrackId,
  type UserId,
} from '@music-rooms/domain';
import { inTransaction } from '../../src/db/transaction';
import { resolveFfmpegPath } from '../../src/media';
import { processAudioJob } from '../../src/services/tracks/processing';
import { insertUpload } from '../../src/services/tracks/upload-store';
import type { TestApp } from '../helpers/app';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { eventually } from '../helpers/eventually';
import { longSilence, processesReading } from '../helpers/hostile-audio';
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

type Staged = JobPayloads['process-audio'] & { file: string };

/** An upload the queue does not know of, for a test to run its processing step by step. */
async function stageUpload(
  t: TestApp,
  room: { id: RoomId },
  userId: UserId,
  trackId: TrackId,
  made: string,
): Promise<Staged> {
  const uploadId = `test-${trackId}`;
  const uploads = path.join(t.config.dataDir, 'uploads');
  await fs.mkdir(uploads, { recursive: true });
  // The upload store keeps a finished upload's bytes under its id alone.
  const file = path.join(uploads, uploadId);
  await fs.rename(made, file);
  await insertUpload(t.app.database.db, {
    id: uploadId,
    roomId: room.id,
    userId,
    fileName: 'Artist - Title.flac',
    sizeBytes: (await fs.stat(file)).size,
    status: 'processing',
    trackId,
  });
  return { uploadId, trackId, roomId: room.id, userId, file };
}

function processingJob(t: TestApp) {
  const { storage, uploadFiles } = t.app.tracksRuntime;
  const ffmpeg = resolveFfmpegPath(t.config.ffmpegPath);
  const { maxAudioFileSize } = t.config;
  const deps = { storage, uploadFiles, ffmpeg, log: t.app.log, maxAudioFileSize };
  return processAudioJob(deps, t.app.database.db);
}

const running = { signal: new AbortController().signal, attempt: 1 };

describe('a track whose room is removed while its upload is processed', () => {
  test('leaves no stored file behind once its processing ends', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, { room, status: 'processing', audioKey: null });
    const scratch = path.join(t.config.dataDir, 'uploads');
    await fs.mkdir(scratch, { recursive: true });
    const made = await makeAudioFixture(scratch, 'wav', { fileName: 'made.wav', seconds: 2 });
    const staged = await stageUpload(t, room, user.id, asTrackId(track.id), made);
    const before = await storedKeys(t);

    const commit = await processingJob(t).run(staged, running);
    const stored = (await storedKeys(t)).filter((key) => !before.includes(key));
    expect(stored).toContain(`audio/${track.id}`);
    expect(stored.some((key) => key.startsWith('playback/'))).toBe(true);

    expect((await client.call('rooms.remove', { id: room.id })).body.value).toEqual({
      removed: true,
    });
    await inTransaction(t.app.database.db, commit);
    expect(await storedKeys(t)).toEqual(before);
  });

  for (const removed of ['room', 'track'] as const) {
    test(`stops decoding when its ${removed} is removed, and stores nothing`, async ({ t, f }) => {
      const { user, client } = await f.signedInUser();
      const room = await createRoom(t, { owner: user });
      const track = await createTrack(t, { room, status: 'processing', audioKey: null });
      const scratch = path.join(t.config.dataDir, 'uploads');
      await fs.mkdir(scratch, { recursive: true });
      // An hour of silence: its decoding outlasts this test by far unless it is stopped.
      const made = await longSilence(scratch, 3600);
      const staged = await stageUpload(t, room, user.id, asTrackId(track.id), made);
      const before = await storedKeys(t);

      const run = processingJob(t).run(staged, running);
      const [ffmpeg] = await eventually(async () => {
        const pids = await processesReading(staged.file);
        expect(pids).toHaveLength(1);
        return pids;
      });
      const removal =
        removed === 'room'
          ? await client.call('rooms.remove', { id: room.id })
          : await client.call('tracks.remove', { id: track.id });
      expect(removal.body.status, JSON.stringify(removal.body)).toBe('success');

      const commit = await run;
      // Cut short while decoding: nothing was stored, not even for the commit to remove.
      expect(await storedKeys(t)).toEqual(before);
      expect(await fs.stat(`/proc/${ffmpeg}`).catch(() => null)).toBeNull();
      await inTransaction(t.app.database.db, commit);
      expect(await storedKeys(t)).toEqual(before);
    });
  }

  test('ends the upload of a track deleted while it processes, saying why', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, { room, status: 'processing', audioKey: null });
    const scratch = path.join(t.config.dataDir, 'uploads');
    await fs.mkdir(scratch, { recursive: true });
    const made = await makeAudioFixture(scratch, 'wav', { fileName: 'gone.wav', seconds: 1 });
    const { uploadId } = await stageUpload(t, room, user.id, asTrackId(track.id), made);

    const removal = await client.call('tracks.remove', { id: track.id });
    expect(removal.body.status, JSON.stringify(removal.body)).toBe('success');
    const uploads = (await client.call('uploads.list', { roomId: room.id })).body.value;
    expect(uploads).toEqual([
      expect.objectContaining({
        uploadId,
        status: 'cancelled',
        failure: TRACK_ERRORS.trackRemoved,
      }),
    ]);
  });
});
