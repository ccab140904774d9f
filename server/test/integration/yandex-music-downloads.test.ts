import { YANDEX_MUSIC_ERRORS as KEYS, type ImportItemView } from '@music-rooms/domain';
import type { RoomRow } from '../../src/services/rooms/store';
import type { SessionClient } from '../helpers/factories';
import { describe, expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { listTracks } from '../helpers/tracks';
import type { DoubleTrack, YandexMusicDouble } from '../helpers/yandex-music-double';
import {
  TOKEN,
  TOKEN_WITHOUT_PLUS,
  expectRefused,
  mp3,
  serviceTest,
  serviceTrack,
  startImport,
  waitForImport,
} from '../helpers/yandex-music';

type Scene = { client: SessionClient; room: RoomRow };

/** Each test imports one track of its own into a room of its own. */
const test = serviceTest.extend('scene', async ({ t, f }): Promise<Scene> => {
  const { user, client } = await f.signedInUser();
  return { client, room: await createRoom(t, { owner: user }) };
});

let nextId = 700;

/** Adds a track with this behaviour to the double, imports it, and answers its settled item. */
async function importTrack(
  double: YandexMusicDouble,
  { client, room }: Scene,
  extra: Partial<DoubleTrack>,
  token = TOKEN,
): Promise<ImportItemView> {
  const id = String(nextId++);
  double.addTrack(await serviceTrack(id, `Case ${id}`, extra));
  const started = await startImport(client, room.id, [id], token);
  const done = await waitForImport(client, started.importId);
  return done.items[0]!;
}

// The download scheme's failures (spec §8 Streaming service), each with its own message.
describe('downloads that fail', () => {
  test('premium subscription required: the service answers "not allowed"', async ({
    double,
    scene,
  }) => {
    const item = await importTrack(double, scene, { premium: true }, TOKEN_WITHOUT_PLUS);
    expect(item).toMatchObject({ status: 'failed', failure: KEYS.premiumRequired });
    // The failure is the importer's to read in the import panel, not the room's list.
    const { tracks, stats } = await listTracks(scene.client, scene.room.id);
    expect(tracks).toEqual([]);
    expect(stats.count).toBe(0);
  });

  test('premium subscription required: only 30-second previews are offered', async ({
    double,
    scene,
  }) => {
    const item = await importTrack(double, scene, { download: 'previewsOnly' });
    expect(item.failure).toBe(KEYS.premiumRequired);
  });

  test('unavailable (maybe no access): 451 and no files at all', async ({ double, scene }) => {
    const legal = await importTrack(double, scene, { download: 'infoStatus', status: 451 });
    expect(legal.failure).toBe(KEYS.unavailable);
    const none = await importTrack(double, scene, { download: 'noFiles' });
    expect(none.failure).toBe(KEYS.unavailable);
  });

  test('unavailable: a track the service marks unavailable is not queued at all', async ({
    double,
    scene,
  }) => {
    const before = double.requests.length;
    const item = await importTrack(double, scene, { available: false });
    expect(item).toMatchObject({ status: 'failed', failure: KEYS.unavailable, trackId: null });
    expect(double.requests.slice(before).some((r) => r.path.endsWith('/download-info'))).toBe(
      false,
    );
  });

  test('track not found: download-info answers 404', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'infoStatus', status: 404 });
    expect(item.failure).toBe(KEYS.trackNotFound);
  });

  test('download info failed: the service fails every try', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'infoStatus', status: 500 });
    expect(item.failure).toBe(KEYS.downloadInfoFailed);
  });

  test('token auth failed: download-info refuses the token', async ({ double, scene }) => {
    double.apiFailures.push({ match: /\/download-info$/, status: 401 });
    try {
      const item = await importTrack(double, scene, {});
      expect(item.failure).toBe(KEYS.authFailed);
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('prepare failed: the download-info XML lacks its parts', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'badXml' });
    expect(item.failure).toBe(KEYS.prepareFailed);
  });

  test('download failed with the status and its text', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'storageStatus', status: 404 });
    expect(item).toMatchObject({
      failure: KEYS.downloadFailed,
      failureData: { status: 404, statusText: 'Not Found' },
    });
  });

  test('file too small: a few bytes served as audio, in KB', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'tinyFile' });
    expect(item).toMatchObject({ failure: KEYS.fileTooSmall, failureData: { sizeKb: 2 } });
  });

  test('file too small: a 30-second preview served for a three-minute track', async ({
    double,
    scene,
  }) => {
    const item = await importTrack(double, scene, {
      durationMs: 180_000,
      audio: await mp3(30, 410),
    });
    expect(item.failure).toBe(KEYS.fileTooSmall);
    expect(Number(item.failureData.sizeKb)).toBeGreaterThan(400);
  });

  test('unexpected content type: an HTML page', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'htmlPage' });
    expect(item).toMatchObject({
      failure: KEYS.unexpectedContentType,
      failureData: { contentType: 'text/html' },
    });
  });

  test('network error: the file is cut short', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'cutShort' });
    expect(item.failure).toBe(KEYS.networkError);
  });

  test('network error: no byte arrives for too long', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'slowStart' });
    expect(item.failure).toBe(KEYS.networkError);
  });

  test('link expired: the fresh link expires too', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { download: 'alwaysExpired' });
    expect(item.failure).toBe(KEYS.linkExpired);
  });

  test('an expired link is made afresh once, and the download goes on', async ({
    double,
    scene,
  }) => {
    const item = await importTrack(double, scene, { download: 'expiresOnce' });
    expect(item).toMatchObject({ status: 'ready', failure: null });
  });

  test('follows one redirect of the storage, not two', async ({ double, scene }) => {
    const once = await importTrack(double, scene, { download: 'redirect' });
    expect(once.status).toBe('ready');
    const twice = await importTrack(double, scene, { download: 'twoRedirects' });
    expect(twice).toMatchObject({ failure: KEYS.downloadFailed, failureData: { status: 302 } });
  });

  test('downloads the best file the account may have', async ({ double, scene }) => {
    const item = await importTrack(double, scene, { bitrateInKbps: 320, durationMs: 1600 });
    expect(item.status).toBe('ready');
    const xml = double.requests.filter((r) => r.path.startsWith('/download-info/'));
    expect(xml.at(-1)?.path).toMatch(/\/best$/);
  });

  test('add to room failed: the tracks cannot be read when the import starts', async ({
    double,
    scene,
  }) => {
    double.apiFailures.push({ match: /^\/tracks$/, status: 500 });
    try {
      const res = await scene.client.call('yandexMusic.import', {
        token: TOKEN,
        roomId: scene.room.id,
        trackIds: ['101'],
      });
      expectRefused(res, KEYS.addToRoomFailed);
      expect((await listTracks(scene.client, scene.room.id)).tracks).toEqual([]);
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('token invalid: an import with a token the service does not know changes nothing', async ({
    scene,
  }) => {
    const res = await scene.client.call('yandexMusic.import', {
      token: 'y0_AgAAAAAUnknownToken0123456789',
      roomId: scene.room.id,
      trackIds: ['101'],
    });
    expectRefused(res, KEYS.tokenInvalid);
    expect(
      (await scene.client.call('yandexMusic.listImports', { roomId: scene.room.id })).body.value,
    ).toEqual([]);
  });
});
