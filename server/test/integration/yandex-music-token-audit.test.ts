import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { ImportView } from '@music-rooms/domain';
import { expect } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { TEST_TIMINGS, serviceTest, serviceTrack, waitForImport } from '../helpers/yandex-music';

/**
 * The person's token is never stored or logged (spec §1: kept only on the user's own device).
 * A distinctive token goes through every call, a finished import, a failed one, a retry and a
 * cancel; then it is looked for in every table, every file of the data folder, the job rows and
 * everything the server logged, at every level.
 */

const AUDIT_TOKEN = `y0_AgAAAAAAuditToken${randomBytes(12).toString('hex')}`;

const test = serviceTest
  .extend('appEnv', { scope: 'file' }, ({ double, dataDir }) => ({
    YANDEX_MUSIC_API_URL: double.url,
    YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'trace',
  }))
  .extend(
    'appOptions',
    { scope: 'file' },
    { captureLogs: true, config: { yandexMusic: TEST_TIMINGS } },
  );

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

test('the token is found nowhere: database, data folder, job rows, log', async ({
  t,
  f,
  double,
}) => {
  double.addAccount(AUDIT_TOKEN, { login: 'auditor' });
  double.addTrack(await serviceTrack('901', 'Audit Fails', { download: 'htmlPage' }));
  const { user, client } = await f.signedInUser();
  const room = await createRoom(t, { owner: user });
  const token = AUDIT_TOKEN;
  const calls = [
    client.call('yandexMusic.validateToken', { token }),
    client.call('yandexMusic.resolve', {
      token,
      url: 'https://music.yandex.ru/users/listener/playlists/1001',
    }),
    client.call('yandexMusic.search', { token, query: 'night' }),
    client.call('yandexMusic.resolve', { token, url: 'https://example.com/not-the-service' }),
    client.call('yandexMusic.validateToken', { token: `${token} with spaces` }),
  ];
  for (const res of await Promise.all(calls)) expect(res.status).not.toBe(500);

  const res = await client.call('yandexMusic.import', {
    token,
    roomId: room.id,
    trackIds: ['101', '901'],
  });
  const started = res.body.value as ImportView;
  const settled = await waitForImport(client, started.importId);
  expect(settled.items.map((item) => item.status)).toEqual(['ready', 'failed']);
  await client.call('yandexMusic.retryImport', { token, importId: started.importId });
  await waitForImport(client, started.importId);
  await client.call('yandexMusic.cancelImport', { importId: started.importId });
  // The token did reach the service: the audit below is not vacuous.
  expect(double.requestsWith(token).length).toBeGreaterThan(3);

  const db = t.app.database.db;
  const rowsOf = async (query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rowsOf(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  const names = tables.map((row) => String(row.table_name));
  expect(names).toEqual(
    expect.arrayContaining(['jobs', 'yandex_imports', 'yandex_import_items', 'tracks']),
  );
  for (const name of names) {
    const rows = await rowsOf(sql.raw(`select * from "${name}"`));
    expect(JSON.stringify(rows), `table ${name}`).not.toContain(token);
  }
  const jobs = await rowsOf(sql`select payload, last_error from jobs`);
  expect(jobs.length).toBeGreaterThan(0);
  expect(JSON.stringify(jobs)).not.toContain(token);

  const files = filesUnder(t.config.dataDir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    expect(fs.readFileSync(file).includes(token), file).toBe(false);
  }

  expect(t.logs.length).toBeGreaterThan(0);
  expect(JSON.stringify(t.logs)).not.toContain(token);
  expect(JSON.stringify(t.logs)).not.toContain(token.slice(3, 30));
});
