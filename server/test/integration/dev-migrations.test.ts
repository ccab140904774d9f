import { sql } from 'drizzle-orm';
import { PLATFORM_ERRORS, type DevMigrationStatus } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { expectRefused } from '../helpers/rooms';

/** When 0009_room_playback_control was made (its `when` in the journal): later ones follow it. */
const PLAYBACK_CONTROL_WHEN = 1795762921978;

// The migration tool of the developer pages, on whichever engine the suite runs (the embedded
// database, and PostgreSQL in CI's second pass).
describe('the migration tool', () => {
  test('lists every migration as applied and finds no drift on a fresh database', async ({ f }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const status = (await client.call('devMigrations.status', {})).body.value as DevMigrationStatus;
    expect(status.migrations.length).toBeGreaterThanOrEqual(10);
    expect(status.migrations[0]).toMatchObject({ tag: '0000_init', applied: true });
    expect(status.migrations.every((migration) => migration.applied)).toBe(true);
    expect(status.drift).toEqual([]);
  });

  test('finds a migration the database has not applied and a column gone, then applies it', async ({
    t,
    f,
  }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const db = t.app.database.db;
    // As if the database were behind the code from 0009 on: its column and the records gone.
    await db.execute(sql`ALTER TABLE rooms DROP COLUMN playback_control`);
    await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at >= ${PLAYBACK_CONTROL_WHEN}`,
    );
    const behind = (await client.call('devMigrations.status', {})).body.value as DevMigrationStatus;
    expect(behind.migrations.find((m) => m.tag === '0009_room_playback_control')).toMatchObject({
      applied: false,
    });
    expect(behind.migrations.at(-1)).toMatchObject({ applied: false });
    expect(behind.drift).toEqual([
      { table: 'rooms', column: 'playback_control', problem: 'missingColumn' },
    ]);

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
