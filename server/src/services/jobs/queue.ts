import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobPayloads } from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { PermanentJobError, RetryLaterJobError, type JobHandler, type JobLane } from './handler';
import { LaneSlots } from './lane-slots';
import {
  claimJob,
  deleteQueuedJob,
  finishJob,
  handBackJobs,
  insertJob,
  renewLease,
  retryJob,
  type ClaimedJob,
} from './store';

export {
  PermanentJobError,
  RetryLaterJobError,
  type JobCommit,
  type JobHandler,
  type JobLane,
} from './handler';

/** What a kind is registered with: its lane, and whether only this node may claim its jobs. */
export type KindOptions = {
  lane: JobLane;
  /** Its jobs need what only this process holds (a token in memory): no other node claims them. */
  thisNodeOnly?: boolean;
};

type Registered = {
  kind: string;
  handler: JobHandler<never>;
  lane: LaneSlots;
};

/** A claimed job with what runs it. */
type Running = ClaimedJob & Registered;

class LeaseLost extends Error {}

/** The longest delay setTimeout takes (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const errorText = (error: unknown) =>
  error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);

const roomOf = (payload: Record<string, unknown>): string | null =>
  typeof payload.roomId === 'string' ? payload.roomId : null;

const isRetryable = (error: unknown) => !(error instanceof PermanentJobError);

/**
 * The node's one queue of durable jobs in the database. Each kind is registered with its
 * handler and a lane (a share of the node's slots); every node that starts the queue claims the
 * registered kinds. The map from kind to payload (`JobPayloads` in domain) types enqueueing and
 * handlers alike; tests give a map of their own.
 */
