import { YANDEX_MUSIC_ERRORS as KEYS, type ImportItemView } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories } from '../helpers/factories';
import { describe, expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import type { DoubleTrack, YandexMusicDouble } from '../helpers/yandex-music-double';
import {
  TEST_TIMINGS,
  TOKEN,
  serviceTest,
  serviceTrack,
  startImport,
  waitForImport,
} from '../helpers/yandex-music';

/**
 * A hostile or compromised streaming service names addresses in its answers: the server sends
 * the token to the API's origin alone, and connects to no internal address, unless loopback
 * downloads are allowed (YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS, as the rest of the suite does
 * to reach its double).
 */

const test = serviceTest
  /** An app with the setting off (the default): loopback download hosts are refused. */
  .extend('guarded', { scope: 'file' }, async ({ double }, { onCleanup }) => {
    const guarded = await startTestApp(
      { YANDEX_MUSIC_API_URL: double.url },
      { config: { yandexMusic: TEST_TIMINGS } },
    );
    onCleanup(() => guarded.close());
    return guarded;
  })
  .extend('settings', async ({ double }, { onCleanup }) => {
    onCleanup(() => {
      double.storageOrigin = null;
      double.xmlHost = null;
      double.redirectOrigin = null;
    });
    return double;
  });

let nextId = 800;

/** Imports a new track with this behaviour through the app, and answers its settled item. */
async function importTrack(
  t: TestApp,
  double: YandexMusicDouble,
  extra: Partial<DoubleTrack> = {},
): Promise<ImportItemView> {
  const id = String(nextId++);
  double.addTrack(await serviceTrack(id, `Case ${id}`, extra));
  const { user, client } = await factories(t).signedInUser();
  const room = await createRoom(t, { owner: user });
  const started = await startImport(client, room.id, [id]);
  return (await waitForImport(client, started.importId)).items[0]!;
}

const portOf = (url: string) => Number(new URL(url).port);
const storagePaths = /^\/(download-info|get-mp3|redirected)\//;

describe('the token', () => {
  test('goes to the API alone: not to a storage host on another port of its host', async ({
    t,
    settings: double,
  }) => {
    double.storageOrigin = double.storageUrl;
    const before = double.requests.length;
    const item = await importTrack(t, double);
    expect(item.status).toBe('ready');
    const requests = double.requests.slice(before);
    const storage = requests.filter(({ port }) => port === portOf(double.storageUrl));
    expect(storage.map(({ path }) => path.split('/')[1])).toEqual(['download-info', 'get-mp3']);
    expect(storage.filter(({ authorization }) => authorization !== null)).toEqual([]);
    const api = requests.filter(
      ({ port, path }) => port === portOf(double.url) && !path.startsWith('/covers/'),
    );
    expect(api.length).toBeGreaterThan(0);
    expect(api.every(({ authorization }) => authorization === `OAuth ${TOKEN}`)).toBe(true);
  });

  test('is not sent across a redirect of the storage to another origin', async ({
    t,
    settings: double,
  }) => {
    double.redirectOrigin = double.storageUrl;
    const before = double.requests.length;
    const item = await importTrack(t, double, { download: 'redirect' });
    expect(item.status).toBe('ready');
    const requests = double.requests.slice(before);
    const redirected = requests.filter(({ path }) => path.startsWith('/redirected/'));
    expect(redirected.map(({ port }) => port)).toEqual([portOf(double.storageUrl)]);
    const hops = requests.filter(({ path }) => /^\/(get-mp3|redirected)\//.test(path));
    expect(hops.length).toBe(2);
    expect(hops.filter(({ authorization }) => authorization !== null)).toEqual([]);
  });
});

describe('a download host on loopback, while loopback downloads are not allowed', () => {
  test('is refused: 127.0.0.1 by its address, nothing downloaded', async ({
    guarded,
    settings: double,
  }) => {
    double.storageOrigin = double.storageUrl;
    const before = double.requests.length;
    const item = await importTrack(guarded, double);
    expect(item).toMatchObject({ status: 'failed', failure: KEYS.prepareFailed });
    const reached = double.requests.slice(before).filter(({ path }) => storagePaths.test(path));
    expect(reached).toEqual([]);
  });

  test('is refused: localhost, by what its name resolves to', async ({
    guarded,
    settings: double,
  }) => {
    double.storageOrigin = `http://localhost:${portOf(double.storageUrl)}`;
    const before = double.requests.length;
    const item = await importTrack(guarded, double);
    expect(item).toMatchObject({ status: 'failed', failure: KEYS.prepareFailed });
    const reached = double.requests.slice(before).filter(({ path }) => storagePaths.test(path));
    expect(reached).toEqual([]);
  });

  test('the API itself on loopback is still reached (it is the setting, not an answer)', async ({
    guarded,
  }) => {
    const { client } = await factories(guarded).signedInUser();
    const res = await client.call('yandexMusic.validateToken', { token: TOKEN });
    expect(res.status).toBe(200);
  });
});
