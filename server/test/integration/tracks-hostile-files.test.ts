import fs from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { asRoomId } from '@music-rooms/domain';
import { jobs } from '../../src/db/schema-jobs';
import type { TestApp } from '../helpers/app';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { eventually } from '../helpers/eventually';
import { describe, expect, scratchDir, test } from '../helpers/fixtures';
import { craftedWav, longSilence, withClaimedFrames } from '../helpers/hostile-audio';
import { createRoom } from '../helpers/rooms';
import {
  audioMetadata,
  listTracks,
  tusUpload,
  waitForTrack,
  waitForUpload,
} from '../helpers/tracks';

const scratch = test.extend('dir', { scope: 'file' }, scratchDir('tracks-hostile-'));

/** Processing jobs of a room that a node is running now. */
async function runningJobsOf(t: TestApp, roomId: string): Promise<number> {
  const rows = await t.app.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), sql`${jobs.payload}->>'roomId' = ${roomId}`));
  return rows.length;
}

const CRAFTED = {
  // The black-box finding: 88 KB that kept a decoder busy for minutes and 2.8 GB.
  'a sample rate of 1 Hz': craftedWav({ sampleRate: 1, channels: 1, byteRate: 2 }, 88 * 1024),
  '200 channels': craftedWav({ sampleRate: 44_100, channels: 200 }, 64 * 1024),
};

describe('hostile audio files', () => {
  for (const [claim, bytes] of Object.entries(CRAFTED)) {
    test(`refuses a WAV whose header claims ${claim}, as not audio`, async ({ t, f }) => {
      const { user, client } = await f.signedInUser();
      const roomId = asRoomId((await createRoom(t, { owner: user })).id);
      const url = await tusUpload(t, client, bytes, audioMetadata(roomId, 'Crafted - File.wav'));
      expect(await waitForUpload(client, roomId, url)).toMatchObject({
        status: 'failed',
        failure: 'tracks.errors.unsupportedFormat',
      });
      // The failed track is the uploader's panel's, never the room's list.
      const { tracks } = await listTracks(client, roomId);
      expect(tracks).toEqual([]);
    });
  }

  scratch(
    'refuses an MP3 whose header claims years of audio in a second',
    async ({ t, f, dir }) => {
      const { user, client } = await f.signedInUser();
      const roomId = asRoomId((await createRoom(t, { owner: user })).id);
      const mp3 = await fs.readFile(await makeAudioFixture(dir, 'mp3', { seconds: 1 }));
      const claiming = withClaimedFrames(mp3, 0xffff_fff0);
      const url = await tusUpload(t, client, claiming, audioMetadata(roomId, 'Long - Claim.mp3'));
      expect(await waitForUpload(client, roomId, url)).toMatchObject({
        status: 'failed',
        failure: 'tracks.errors.unsupportedFormat',
      });
    },
  );

  scratch(
    "leaves a slot for another room's upload while one room's files are slow",
    async ({ t, f, dir }) => {
      const { user, client } = await f.signedInUser();
      const slowRoom = asRoomId((await createRoom(t, { owner: user })).id);
      const otherRoom = asRoomId((await createRoom(t, { owner: user })).id);
      // Two hours of silence each: tiny files whose decoding takes far longer than a tone's.
      for (const seconds of [3600, 3601]) {
        const file = await longSilence(dir, seconds);
        await tusUpload(t, client, file, audioMetadata(slowRoom, `Slow - ${seconds}.flac`));
      }
      await eventually(async () => expect(await runningJobsOf(t, slowRoom)).toBeGreaterThan(0));

      const tone = await makeAudioFixture(dir, 'wav', { seconds: 1 });
      await tusUpload(t, client, tone, audioMetadata(otherRoom, 'Other - Tone.wav'));
      await waitForTrack(client, otherRoom, (x) => x.status === 'ready');
      const { tracks } = await listTracks(client, slowRoom);
      expect(tracks.map((x) => x.status)).toEqual(['processing', 'processing']);

      // Removing the room stops its decoding rather than leaving it to the end of the test run.
      await client.call('rooms.remove', { id: slowRoom });
    },
  );
});
