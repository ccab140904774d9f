import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { DevSchemaDrift } from '@music-rooms/domain/dev-migrations';
import type { Database, DatabaseHandle } from './index';
import * as schema from './schema';

/**
 * The database's migrations as the developer page shows them: which the code has (the journal
 * drizzle-kit writes), which the database applied (drizzle's own table), and whether the live
 * tables still match the schema the code expects.
 */

export type MigrationEntry = { tag: string; createdAt: number; appliedAt: number | null };
export type SchemaDrift = DevSchemaDrift;

/** Several nodes may start at once: an advisory lock lets one of them migrate at a time. */
const MIGRATION_LOCK_ID = 4_021_977;

/** Applies the migrations the database has not seen; on PostgreSQL one node at a time. */
export async function applyMigrations(
  db: Database,
  kind: DatabaseHandle['kind'],
  migrationsFolder: string,
): Promise<void> {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const run = () => migrate(db as Parameters<typeof migrate>[0], { migrationsFolder });
  if (kind === 'pglite') return run();
  // The lock is held by one connection of the pool, from before migrating until after.
  const lockClient = await (db as unknown as { $client: Pool }).$client.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await run();
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}

/**
 * Names the migrations in a folder by their content (every file, its path and its bytes), so
 * that an image of a database migrated by them is never taken for another set.
 */
export async function migrationsKey(migrationsFolder: string): Promise<string> {
  const files = (await fs.readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await fs.readFile(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

type JournalEntry = { tag: string; when: number };

/** Both drivers (pg and PGlite) answer raw SQL with `{ rows }`. */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every migration the code has, in order, each with when the database applied it (or null). */
export async function migrationEntries(
  db: Database,
  migrationsFolder: string,
): Promise<MigrationEntry[]> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  // drizzle keeps each applied migration's folder time as created_at: that pairs them.
  const applied = await rowsOf<{ created_at: string }>(
    db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
  )
    .then((rows) => new Set(rows.map((row) => Number(row.created_at))))
    .catch(() => new Set<number>());
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    createdAt: entry.when,
    appliedAt: applied.has(entry.when) ? entry.when : null,
  }));
}

/** The type a column of the schema has, as `information_schema` names it. */
function expectedType(sqlType: string): string {
  const base = sqlType.replace(/\(.*?\)/g, '').trim();
  const aliases: Record<string, string> = {
    varchar: 'character varying',
    timestamp: 'timestamp without time zone',
    serial: 'integer',
    bigserial: 'bigint',
  };
  if (base.endsWith('[]')) return 'ARRAY';
  return aliases[base] ?? base;
}

type LiveColumn = {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
};

/** What differs between the live tables and the schema the code expects (empty when none). */
export async function schemaDrift(db: Database): Promise<SchemaDrift[]> {
  const live = await rowsOf<LiveColumn>(
    db,
    sql`SELECT table_name, column_name, data_type, is_nullable
      FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const columnsOf = new Map<string, Map<string, LiveColumn>>();
  for (const row of live) {
    const table = columnsOf.get(row.table_name) ?? new Map<string, LiveColumn>();
    table.set(row.column_name, row);
    columnsOf.set(row.table_name, table);
  }
  const drift: SchemaDrift[] = [];
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => value instanceof PgTable,
  );
  for (const table of tables) {
    const name = getTableName(table as Table);
    const liveColumns = columnsOf.get(name);
    if (!liveColumns) {
      drift.push({ table: name, column: null, problem: 'missingTable' });
      continue;
    }
    const expected = Object.values(getTableColumns(table));
    for (const column of expected) {
      const found = liveColumns.get(column.name);
      if (!found) drift.push({ table: name, column: column.name, problem: 'missingColumn' });
      else if (found.data_type !== expectedType(column.getSQLType())) {
        drift.push({
          table: name,
          column: column.name,
          problem: 'wrongType',
          actual: found.data_type,
          expected: expectedType(column.getSQLType()),
        });
      } else if ((found.is_nullable === 'NO') !== column.notNull) {
        drift.push({
          table: name,
          column: column.name,
          problem: column.notNull ? 'nullAllowed' : 'notNull',
        });
      }
    }
    const known = new Set(expected.map((column) => column.name));
    for (const liveName of liveColumns.keys()) {
      if (!known.has(liveName))
        drift.push({ table: name, column: liveName, problem: 'unknownColumn' });
    }
  }
  return drift;
}
