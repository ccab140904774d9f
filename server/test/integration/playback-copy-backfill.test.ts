import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TrackId } from '@music-rooms/domain';
import { jobs } from '../../src/db/schema-jobs';
import { PLAYBACK_COPY_JOB } from '../../src/services/tracks/playback-copies';
import { insertJob } from '../../src/services/jobs/store';
import { deletePlaybackCopies } from '../../src/services/tracks/playback-store';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { createTestDatabase } from '../helpers/database';
import { factories } from '../helpers/factories';
import { describe, expect, test } from '../helpers/fixtures';
import { manifestOf, recordedCopy, uploadReadyTrack } from '../helpers/playback';
import { createRoom } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

/** Takes a track's copy away, as a track made before copies existed never had one. */
async function forgetCopy(t: TestApp, id: string) {
  const keys = await deletePlaybackCopies(t.app.database.db, [id as TrackId]);
  for (const key of keys.values()) await t.app.tracksRuntime.storage.remove(key);
}

/** Polls until `read` answers something (work that runs in the background). */
async function eventually<T>(read: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('the background work did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An app on a data folder and a database that outlive it, so that it can start again. */
function appOn(dataDir: string, databaseUrl: string | null) {
  if (databaseUrl) return startTestApp({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  return startTestApp({ DATA_DIR: dataDir }, { config: { databaseUrl: null, embeddedDb: 'disk' } });
}

const copyJobsOf = (t: TestApp) =>
  t.app.database.db.select().from(jobs).where(eq(jobs.kind, PLAYBACK_COPY_JOB));

describe('tracks without a playback copy', () => {
  test('get one when the player first asks, made once however many ask at once', async ({
    t,
    f,
  }) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'playback-ask-'));
    const owner = await f.signedInUser();
    const room = await createRoom(t, { owner: owner.user });
    const file = await makeAudioFixture(dir, 'ogg', { seconds: 3, frequency: 480 });
    const track = await uploadReadyTrack(t, owner.client, room, file, 'Asked');
    const made = (await recordedCopy(t, track._id))!;
    await forgetCopy(t, track._id);

    const playback = t.app.tracksRuntime.playback;
    const first = playback.ensure(track._id);
    expect(playback.ensure(track._id)).toBe(first); // one making per track on a node
    const answers = await Promise.all([1, 2, 3].map(() => manifestOf(owner.client, track._id)));
    await first;
    // Made again from the stored file, the copy is the same bytes as the one made on upload.
    expect(new Set(answers.map((answer) => answer.version))).toEqual(new Set([made.version]));
    expect((await recordedCopy(t, track._id))?.storageKey).toBe(made.storageKey);
    expect(await t.app.tracksRuntime.storage.stat(made.storageKey)).not.toBeNull();
    await fs.rm(dir, { recursive: true, force: true });
  });

  test('are queued at start, each once, and made by a background job', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'playback-backfill-'));
    const database = process.env.DATABASE_URL
      ? await createTestDatabase(process.env.DATABASE_URL)
      : null;
    const before = await appOn(dataDir, database?.url ?? null);
    const owner = await factories(before).signedInUser();
    const room = await createRoom(before, { owner: owner.user });
    const file = await makeAudioFixture(dataDir, 'mp3', { seconds: 3, frequency: 510 });
    const track = await uploadReadyTrack(before, owner.client, room, file, 'Older');
    const made = (await recordedCopy(before, track._id))!;
    await forgetCopy(before, track._id);
    // A track whose copy job already failed every attempt is left to the player's first ask.
    const broken = await createTrack(before, { room });
    const given = await insertJob(before.app.database.db, PLAYBACK_COPY_JOB, {
      trackId: broken.id,
    });
    await before.app.database.db
      .update(jobs)
      .set({ status: 'failed' })
      .where(eq(jobs.id, given.id));
    await before.close();

    const after = await appOn(dataDir, database?.url ?? null);
    const copy = await eventually(() => recordedCopy(after, track._id));
    expect(copy.version).toBe(made.version);
    const queued = (await copyJobsOf(after)).filter((job) => job.id !== given.id);
    expect(queued).toMatchObject([{ background: true, payload: { trackId: track._id } }]);
    await after.close();

    const again = await appOn(dataDir, database?.url ?? null);
    expect(await copyJobsOf(again)).toHaveLength(2); // nothing is queued again
    const client = await factories(again).signedInUser();
    expect((await manifestOf(client.client, track._id)).version).toBe(made.version);
    await again.close();
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
