// The embedded database (PGlite, PostgreSQL compiled to WebAssembly) on a thread of its own, so
// that a slow query keeps this thread busy and not the one answering HTTP and sockets.
//
// Plain JavaScript on purpose: a worker thread is started from a file, and this one must run as
// it is under the bundled server, under tsx and under the test runner alike.
//
// It speaks the PostgreSQL wire protocol with the main thread (`pglite-thread.ts`): each
// message is a batch of frontend messages ending at a Sync, Query or Flush; the answer is the
// backend's bytes. Batches are run one after the other, in the order they came.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
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
/** @type {{ dataDir: string | null }} */
const { dataDir } = workerData;

const options = { extensions: { pg_trgm } };

/** @type {PGlite | null} */
let db = null;
try {
  db = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  // The default cost of reading a page out of order assumes a spinning disk; PGlite's pages
  // are in memory or the OS cache, and with the default the planner would rather hash a whole
  // table than look up a few hundred rows by their key.
  await db.exec('SET random_page_cost = 1.1');
  port.postMessage({ kind: 'ready' });
} catch (error) {
  port.postMessage({ kind: 'failed', message: messageOf(error) });
  port.close();
}

let queue = Promise.resolve();
port.on('message', (message) => {
  // A ping is answered at once, between two batches: the thread is alive and not stuck.
  if (message.kind === 'ping')
    port.postMessage({ kind: 'result', id: message.id, bytes: new Uint8Array(0) });
  else queue = queue.then(() => handle(message));
});

/** @param {{ kind: 'exec', id: number, bytes: Uint8Array } | { kind: 'reset', id: number } | { kind: 'close' }} message */
async function handle(message) {
  if (!db) return;
  if (message.kind === 'close') {
    await db.close().catch(() => {});
    db = null;
    port.postMessage({ kind: 'closed' });
    port.close();
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
