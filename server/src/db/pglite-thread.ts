import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the database thread (`pglite-worker.mjs`) answers. */
type WorkerReply =
  | { kind: 'ready'; migrated: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; bytes: Uint8Array }
  | { kind: 'error'; id: number; message: string }
  | { kind: 'closed' };

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };

/**
 * A thread that answered this recently is alive and not stuck: a health check need not wait
 * for the batch under way to end (under load there is always one) to learn it.
 */
const RECENT_ANSWER_MS = 1000;

/** Node's WebAssembly global, which the ES libraries this workspace is typed with leave out. */
declare const WebAssembly: { compile: (bytes: Uint8Array) => Promise<object> };

/** What every database thread of the process is handed instead of loading it itself. */
type PgliteRuntime = { pgliteWasmModule: object; fsBundle: Blob };

let sharedRuntime: Promise<PgliteRuntime | null> | null = null;

/**
 * PostgreSQL's WebAssembly compiled once per process, and the files it starts with read once:
 * a thread that compiles its own spends nearly half of its start on it, which a process that opens
 * many databases (the tests, several in-memory trial runs) would pay each time. Null, and each
 * thread loads its own, when the package's files are not where its entry point says.
 */
export function pgliteRuntime(): Promise<PgliteRuntime | null> {
  sharedRuntime ??= loadPgliteRuntime().catch(() => null);
  return sharedRuntime;
}

async function loadPgliteRuntime(): Promise<PgliteRuntime> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, data] = await Promise.all([
    fs.readFile(path.join(dist, 'pglite.wasm')),
    fs.readFile(path.join(dist, 'pglite.data')),
  ]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
}

/**
 * The embedded database running on a worker thread, seen from the main thread: batches of
 * wire-protocol messages go in, the backend's bytes come out, in order.
 *
 * The thread keeps the process alive only while a batch is under way, as the in-process
 * database did: a program that forgets to close it still ends.
 */
export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stopped: Error | null = null;
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  private readonly exited: Promise<void>;
  private onClosed: () => void = () => {};

  private constructor(
    private readonly worker: Worker,
    /** Opened from an image that already holds the migrations of the key it was started with. */
    readonly startedMigrated: boolean,
  ) {
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`the embedded database stopped (${code})`)));
    worker.unref();
  }

  /**
   * Starts the thread and opens the database: a folder for its files, or null for memory. A
   * database in memory given `schemaKey` (which names the migrations) may start from a kept
   * image that already holds them (see `pglite-worker.mjs`).
   */
  static async start(
    dataDir: string | null,
    schemaKey: string | null = null,
  ): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, schemaKey, runtime: await pgliteRuntime() },
    });
    const migrated = await new Promise<boolean>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the embedded database stopped (${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (reply: WorkerReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (reply.kind === 'ready') resolve(reply.migrated);
        else reject(new Error(reply.kind === 'failed' ? reply.message : 'unexpected answer'));
      });
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteThread(worker, migrated);
  }

  /** Runs a batch of frontend messages; answers the backend's messages. */
  exec(bytes: Uint8Array): Promise<Uint8Array> {
    return this.request({ kind: 'exec', bytes }, [bytes.buffer as ArrayBuffer]);
  }

  /**
   * Answers once the thread is known to be alive and not stuck: at once when it answered a
   * batch within the last second, else once it is between two batches, without waiting
   * behind every query queued for the one connection.
   */
  async ping(): Promise<void> {
    if (this.stopped) throw this.stopped;
    if (performance.now() - this.lastAnswerAt < RECENT_ANSWER_MS) return;
    await this.request({ kind: 'ping' }, []);
  }

  /**
   * Keeps an image of this database in memory, just migrated and holding nothing else, for the
   * next one started with the same schema key.
   */
  async keepMigratedImage(): Promise<void> {
    await this.request({ kind: 'keep-migrated' }, []);
  }

  /** Rolls back a transaction a previous connection left open. */
  async reset(): Promise<void> {
    await this.request({ kind: 'reset' }, []);
  }

  /** Closes the database (its files are complete afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      const closed = new Promise<void>((resolve) => (this.onClosed = resolve));
      this.worker.ref();
      this.worker.postMessage({ kind: 'close' });
      await Promise.race([closed, this.exited]);
      this.stop(new Error('the embedded database is closed'));
      await this.worker.terminate();
    }
    await this.exited;
  }

  private request(message: object, transfer: ArrayBuffer[]): Promise<Uint8Array> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private settle(reply: WorkerReply): void {
    if (reply.kind === 'closed') this.onClosed();
    if (reply.kind !== 'result' && reply.kind !== 'error') return;
    this.lastAnswerAt = performance.now();
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.kind === 'result') waiting.resolve(reply.bytes);
    else waiting.reject(new Error(reply.message));
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
