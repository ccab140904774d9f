import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import { addressOf, settingError } from '../startup-errors';
import { lockDataDir } from './data-dir-lock';
import { PgliteStream } from './pglite-stream';
import { PgliteThread } from './pglite-thread';
import { applyMigrations, migrationsKey } from './migrations';
import * as schema from './schema';

export { schema };

/** The app's database, whichever engine is behind it (both speak PostgreSQL). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; null opens embedded PGlite. */
  url: string | null;
  /** For PGlite: a directory for its files, or null to keep it in memory. */
  dataDir: string | null;
  /**
   * For PGlite on disk: the folder (DATA_DIR) this process locks while the database is open,
   * so that a second server on the same files refuses to start (`data-dir-lock.ts`).
   */
  lockDir?: string | null;
  migrationsFolder: string;
  /** Told of a lost PostgreSQL connection (a restart, a dropped socket); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
};

/** How each embedded database answers a ping, by its `db`. */
const embeddedPings = new WeakMap<Database, () => Promise<void>>();

/**
 * Fails when the database does not answer (the health check). The embedded database's thread
 * answers between two batches, rather than behind every query waiting for its one connection;
 * PostgreSQL answers `select 1` on a connection of the pool.
 */
export async function pingDatabase(db: Database): Promise<void> {
  const ping = embeddedPings.get(db);
  if (ping) await ping();
  else await db.execute(sql`select 1`);
}

/** Opens the database and applies any migrations it has not seen yet. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? await openPostgres(options.url, options.migrationsFolder, options.onConnectionError)
    : await openLockedPglite(options);
  return handle;
}

/** PGlite, with its folder's lock held from before it opens until after it has closed. */
async function openLockedPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const lock = options.dataDir && options.lockDir ? lockDataDir(options.lockDir) : null;
  try {
    const handle = await openPglite(
      options.dataDir,
      options.migrationsFolder,
      options.onConnectionError,
    );
    return {
      ...handle,
      close: async () => {
        await handle.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * PGlite on a worker thread (`pglite-thread.ts`), reached through node-postgres as PostgreSQL
 * is: one slow query keeps that thread busy, never the one answering requests and sockets.
 * PGlite has one connection, so the pool has one client: every query waits its turn, and a
 * transaction holds the connection until it ends, so nothing else slips into it.
 */
async function openPglite(
  dataDir: string | null,
  migrationsFolder: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // In memory, a database may start already migrated, from an image kept for these migrations.
  const schemaKey = dataDir ? null : await migrationsKey(migrationsFolder);
  const thread = await startThread(dataDir, schemaKey);
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    stream: () => new PgliteStream(thread),
  });
  // A stopped thread fails the connection as a lost socket would: told, never a crash.
  const closePool = watchPoolConnections(pool, onConnectionError);
  const close = async () => {
    await closePool();
    await thread.close();
  };
  const database = drizzle(pool, { schema }) as unknown as Database;
  try {
    await applyMigrations(database, 'pglite', migrationsFolder);
    if (schemaKey && !thread.startedMigrated) await thread.keepMigratedImage();
  } catch (error) {
    await close();
    throw error;
  }
  embeddedPings.set(database, () => thread.ping());
  return { db: database, kind: 'pglite', close };
}

/** The database thread; a folder it cannot open is a setting to change, told in one line. */
async function startThread(
  dataDir: string | null,
  schemaKey: string | null,
): Promise<PgliteThread> {
  if (!dataDir) return PgliteThread.start(null, schemaKey);
  try {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    return await PgliteThread.start(dataDir);
  } catch (error) {
    throw settingError('DATA_DIR', `${dataDir}: the embedded database cannot be opened`, error);
  }
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const closePool = watchPoolConnections(pool, onConnectionError);
  const db = drizzle(pool, { schema }) as unknown as Database;
  // The first connection tells an unreachable server apart, in one line, before migrating.
  const first = await pool.connect().catch(async (error: unknown) => {
    await closePool();
    throw settingError('DATABASE_URL', `${addressOf(url)}: cannot connect`, error);
  });
  first.release();
  await applyMigrations(db, 'postgres', migrationsFolder);
  return { db, kind: 'postgres', close: closePool };
}

/**
 * Keeps a lost connection from crashing the process: without a listener, an error on an idle
 * client (or on one the pool is ending) is thrown as an uncaught exception. The returned close
 * waits until every connection has really ended, which `pool.end()` alone does not.
 */
function watchPoolConnections(pool: Pool, onError: (error: Error) => void): () => Promise<void> {
  const open = new Set<PoolClient>();
  let allEnded: (() => void) | null = null;
  pool.on('error', onError);
  pool.on('connect', (client) => {
    open.add(client);
    client.on('error', onError);
  });
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allEnded?.();
  });
  return async () => {
    const ended = new Promise<void>((resolve) => (allEnded = resolve));
    await pool.end();
    if (open.size > 0) await ended;
  };
}
