// The embedded database (PGlite, PostgreSQL compiled to WebAssembly) on a thread of its own, so
// that a slow query keeps this thread busy and not the one answering HTTP and sockets.
//
// Plain JavaScript on purpose: a worker thread is started from a file, and this one must run as
// it is under the bundled server, under tsx and under the test runner alike.
//
// It speaks the PostgreSQL wire protocol with the main thread (`pglite-thread.ts`): each
// message is a batch of frontend messages ending at a Sync, Query or Flush; the answer is the
// backend's bytes. Batches are run one after the other, in the order they came.
import { mkdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

yieldToTheEventLoop();

/**
 * On a machine with fewer cores than busy threads, a query and the event loop compete for the
 * same core. The thread that answers health checks, sockets and cached pages should win that
 * race, and a query wait its turn a little: so this thread runs at a lower priority. Linux
 * takes a thread's own id (from /proc/thread-self) for setpriority; elsewhere nothing changes.
 */
function yieldToTheEventLoop() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, 5);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

/** @type {import('node:worker_threads').MessagePort} */
const port = parentPort;
/**
 * `runtime`: PostgreSQL's WebAssembly already compiled and the files it starts with, shared by
 * the process's database threads (`pglite-thread.ts`); without it PGlite loads its own.
 * @type {{ dataDir: string | null, schemaKey: string | null,
 *   runtime: { pgliteWasmModule: WebAssembly.Module, fsBundle: Blob } | null }}
 */
const { dataDir, schemaKey, runtime } = workerData;

const options = { extensions: { pg_trgm }, ...runtime };

/** @type {PGlite | null} */
let db = null;
try {
  const opened = dataDir
    ? { db: await PGlite.create(dataDir, options), migrated: false }
    : await createInMemory();
  db = opened.db;
  // The default cost of reading a page out of order assumes a spinning disk; PGlite's pages
  // are in memory or the OS cache, and with the default the planner would rather hash a whole
  // table than look up a few hundred rows by their key.
  await db.exec('SET random_page_cost = 1.1');
  port.postMessage({ kind: 'ready', migrated: opened.migrated });
} catch (error) {
  port.postMessage({ kind: 'failed', message: messageOf(error) });
  port.close();
}

/**
 * A database in memory (the tests', a trial run's) starts from an image kept on this machine:
 * PostgreSQL's initdb takes seconds of CPU at every start, and applying every migration about as
 * long again, while loading an image takes a fraction of either. The newest image is of a
 * cluster with the app's schema already migrated (`schemaKey` names the migrations it holds, so
 * a changed migration is never taken from an old image); without one, a fresh cluster's image;
 * without that, initdb. Each image belongs to one PGlite version; one that cannot be read is
 * made again. A database on disk is made once and is left to PGlite.
 * @returns {Promise<{ db: PGlite, migrated: boolean }>}
 */
async function createInMemory() {
  const migrated = schemaKey ? await fromImage(imagePath(`migrated-${schemaKey}`)) : null;
  if (migrated) return { db: migrated, migrated: true };
  const fresh = await fromImage(imagePath('fresh-cluster'));
  if (fresh) return { db: fresh, migrated: false };
  const made = await PGlite.create(options);
  await keepImage(made, imagePath('fresh-cluster'));
  return { db: made, migrated: false };
}

/**
 * @param {string} path
 * @returns {Promise<PGlite | null>}
 */
async function fromImage(path) {
  const image = readImage(path);
  if (!image) return null;
  try {
    return await PGlite.create({ ...options, loadDataDir: image });
  } catch {
    // A damaged or foreign image: the caller starts from an older kind, and remakes this one.
    return null;
  }
}

/** @param {string} name */
function imagePath(name) {
  const manifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(tmpdir(), 'music-rooms-pglite', `${name}-${version}.tar`);
}

/**
 * @param {string} path
 * @returns {Blob | null}
 */
function readImage(path) {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return null;
  }
}

/**
 * Written beside its place and renamed into it, so that a database starting at the same time in
 * another process reads a whole image or none.
 * @param {PGlite} database
 * @param {string} target
 */
async function keepImage(database, target) {
  try {
    const image = Buffer.from(await (await database.dumpDataDir('none')).arrayBuffer());
    mkdirSync(join(target, '..'), { recursive: true });
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, image);
    renameSync(partial, target);
  } catch {
    // Without an image the next database in memory starts from an older kind, as it would anyway.
  }
}

let queue = Promise.resolve();
port.on('message', (message) => {
  // A ping is answered at once, between two batches: the thread is alive and not stuck.
  if (message.kind === 'ping')
    port.postMessage({ kind: 'result', id: message.id, bytes: new Uint8Array(0) });
  else queue = queue.then(() => handle(message));
});

/** @param {{ kind: 'exec', id: number, bytes: Uint8Array } | { kind: 'reset', id: number } | { kind: 'keep-migrated', id: number } | { kind: 'close' }} message */
async function handle(message) {
  if (!db) return;
  if (message.kind === 'close') {
    await db.close().catch(() => {});
    db = null;
    port.postMessage({ kind: 'closed' });
    port.close();
    return;
  }
  if (message.kind === 'keep-migrated') {
    // Only a database that has just been migrated, and nothing else yet, is asked for this.
    if (schemaKey) await keepImage(db, imagePath(`migrated-${schemaKey}`));
    port.postMessage({ kind: 'result', id: message.id, bytes: new Uint8Array(0) });
    return;
  }
  try {
    const bytes = message.kind === 'exec' ? await exec(db, message.bytes) : await reset(db);
    port.postMessage({ kind: 'result', id: message.id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ kind: 'error', id: message.id, message: messageOf(error) });
  }
}

/**
 * The answer is copied out of the database's memory before it is handed over: the result may
 * be a view of the WebAssembly heap, which must never be transferred.
 * @param {PGlite} database
 * @param {Uint8Array} bytes
 */
async function exec(database, bytes) {
  const answer = await database.execProtocolRaw(bytes);
  return answer.slice();
}

/**
 * A new connection starts outside any transaction, as on a PostgreSQL server, where a dropped
 * connection rolls its transaction back.
 * @param {PGlite} database
 */
async function reset(database) {
  if (database.isInTransaction()) await database.exec('ROLLBACK');
  return new Uint8Array(0);
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
