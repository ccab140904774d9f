import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError } from '../../src/config';
import { openDatabase } from '../../src/db';
import { migrationsKey } from '../../src/db/migrations';
import { pgliteRuntime } from '../../src/db/pglite-thread';
import { inTransaction } from '../../src/db/transaction';
import { describe, expect, test as it } from '../helpers/fixtures';

/**
 * The database never holds up the thread that answers requests: the embedded database runs on
 * a thread of its own (PostgreSQL, in a process of its own). Each check is about order: what
 * must happen before what, however fast the machine is.
 */

/** A query that ends only after some seconds, and whether it has ended. */
function slowQuery(run: (seconds: number) => Promise<unknown>) {
  const state = { ended: false };
  const done = run(2).then(() => {
    state.ended = true;
  });
  return { state, done };
}

describe('the database thread', () => {
  it('answers a request while the database runs a long query', async ({ t }) => {
    const db = t.app.database.db;
    const slow = slowQuery((seconds) => db.execute(sql`select pg_sleep(${seconds})`));

    const timer = await new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(slow.state.ended), 0),
    );
    const response = await fetch(`${t.url}/api/config`);
    await response.arrayBuffer();
    const endedByAnswer = slow.state.ended;
    await slow.done;

    expect(response.status).toBe(200);
    expect({ timer, endedByAnswer }).toEqual({ timer: false, endedByAnswer: false });
  });

  it('keeps other queries out of a transaction until it ends', async ({ t }) => {
    const db = t.app.database.db;
    await db.execute(sql`create table if not exists thread_probe (n int)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));

    const failing = inTransaction(db, async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1)`);
      inserted();
      await held;
      throw new Error('undone');
    });
    await insertDone;
    // Asked while the transaction holds its row: answered with what is committed only.
    const outside = db.execute(sql`select count(*)::int as n from thread_probe`);
    release();

    await expect(failing).rejects.toThrow('undone');
    const { rows } = (await outside) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('opening the embedded database', () => {
  it('refuses files it cannot open in one line naming DATA_DIR, and frees the folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-thread-'));
    const dbDir = path.join(dataDir, 'db');
    fs.writeFileSync(dbDir, 'not a database');
    const options = {
      url: null,
      dataDir: dbDir,
      lockDir: dataDir,
      migrationsFolder: path.join(import.meta.dirname, '../../drizzle'),
    };
    try {
      const error = await openDatabase(options).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ConfigError);
      const { message } = error as ConfigError;
      expect(message.startsWith(`DATA_DIR ${dbDir}: the embedded database cannot be opened`)).toBe(
        true,
      );
      expect(message).not.toContain('\n');
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a database in memory', () => {
  const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');
  const imageFolder = path.join(os.tmpdir(), 'music-rooms-pglite');

  /** The app's migrations, with a note that makes their set (and so their image) new. */
  function newMigrationSet(): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-migrations-'));
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'meta/note.txt'), `${Date.now()} ${Math.random()}`);
    return folder;
  }

  async function appliedMigrations(folder: string): Promise<unknown[]> {
    const database = await openDatabase({ url: null, dataDir: null, migrationsFolder: folder });
    try {
      const { rows } = (await database.db.execute(
        sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`,
      )) as unknown as { rows: unknown[] };
      await database.db.execute(sql`SELECT count(*) FROM playlist_entries`);
      return rows;
    } finally {
      await database.close();
    }
  }

  it('keeps an image once migrated, named by its migrations, and the next starts from it alike', async () => {
    const folder = newMigrationSet();
    const key = await migrationsKey(folder);
    try {
      expect(key).not.toBe(await migrationsKey(migrationsFolder));
      const kept = () => fs.readdirSync(imageFolder).filter((name) => name.includes(key));
      expect(kept()).toEqual([]);

      const first = await appliedMigrations(folder);
      expect(kept()).toHaveLength(1);
      const second = await appliedMigrations(folder);
      expect(second).toEqual(first);
      const journal = JSON.parse(
        fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(second).toHaveLength(journal.entries.length);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      for (const name of fs.readdirSync(imageFolder)) {
        if (name.includes(key)) fs.rmSync(path.join(imageFolder, name), { force: true });
      }
    }
  });

  it('is handed PostgreSQL compiled once for the process, not compiled again per database', async () => {
    const runtime = await pgliteRuntime();
    expect(runtime?.pgliteWasmModule.constructor.name).toBe('Module');
    expect(runtime?.fsBundle.size).toBeGreaterThan(0);
    expect(await pgliteRuntime()).toBe(runtime);
  });
});
