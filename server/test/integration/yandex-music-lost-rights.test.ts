import { ROOM_ERRORS } from '@music-rooms/domain';
import { eventually } from '../helpers/eventually';
import { describe, expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { listTracks } from '../helpers/tracks';
import {
  TEST_TIMINGS,
  serviceTest,
  serviceTrack,
  startImport,
  waitForImport,
} from '../helpers/yandex-music';
import { listItems } from '../../src/services/yandex-music/import-store';

// One track at a time, so that the later tracks of the import are still waiting their turn.
const test = serviceTest.extend(
  'appOptions',
  { scope: 'file' },
  { config: { yandexMusic: { ...TEST_TIMINGS, concurrency: 1 } } },
);

describe('an import whose importer lost the right to add tracks', () => {
  test('adds none of its tracks once they were removed from the room', async ({ t, f, double }) => {
    const owner = await f.signedInUser();
    const importer = await f.signedInUser();
    const room = await createRoom(t, {
      owner: owner.user,
      members: [{ user: importer.user, role: 'participant' }],
    });
    double.addTrack(await serviceTrack('901', 'Held Back', { download: 'held' }));
    const started = await startImport(importer.client, room.id, ['901', '101', '102']);
    await waitForImport(importer.client, started.importId, (view) =>
      view.items.some((item) => item.title === 'Held Back' && item.status === 'downloading'),
    );

    const removed = await owner.client.call('rooms.removeUser', {
      roomId: room.id,
      userId: importer.user.id,
    });
    expect(removed.body.status).toBe('success');
    // The track under way arrives whole after the removal; the others were still waiting.
    double.release('901');

    const items = await eventually(
      async () => {
        const rows = await listItems(t.app.database.db, [started.importId]);
        expect(rows.map((item) => item.status)).toEqual(['failed', 'failed', 'failed']);
        return rows;
      },
      { timeout: 45_000 },
    );
    expect(items.map((item) => item.failure)).toEqual([
      ROOM_ERRORS.forbidden,
      ROOM_ERRORS.forbidden,
      ROOM_ERRORS.forbidden,
    ]);
    const { tracks } = await listTracks(owner.client, room.id);
    expect(tracks.filter((track) => track.status === 'ready')).toEqual([]);
  });
});
