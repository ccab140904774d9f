import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import {
  claimJob,
  deleteQueuedJob,
  finishJob,
  insertJob,
  renewLease,
  retryJob,
  type JobRow,
} from './store';

/**
 * Writes a job's result inside the transaction that ends the job; what it answers (if anything)
 * runs once that transaction has committed (telling others of the result).
 */
export type JobCommit = (tx: Database) => Promise<void | (() => void)>;

/**
 * What a kind of job does. `run` does the slow part (it may be cut short by the signal, and may
 * run again after a crash, so what it writes must be safe to write twice); the `commit` it
 * returns writes the result in the same transaction that ends the job, and only if this node
 * still holds the job: a job's result is committed once. `giveUp` records a job that failed
 * its last attempt. `forgetWhenDone` deletes a done job's row: for kinds that recur (a timer),
 * whose finished rows would otherwise pile up.
 */
export type JobHandler = {
  run: (
    payload: Record<string, unknown>,
    context: { signal: AbortSignal; attempt: number },
  ) => Promise<JobCommit>;
  giveUp: (tx: Database, payload: Record<string, unknown>, error: unknown) => Promise<void>;
  forgetWhenDone?: boolean;
};

export type JobQueueOptions = {
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  maxAttempts?: number;
  /** Told after a job's result was committed (or it was given up), outside its transaction. */
  onSettled?: (kind: string, payload: Record<string, unknown>) => void;
};

/** Background jobs a node runs at once: catch-up work never takes every slot from uploads. */
const BACKGROUND_SLOTS = 1;

class LeaseLost extends Error {}

/** The longest delay setTimeout takes (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const errorText = (error: unknown) =>
  error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);

/** Durable jobs in the database, run by every node that starts a queue. */
export class JobQueue {
  readonly nodeId = randomUUID();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly running = new Set<Promise<void>>();
  private runningBackground = 0;
  /** This node's running jobs per room (payload.roomId), for `busyRooms`. */
  private readonly runningByRoom = new Map<string, number>();
  private readonly aborts = new Set<AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 2;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  /**
   * Adds a job, due now or at `runAt`; inside a transaction, it exists only if that transaction
   * commits. A job due later wakes this node at its time; other nodes find it when they poll. A
   * background job waits for every due foreground one, and a node runs one such job at a time.
   */
  async enqueue(
    db: Database,
    kind: string,
    payload: Record<string, unknown>,
    options: { runAt?: Date; background?: boolean } = {},
  ): Promise<string> {
    if (!this.handlers[kind]) throw new Error(`No handler for jobs of kind ${kind}`);
    const row = await insertJob(db, kind, payload, options);
    if (options.runAt) this.wakeAt(options.runAt);
    return row.id;
  }

  /** Drops a job that no node has claimed yet (a timer that is no longer wanted). */
  async cancel(db: Database, id: string): Promise<void> {
    await deleteQueuedJob(db, id);
  }

  /** Looks for work now rather than at the next poll (after an enqueue on this node). */
  wake(): void {
    if (!this.stopped) setImmediate(() => this.fill());
  }

  private readonly wakeTimers = new Set<NodeJS.Timeout>();

  /** Looks for work at a given time (a job due then), rather than at the poll after it. */
  private wakeAt(at: Date): void {
    const delay = Math.max(0, at.getTime() - Date.now());
    // Timers cannot wait longer than this; the poll finds a job that far ahead.
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wake();
    }, delay);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.fill(), this.pollMs);
    this.timer.unref();
    this.fill();
  }

  /** Stops claiming; running jobs are cut short and their leases lapse for another node. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    for (const abort of this.aborts) abort.abort();
    await Promise.allSettled([...this.running]);
  }

  /** Resolves when no job is running on this node (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private filling = false;

  private fill(): void {
    if (this.filling || this.stopped) return;
    this.filling = true;
    void this.claimWhileFree().finally(() => (this.filling = false));
  }

  private async claimWhileFree(): Promise<void> {
    while (!this.stopped && this.running.size < this.concurrency) {
      const job = await claimJob(this.db, this.nodeId, Object.keys(this.handlers), this.leaseMs, {
        withBackground: this.runningBackground < BACKGROUND_SLOTS,
        busyRooms: this.busyRooms(),
      }).catch((err: unknown) => {
        this.log.error({ err }, 'could not claim a job');
        return null;
      });
      if (!job) return;
      if (job.background) this.runningBackground += 1;
      const room = roomOf(job);
      this.countRoom(room, 1);
      const work = this.execute(job).finally(() => {
        if (job.background) this.runningBackground -= 1;
        this.countRoom(room, -1);
        this.running.delete(work);
        this.fill();
      });
      this.running.add(work);
    }
  }

  /**
   * Rooms that hold all the slots one room may: a slow job (a long file, a crafted one) or a
   * room's many uploads leave a slot free for the other rooms' work.
   */
  private busyRooms(): string[] {
    const slotsPerRoom = Math.max(1, this.concurrency - 1);
    return [...this.runningByRoom]
      .filter(([, count]) => count >= slotsPerRoom)
      .map(([room]) => room);
  }

  private countRoom(room: string | null, change: number): void {
    if (room === null) return;
    const count = (this.runningByRoom.get(room) ?? 0) + change;
    if (count > 0) this.runningByRoom.set(room, count);
    else this.runningByRoom.delete(room);
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind]!;
    const abort = new AbortController();
    this.aborts.add(abort);
    const renew = setInterval(() => void this.renew(job, abort), this.leaseMs / 3);
    try {
      const commit = await handler.run(job.payload, {
        signal: abort.signal,
        attempt: job.attempts,
      });
      const forget = handler.forgetWhenDone ?? false;
      const committed = await inTransaction(this.db, async (tx) => {
        if (!(await finishJob(tx, job.id, this.nodeId, { status: 'done', forget }))) {
          throw new LeaseLost();
        }
        return commit(tx);
      });
      if (committed) committed();
      this.options.onSettled?.(job.kind, job.payload);
    } catch (error) {
      if (error instanceof LeaseLost || this.stopped) return;
      await this.fail(job, handler, error);
    } finally {
      clearInterval(renew);
      this.aborts.delete(abort);
    }
  }

  private async renew(job: JobRow, abort: AbortController): Promise<void> {
    const held = await renewLease(this.db, job.id, this.nodeId, this.leaseMs).catch(() => true);
    if (!held) abort.abort();
  }

  private async fail(job: JobRow, handler: JobHandler, error: unknown): Promise<void> {
    this.log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
    try {
      if (job.attempts < this.maxAttempts && isRetryable(error)) {
        await retryJob(this.db, job.id, this.nodeId, 1000 * 2 ** job.attempts, errorText(error));
        return;
      }
      await inTransaction(this.db, async (tx) => {
        if (
          !(await finishJob(tx, job.id, this.nodeId, { status: 'failed', error: errorText(error) }))
        )
          return;
        await handler.giveUp(tx, job.payload, error);
      });
      this.options.onSettled?.(job.kind, job.payload);
    } catch (err) {
      this.log.error({ err, job: job.id }, 'could not record a failed job');
    }
  }
}

/** A failure that another attempt cannot mend (the file is not audio) says so. */
export class PermanentJobError extends Error {
  constructor(
    readonly key: string,
    message: string,
    /** What the reason's message names (a status, a size). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const roomOf = (job: JobRow): string | null =>
  typeof job.payload.roomId === 'string' ? job.payload.roomId : null;

const isRetryable = (error: unknown) => !(error instanceof PermanentJobError);
