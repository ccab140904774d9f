import type { Database } from '../../db';

/**
 * Writes a job's result inside the transaction that ends the job; what it answers (if anything)
 * runs once that transaction has committed (telling others of the result).
 */
export type JobCommit = (tx: Database) => Promise<void | (() => void)>;

export type JobContext = { signal: AbortSignal; attempt: number };

/**
 * What a kind of job does with its payload. `run` does the slow part (it may be cut short by
 * the signal, and may run again after a crash or a hand-back, so what it writes must be safe to
 * write twice); the `commit` it returns writes the result in the same transaction that ends the
 * job, and only if this node still holds the job: a job's result is committed once. `giveUp`
 * records a job that failed its last attempt. `settled` hears, outside any transaction, that
 * the job was committed or given up. `forgetWhenDone` deletes a done job's row: for kinds that
 * recur (a timer), whose finished rows would otherwise pile up.
 */
export type JobHandler<Payload> = {
  run: (payload: Payload, context: JobContext) => Promise<JobCommit>;
  giveUp: (tx: Database, payload: Payload, error: unknown) => Promise<void>;
  settled?: (payload: Payload) => void;
  forgetWhenDone?: boolean;
};

/**
 * A share of a node's job slots, named: kinds that share a lane share its slots, so kinds of
 * other lanes never wait behind them (a long audio file never delays a track-end timer).
 */
export type JobLane = {
  name: string;
  /** Jobs of the lane a node runs at once. */
  slots: number;
  /** How long a claim holds without renewal; a dead node's job is taken over after it. */
  leaseMs?: number;
  /** Attempts before a job that keeps failing is given up. */
  maxAttempts?: number;
};

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

/**
 * A failure that says when another attempt may succeed (a service's `Retry-After`): the job waits
 * that long and the attempt is not counted against the lane's attempts.
 */
export class RetryLaterJobError extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}
