import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { YANDEX_MUSIC_ERRORS as KEYS, type ImportView } from '@music-rooms/domain';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { findTracks } from '../../src/services/tracks/store';
import { startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/database';
import { clientFor, createUser } from '../helpers/factories';
import { describe, expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { listTracks } from '../helpers/tracks';
import type { YandexMusicDouble } from '../helpers/yandex-music-double';
import {
  TEST_TIMINGS,
  TOKEN,
  serviceTest as test,
  serviceTrack,
  startImport,
  waitForImport,
} from '../helpers/yandex-music';

// An import's life after it started: cancel, retry of failed tracks, and a node that stops
// while it holds the token (its tracks then ask for the token again).
describe('cancel and retry', () => {
  test('cancel stops the downloads and drops the tracks not yet ready', async ({
    t,
    f,
    double,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    double.addTrack(await serviceTrack('801', 'Never Arrives', { download: 'slowStart' }));
    const started = await startImport(client, room.id, ['101', '801']);
    await waitForImport(client, started.importId, (view) =>
      view.items.some((item) => item.title === 'Never Arrives' && item.status === 'downloading'),
    );
    await waitForImport(client, started.importId, (view) => view.items[0]!.status === 'ready');
    const res = await client.call('yandexMusic.cancelImport', { importId: started.importId });
    const view = res.body.value as ImportView;
    expect(view.status).toBe('cancelled');
    expect(view.items.map((item) => item.status)).toEqual(['ready', 'cancelled']);
    const { tracks } = await listTracks(client, room.id);
    expect(tracks.map((track) => track.title)).toEqual(['Morning Drive']);
    expect(t.app.yandexMusicRuntime.tokens.tokenOf(started.importId)).toBeNull();
  });

  test('retry puts the failed tracks back with the token, on the same track row', async ({
    t,
    f,
    double,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const broken = double.addTrack(
      await serviceTrack('802', 'Second Chance', { download: 'storageStatus', status: 404 }),
    );
    const first = await waitForImport(
      client,
      (await startImport(client, room.id, ['802'])).importId,
    );
    expect(first.items[0]).toMatchObject({ status: 'failed', failure: KEYS.downloadFailed });
    broken.download = 'file';
    const res = await client.call('yandexMusic.retryImport', {
      token: TOKEN,
      importId: first.importId,
    });
    expect((res.body.value as ImportView).items[0]!.status).toBe('queued');
    const done = await waitForImport(client, first.importId);
    expect(done.items[0]).toMatchObject({ status: 'ready', trackId: first.items[0]!.trackId });
    const { tracks } = await listTracks(client, room.id);
    expect(tracks.map((track) => [track.title, track.status])).toEqual([
      ['Second Chance', 'ready'],
    ]);
  });

  test('a failed track is the importer’s panel’s: not in the room’s list or count, removed from the panel', async ({
    t,
    f,
    double,
  }) => {
    const { user, client } = await f.signedInUser();
    const other = await f.signedInUser();
    const room = await createRoom(t, {
      owner: user,
      members: [{ user: other.user, role: 'editor' }],
    });
    double.addTrack(
      await serviceTrack('803', 'Broken Link', { download: 'storageStatus', status: 404 }),
    );
    const done = await waitForImport(
      client,
      (await startImport(client, room.id, ['101', '803'])).importId,
    );
    expect(done.items.map((item) => item.status)).toEqual(['ready', 'failed']);
    for (const viewer of [client, other.client, f.guest()]) {
      const { tracks, stats } = await listTracks(viewer, room.id);
      expect(tracks.map((track) => [track.title, track.status])).toEqual([
        ['Morning Drive', 'ready'],
      ]);
      expect(stats.count).toBe(1);
    }
    const failedTrack = done.items[1]!.trackId!;
    expect(await findTracks(t.app.database.db, [failedTrack])).toHaveLength(1);
    const res = await client.call('yandexMusic.removeFailed', { importId: done.importId });
    expect(res.body.status, JSON.stringify(res.body)).toBe('success');
    const view = res.body.value as ImportView;
    expect(view.items.map((item) => [item.title, item.status])).toEqual([
      ['Morning Drive', 'ready'],
    ]);
    expect(await findTracks(t.app.database.db, [failedTrack])).toEqual([]);
    expect((await listTracks(client, room.id)).tracks.map((track) => track.title)).toEqual([
      'Morning Drive',
    ]);
  });

  test('only the importer sees, cancels or retries an import', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const other = await f.signedInUser();
    const room = await createRoom(t, {
      owner: user,
      members: [{ user: other.user, role: 'admin' }],
    });
    const started = await startImport(client, room.id, ['103']);
    for (const [path, args] of [
      ['yandexMusic.importStatus', { importId: started.importId }],
      ['yandexMusic.cancelImport', { importId: started.importId }],
      ['yandexMusic.retryImport', { importId: started.importId, token: TOKEN }],
      ['yandexMusic.removeFailed', { importId: started.importId }],
    ] as const) {
      const res = await other.client.call(path, args);
      expect(res.body.errorData?.key, path).toBe(KEYS.importNotFound);
    }
    await waitForImport(client, started.importId);
  });
});

type Shared = { url: string | null; dir: string; drop: () => Promise<void> };

/** One database for two nodes in turn: PostgreSQL when given, else PGlite on disk. */
async function sharedDatabase(): Promise<Shared> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-restart-'));
  const made = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : null;
  return {
    url: made?.url ?? null,
    dir,
    drop: async () => {
      await made?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startNode(shared: Shared, double: YandexMusicDouble): Promise<TestApp> {
  const env = {
    YANDEX_MUSIC_API_URL: double.url,
    YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
    DATA_DIR: shared.dir,
  };
  const options = { config: { yandexMusic: TEST_TIMINGS } };
  if (shared.url) return startTestApp({ ...env, DATABASE_URL: shared.url }, options);
  const config = { ...loadConfig({ ...env, LOG_LEVEL: 'silent', PORT: '0' }), ...options.config };
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.backgroundWork.started;
  const { port } = app.server.address() as { port: number };
  return { app, config, logs: [], url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

describe('a node that stops while it holds an import', () => {
  test('leaves its unfinished tracks asking for the token again; a retry elsewhere finishes them', async ({
    double,
  }) => {
    const shared = await sharedDatabase();
    try {
      const track = double.addTrack(
        await serviceTrack('803', 'Interrupted', { download: 'slowStart' }),
      );
      const first = await startNode(shared, double);
      const { user } = await createUser(first);
      const room = await createRoom(first, { owner: user });
      const started = await startImport(await clientFor(first, user), room.id, ['803']);
      await waitForImport(
        await clientFor(first, user),
        started.importId,
        (view) => view.items[0]!.status === 'downloading',
      );
      await first.close();

      const second = await startNode(shared, double);
      try {
        const client = await clientFor(second, user);
        const waiting = await waitForImport(client, started.importId);
        expect(waiting.items[0]).toMatchObject({ status: 'failed', failure: KEYS.tokenNeeded });
        // Waiting for the token is the importer's business: the room's list shows nothing yet.
        expect((await listTracks(client, room.id)).tracks).toEqual([]);
        track.download = 'file';
        await client.call('yandexMusic.retryImport', { token: TOKEN, importId: started.importId });
        const done = await waitForImport(client, started.importId);
        expect(done.items[0]!.status).toBe('ready');
        expect((await listTracks(client, room.id)).tracks).toMatchObject([{ status: 'ready' }]);
      } finally {
        await second.close();
      }
    } finally {
      await shared.drop();
    }
  });
});
