import { asRoomId, type RoomId, type UploadView } from '@music-rooms/domain';
import { describe, expect, scratchDir, test } from '../helpers/fixtures';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import type { TestApp } from '../helpers/app';
import type { Factories, SessionClient } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';
import {
  audioMetadata,
  listTracks,
  tusUpload,
  waitForTrack,
  waitForUpload,
} from '../helpers/tracks';

const scratch = test.extend('dir', { scope: 'file' }, scratchDir('tracks-duplicates-'));

type Setup = { client: SessionClient; roomId: RoomId; original: string; again: UploadView };

describe('an upload that matches a track of the room', () => {
  async function duplicateOf(
    t: TestApp,
    f: Factories,
    dir: string,
    second: (first: string) => Promise<string | Buffer>,
  ): Promise<Setup> {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const roomId = asRoomId(room.id);
    const file = await makeAudioFixture(dir, 'mp3', {
      seconds: 3,
      tags: { title: 'Same Song', artist: 'Same Band' },
      fileName: `first-${Date.now()}.mp3`,
    });
    await tusUpload(t, client, file, audioMetadata(roomId, 'first.mp3'));
    const original = (await waitForTrack(client, roomId, (x) => x.status === 'ready'))._id;
    const url = await tusUpload(t, client, await second(file), audioMetadata(roomId, 'again.mp3'));
    return { client, roomId, original, again: await waitForUpload(client, roomId, url) };
  }

  scratch('with the same bytes waits for the uploader, who may skip it', async ({ t, f, dir }) => {
    const { client, roomId, original, again } = await duplicateOf(t, f, dir, async (file) => file);
    expect(again.status).toBe('duplicate');
    expect(again.duplicateOf).toMatchObject({ _id: original, title: 'Same Song' });
    const waiting = await listTracks(client, roomId);
    expect(waiting.tracks.map((x) => x.status).sort()).toEqual(['processing', 'ready']);

    const res = await client.call('tracks.resolveDuplicate', {
      uploadId: again.uploadId,
      choice: 'skip',
    });
    expect(res.body.value).toMatchObject({ status: 'skipped', trackId: null });
    const after = await listTracks(client, roomId);
    expect(after.tracks.map((x) => x._id)).toEqual([original]);

    const twice = await client.call('tracks.resolveDuplicate', {
      uploadId: again.uploadId,
      choice: 'keepBoth',
    });
    expect(twice.body.errorData).toMatchObject({ key: 'tracks.errors.notADuplicate' });
  });

  scratch(
    'with the same artist and title and a close duration may be kept beside it',
    async ({ t, f, dir }) => {
      const { client, roomId, again } = await duplicateOf(t, f, dir, () =>
        makeAudioFixture(dir, 'mp3', {
          seconds: 4,
          frequency: 880,
          tags: { title: 'same song', artist: 'SAME BAND' },
          fileName: `second-${Date.now()}.mp3`,
        }),
      );
      expect(again.status).toBe('duplicate');
      const res = await client.call('tracks.resolveDuplicate', {
        uploadId: again.uploadId,
        choice: 'keepBoth',
      });
      expect(res.body.value).toMatchObject({ status: 'ready' });
      const { tracks } = await listTracks(client, roomId);
      expect(tracks.map((x) => x.status)).toEqual(['ready', 'ready']);
    },
  );

  scratch(
    'may replace the old track’s audio, which keeps its place and title',
    async ({ t, f, dir }) => {
      const { client, roomId, original, again } = await duplicateOf(t, f, dir, () =>
        makeAudioFixture(dir, 'flac', {
          seconds: 3,
          frequency: 660,
          tags: { title: 'Same Song', artist: 'Same Band' },
          fileName: `second-${Date.now()}.flac`,
        }),
      );
      await client.call('tracks.update', { id: original, title: 'Same Song (my edit)' });
      const res = await client.call('tracks.resolveDuplicate', {
        uploadId: again.uploadId,
        choice: 'replace',
      });
      expect(res.body.value).toMatchObject({ status: 'ready', trackId: original });
      const { tracks } = await listTracks(client, roomId);
      expect(tracks).toHaveLength(1);
      expect(tracks[0]).toMatchObject({ _id: original, title: 'Same Song (my edit)' });
      const audio = await client.fetch(`/api/tracks/${original}/audio`);
      expect(audio.headers.get('content-type')).toBe('audio/flac');
    },
  );

  scratch('that someone else uploaded is not theirs to decide', async ({ t, f, dir }) => {
    const { again } = await duplicateOf(t, f, dir, async (file) => file);
    const other = await f.signedInUser();
    const res = await other.client.call('tracks.resolveDuplicate', {
      uploadId: again.uploadId,
      choice: 'skip',
    });
    expect(res.body.errorData).toMatchObject({ key: 'tracks.errors.uploadNotFound' });
  });
});
