import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportView } from '@music-rooms/domain';
import type { TestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { heldFfmpeg } from '../helpers/held-ffmpeg';
import { describe, expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { listTracks } from '../helpers/tracks';
import { serviceTest, startImport, waitForImport } from '../helpers/yandex-music';

const ffmpeg = heldFfmpeg();
const test = serviceTest.extend('appEnv', { scope: 'file' }, ({ double, dataDir }) => ({
  YANDEX_MUSIC_API_URL: double.url,
  YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
  FFMPEG_PATH: ffmpeg.path,
  DATA_DIR: dataDir,
}));

/** Every file in the app's storage folder. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'storage');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

// Cancelling while a downloaded track is processed: the track is not added, for anyone, and
// the import says so.
describe('cancel during processing', () => {
  test('drops the track being processed from the room and leaves no file of it', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const other = await f.signedInUser();
    const room = await createRoom(t, {
      owner: user,
      members: [{ user: other.user, role: 'participant' }],
    });
    ffmpeg.close();
    try {
      const started = await startImport(client, room.id, ['101']);
      await waitForImport(
        client,
        started.importId,
        (view) => view.items[0]!.status === 'processing',
      );
      expect((await listTracks(other.client, room.id)).tracks.map((track) => track.status)).toEqual(
        ['processing'],
      );
      const res = await client.call('yandexMusic.cancelImport', { importId: started.importId });
      const view = res.body.value as ImportView;
      expect(view.status).toBe('cancelled');
      expect(view.items.map((item) => [item.status, item.trackId])).toEqual([['cancelled', null]]);
      for (const viewer of [client, other.client]) {
        expect((await listTracks(viewer, room.id)).tracks).toEqual([]);
      }
    } finally {
      ffmpeg.open();
    }
    await eventually(async () => expect(await storedFiles(t)).toEqual([]));
    expect((await listTracks(client, room.id)).tracks).toEqual([]);
  });
});