export class JobQueue<Payloads extends object = JobPayloads> {
  readonly nodeId = randomUUID();
  private readonly kinds = new Map<string, Registered>();
  private readonly byStoredKind = new Map<string, Registered>();
  private readonly lanes = new Map<string, LaneSlots>();
  private readonly running = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private timer: NodeJS.Timeout | null = null;
  private claiming = false;
  /** Shutting down past the grace: what still runs is handed back, not recorded as failed. */
  private handingBack = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
  ) {}

  /** Names what runs jobs of `kind`; before `start`. */
  register<K extends keyof Payloads & string>(
    kind: K,
    handler: JobHandler<Payloads[K]>,
    { lane, thisNodeOnly = false }: KindOptions,
  ): void {
    if (this.kinds.has(kind)) throw new Error(`Jobs of kind ${kind} already have a handler`);
    const slots = this.laneOf(lane);
    const registered: Registered = { kind, handler: handler as JobHandler<never>, lane: slots };
    const stored = thisNodeOnly ? `${kind}:${this.nodeId}` : kind;
    this.kinds.set(kind, registered);
    this.byStoredKind.set(stored, registered);
    slots.storedKinds.push(stored);
  }

  private laneOf(lane: JobLane): LaneSlots {
    const known = this.lanes.get(lane.name);
    if (known && !known.sameAs(lane)) throw new Error(`Lane ${lane.name} is defined twice`);
    const slots = known ?? new LaneSlots(lane);
    this.lanes.set(lane.name, slots);
    return slots;
  }

  /** The kind as its rows store it (a kind of this node only carries the node's id). */
  private storedKind(kind: string): string {
    for (const [stored, registered] of this.byStoredKind) {
      if (registered.kind === kind) return stored;
    }
    throw new Error(`No handler for jobs of kind ${kind}`);
  }

  /**
   * Adds a job, due now or at `runAt`; inside a transaction, it exists only if that transaction
   * commits. A job due later wakes this node at its time; other nodes find it when they poll. A
   * background job waits for every due foreground one of its lane, and a lane runs one such job
   * at a time.
   */
  async enqueue<K extends keyof Payloads & string>(
    db: Database,
    kind: K,
    payload: Payloads[K],
    options: { runAt?: Date; background?: boolean } = {},
  ): Promise<string> {
    const row = await insertJob(
      db,
      this.storedKind(kind),
      payload as Record<string, unknown>,
      options,
    );
    if (options.runAt) this.wakeAt(options.runAt);
    return row.id;
  }

  /** Drops a job that no node has claimed yet (a timer that is no longer wanted). */
  async cancel(db: Database, id: string): Promise<void> {
    await deleteQueuedJob(db, id);
  }

  /** Looks for work now rather than at the next poll (after an enqueue on this node). */
  wake(): void {
    if (this.claiming) setImmediate(() => this.fill());
  }

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
    if (this.claiming) return;
    this.claiming = true;
    this.handingBack = false;
    this.timer = setInterval(() => this.fill(), this.pollMs);
    this.timer.unref();
    this.fill();
  }

  /**
   * Stops claiming at once; jobs already running may finish within `graceMs`. Those still
   * running then are cut short and handed back with their attempt not counted, so another node
   * takes them up at once rather than when their lease would have run out.
   */
  async stop(graceMs = 0): Promise<void> {
    this.claiming = false;
    if (this.timer) clearInterval(this.timer);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    if (await this.idleWithin(graceMs)) return;
    this.handingBack = true;
    for (const abort of this.aborts) abort.abort();
    await this.handBack();
    await Promise.allSettled([...this.running]);
  }

  /** Resolves when no job is running on this node (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** True when every running job ended within `ms`. */
  private async idleWithin(ms: number): Promise<boolean> {
    if (this.running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const ended = await Promise.race([this.idle().then(() => true), late]);
    clearTimeout(timer);
    return ended;
  }

  private async handBack(): Promise<void> {
    const rows = await handBackJobs(this.db, this.nodeId).catch((err: unknown) => {
      this.log.error({ err, node: this.nodeId }, 'could not hand back running jobs');
      return [];
    });
    for (const row of rows) {
      const kind = this.byStoredKind.get(row.kind)?.kind ?? row.kind;
      this.log.info(
        { job: row.id, kind, node: this.nodeId, attempt: row.attempts + 1 },
        'job handed back: this node is stopping',
      );
    }
  }

  private filling = false;

  private fill(): void {
    if (this.filling || !this.claiming) return;
    this.filling = true;
    void this.claimWhileFree().finally(() => (this.filling = false));
  }

  /** Claims for each lane with a free slot, in turn, until none finds more work. */
  private async claimWhileFree(): Promise<void> {
    let found = true;
    while (found && this.claiming) {
      found = false;
      for (const lane of this.lanes.values()) {
        if (!this.claiming || !lane.hasFreeSlot()) continue;
        const job = await this.claim(lane);
        if (job) {
          this.begin(job);
          found = true;
        }
      }
    }
  }

  private async claim(lane: LaneSlots): Promise<Running | null> {
    const claimed = await claimJob(
      this.db,
      this.nodeId,
      lane.storedKinds,
      lane.leaseMs,
      lane.claimLimits(),
    ).catch((err: unknown) => {
      this.log.error({ err, node: this.nodeId, lane: lane.name }, 'could not claim a job');
      return null;
    });
    if (!claimed) return null;
    const job = { ...claimed, ...this.byStoredKind.get(claimed.kind)! };
    if (job.takenOverFrom) {
      this.log.warn(
        { ...this.fields(job), from: job.takenOverFrom },
        'job taken over: the lease of the node running it ran out',
      );
    } else {
      this.log.info(this.fields(job), 'job claimed');
    }
    return job;
  }

  private fields(job: Running) {
    return { job: job.id, kind: job.kind, node: this.nodeId, attempt: job.attempts };
  }

  private begin(job: Running): void {
    const held = { background: job.background, roomId: roomOf(job.payload) };
    job.lane.take(held);
    const work = this.execute(job).finally(() => {
      job.lane.release(held);
      this.running.delete(work);
      this.fill();
    });
    this.running.add(work);
  }

  private async execute(job: Running): Promise<void> {
    const { handler } = job;
    const payload = job.payload as never;
    const abort = new AbortController();
    this.aborts.add(abort);
    const renew = setInterval(() => void this.renew(job, abort), job.lane.leaseMs / 3);
    const startedAt = Date.now();
    try {
      const commit = await handler.run(payload, { signal: abort.signal, attempt: job.attempts });
      const forget = handler.forgetWhenDone ?? false;
      const committed = await inTransaction(this.db, async (tx) => {
        if (!(await finishJob(tx, job.id, this.nodeId, { status: 'done', forget }))) {
          throw new LeaseLost();
        }
        return commit(tx);
      });
      this.log.info({ ...this.fields(job), ms: Date.now() - startedAt }, 'job done');
      if (committed) committed();
      handler.settled?.(payload);
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.log.warn(this.fields(job), 'job not committed: another node holds it now');
      } else if (!this.handingBack) {
        await this.fail(job, error);
      }
    } finally {
      clearInterval(renew);
      this.aborts.delete(abort);
    }
  }

  private async renew(job: Running, abort: AbortController): Promise<void> {
    const held = await renewLease(this.db, job.id, this.nodeId, job.lane.leaseMs).catch(() => true);
    if (!held) abort.abort();
  }

  private async fail(job: Running, error: unknown): Promise<void> {
    const { handler } = job;
    const payload = job.payload as never;
    try {
      if (error instanceof RetryLaterJobError) {
        const later = { countAttempt: false };
        if (!(await retryJob(this.db, job.id, this.nodeId, error.delayMs, error.message, later)))
          return;
        this.log.info({ ...this.fields(job), retryInMs: error.delayMs }, 'job asked to wait');
        this.wakeAt(new Date(Date.now() + error.delayMs));
        return;
      }
      if (job.attempts < job.lane.maxAttempts && isRetryable(error)) {
        const delayMs = 1000 * 2 ** job.attempts;
        if (!(await retryJob(this.db, job.id, this.nodeId, delayMs, errorText(error)))) return;
        this.log.warn(
          { ...this.fields(job), err: error, retryInMs: delayMs },
          'job failed: retrying',
        );
        return;
      }
      const recorded = await inTransaction(this.db, async (tx) => {
        const failed = { status: 'failed' as const, error: errorText(error) };
        if (!(await finishJob(tx, job.id, this.nodeId, failed))) return false;
        await handler.giveUp(tx, payload, error);
        return true;
      });
      if (!recorded) return;
      this.log.error({ ...this.fields(job), err: error }, 'job failed: given up');
      handler.settled?.(payload);
    } catch (err) {
      this.log.error({ ...this.fields(job), err }, 'could not record a failed job');
    }
  }
}
