import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { asPlaylistId } from '@music-rooms/domain';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/db';
import { applyMigrations } from '../../src/db/migrations';
import { playlistTrackIds } from '../../src/services/tracks/entry-store';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** A copy of the migrations folder that ends before `tag`: a database as old as the code was. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await fs.cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

const rowsOf = async <Row>(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  query: ReturnType<typeof sql>,
) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

// Migration 0013 moves each track's playlist and place into playlist_entries: a database with
// tracks from before it keeps every playlist's order, ties included.
describe('the playlist entries migration', () => {
  test('keeps every track in its playlist, in the order it had', async () => {
    const folder = await migrationsBefore('0013_playlist_entries');
    const handle = await openDatabase({ url: null, dataDir: null, migrationsFolder: folder });
    try {
      const { db } = handle;
      await db.execute(sql`
        insert into users (id, name, username, email, avatar)
        values ('00000000-0000-4000-8000-000000000001', 'Ada', 'ada', 'ada@example.com', '#123456');
        insert into rooms (id, name, room_url, owner_id)
        values ('00000000-0000-4000-8000-000000000002', 'Old room', 'old',
          '00000000-0000-4000-8000-000000000001');
        insert into playlists (id, room_id, name, is_default) values
          ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 'Main', true),
          ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000002', 'Evening', false);
        insert into tracks (id, room_id, playlist_id, position, title, status, uploaded_by, uploaded_at)
        values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000002',
            '00000000-0000-4000-8000-000000000003', 2, 'second', 'ready',
            '00000000-0000-4000-8000-000000000001', '2026-01-01T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000002',
            '00000000-0000-4000-8000-000000000003', 1, 'first', 'ready',
            '00000000-0000-4000-8000-000000000001', '2026-01-02T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000002',
            '00000000-0000-4000-8000-000000000003', 2, 'third, tied and later', 'ready',
            null, '2026-01-03T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000002',
            '00000000-0000-4000-8000-000000000004', 5, 'evening', 'processing',
            '00000000-0000-4000-8000-000000000001', '2026-01-04T00:00:00Z');
      `);

      await applyMigrations(db, handle.kind, MIGRATIONS);

      const main = await playlistTrackIds(db, asPlaylistId('00000000-0000-4000-8000-000000000003'));
      expect(main).toEqual([
        '00000000-0000-4000-8000-0000000000a2',
        '00000000-0000-4000-8000-0000000000a1',
        '00000000-0000-4000-8000-0000000000a3',
      ]);
      const evening = await playlistTrackIds(
        db,
        asPlaylistId('00000000-0000-4000-8000-000000000004'),
      );
      expect(evening).toEqual(['00000000-0000-4000-8000-0000000000b1']);
      const entries = await rowsOf<{ track_id: string; added_by: string | null }>(
        db,
        sql`select track_id, added_by from playlist_entries order by track_id`,
      );
      expect(entries).toHaveLength(4);
      expect(entries[0]).toEqual({
        track_id: '00000000-0000-4000-8000-0000000000a1',
        added_by: '00000000-0000-4000-8000-000000000001',
      });
      const columns = await rowsOf<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_name = 'tracks'`,
      );
      expect(columns.map((column) => column.column_name)).not.toContain('playlist_id');
    } finally {
      await handle.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
