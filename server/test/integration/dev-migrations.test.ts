import { sql } from 'drizzle-orm';
import { PLATFORM_ERRORS, type DevMigrationStatus } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { NEWEST_MIGRATION, putBehindNewestMigration } from '../helpers/migration-behind';
import { expectRefused } from '../helpers/rooms';

// The migration tool of the developer pages, on whichever engine the suite runs (the embedded
// database, and PostgreSQL in CI's second pass).
describe('the migration tool', () => {
  test('lists every migration as applied and finds no drift on a fresh database', async ({ f }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const status = (await client.call('devMigrations.status', {})).body.value as DevMigrationStatus;
    expect(status.migrations.length).toBeGreaterThanOrEqual(13);
    expect(status.migrations[0]).toMatchObject({ tag: '0000_init', applied: true });
    expect(status.migrations.every((migration) => migration.applied)).toBe(true);
    expect(status.drift).toEqual([]);
  });

  test('finds a migration the database has not applied and the table it makes gone, then applies it', async ({
    t,
    f,
  }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const db = t.app.database.db;
    const fresh = (await client.call('devMigrations.status', {})).body.value as DevMigrationStatus;
    const newest = fresh.migrations.find((m) => m.tag === NEWEST_MIGRATION)!;
    await putBehindNewestMigration(db, newest.createdAt);
    const behind = (await client.call('devMigrations.status', {})).body.value as DevMigrationStatus;
    expect(behind.migrations.find((m) => m.tag === NEWEST_MIGRATION)).toMatchObject({
      applied: false,
    });
    expect(behind.migrations.at(-1)).toMatchObject({ applied: false });
    expect(behind.drift).toHaveLength(3);
    expect(behind.drift).toEqual(
      expect.arrayContaining([
        { table: 'playlist_entries', column: null, problem: 'missingTable' },
        { table: 'tracks', column: 'playlist_id', problem: 'unknownColumn' },
        { table: 'tracks', column: 'position', problem: 'unknownColumn' },
      ]),
    );

    const after = (await client.call('devMigrations.run', { confirm: true })).body
      .value as DevMigrationStatus;
    expect(after.migrations.every((migration) => migration.applied)).toBe(true);
    expect(after.drift).toEqual([]);
  });

  test('reports a column of another type and one the code does not know', async ({ t, f }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const db = t.app.database.db;
    await db.execute(sql`ALTER TABLE room_favorites ADD COLUMN note text`);
    const status = (await client.call('devMigrations.status', {})).body.value as DevMigrationStatus;
    expect(status.drift).toContainEqual({
      table: 'room_favorites',
      column: 'note',
      problem: 'unknownColumn',
    });
    await db.execute(sql`ALTER TABLE room_favorites DROP COLUMN note`);
  });

  test('is "not found" for everyone else, and runs nothing', async ({ f }) => {
    const { client } = await f.signedInUser();
    for (const caller of [client, f.guest()]) {
      expectRefused(await caller.call('devMigrations.status', {}), PLATFORM_ERRORS.notFound);
      expectRefused(
        await caller.call('devMigrations.run', { confirm: true }),
        PLATFORM_ERRORS.notFound,
      );
    }
  });
});
