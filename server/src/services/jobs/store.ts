import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { jobs } from '../../db/schema-jobs';

export type JobRow = typeof jobs.$inferSelect;

/** A claimed job, and the node whose lease on it ran out when it was taken over. */
export type ClaimedJob = Pick<JobRow, 'id' | 'kind' | 'payload' | 'attempts' | 'background'> & {
  takenOverFrom: string | null;
};

/**
 * The durable job table's statements. Times come from the database's clock, so that nodes
 * whose clocks differ still agree on when a lease ran out.
 */

/** A job due now, or not before `runAfter` (a time of the app's clock). */
export async function insertJob(
  db: Database,
  kind: string,
  payload: Record<string, unknown>,
  { runAt, background = false }: { runAt?: Date; background?: boolean } = {},
): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, background, ...(runAt ? { runAfter: runAt } : {}) })
    .returning();
  return row!;
}

/** Removes a job nobody has claimed yet; one under way runs to its end. */
export async function deleteQueuedJob(db: Database, id: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
}

const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Claims the oldest job that is due, or whose claimer's lease ran out (its node died), taking
 * foreground jobs first and background ones only when `withBackground`, and none of a room in
 * `busyRooms` (payload.roomId). SKIP LOCKED lets several nodes claim at once without waiting on
 * each other or taking the same job. A job taken over names the node that had it.
 */
export async function claimJob(
  db: Database,
  nodeId: string,
  kinds: readonly string[],
  leaseMs: number,
  {
    withBackground = true,
    busyRooms = [],
  }: { withBackground?: boolean; busyRooms?: string[] } = {},
): Promise<ClaimedJob | null> {
  const kindList = listOf(kinds);
  const otherRoom =
    busyRooms.length === 0
      ? sql`true`
      : sql`coalesce(payload->>'roomId', '') not in (${listOf(busyRooms)})`;
  const result = await db.execute(sql`
    with picked as (
      select id, case when status = 'running' then locked_by end as taken_over_from
      from ${jobs}
      where kind in (${kindList}) and (background = false or ${withBackground}) and ${otherRoom}
      and (
        (status = 'queued' and run_after <= now())
        or (status = 'running' and locked_until < now())
      )
      order by background, created_at
      limit 1
      for update skip locked
    )
    update ${jobs} set status = 'running', locked_by = ${nodeId},
      locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
    from picked
    where ${jobs}.id = picked.id
    returning ${jobs}.id, kind, payload, attempts, background, picked.taken_over_from`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    kind: String(row.kind),
    payload: row.payload as Record<string, unknown>,
    attempts: Number(row.attempts),
    background: row.background === true,
    takenOverFrom: typeof row.taken_over_from === 'string' ? row.taken_over_from : null,
  };
}

const heldBy = (id: string, nodeId: string) =>
  and(eq(jobs.id, id), eq(jobs.lockedBy, nodeId), eq(jobs.status, 'running'));

/** Extends the lease; false when the job is no longer this node's. */
export async function renewLease(
  db: Database,
  id: string,
  nodeId: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(heldBy(id, nodeId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Ends a job this node still holds; false when its lease went to another node meanwhile. A
 * done job of a kind that recurs is deleted rather than kept (`forget`).
 */
export async function finishJob(
  db: Database,
  id: string,
  nodeId: string,
  outcome: { status: 'done' | 'failed'; error?: string; forget?: boolean },
): Promise<boolean> {
  if (outcome.forget && outcome.status === 'done') {
    const gone = await db.delete(jobs).where(heldBy(id, nodeId)).returning({ id: jobs.id });
    return gone.length > 0;
  }
  const rows = await db
    .update(jobs)
    .set({
      status: outcome.status,
      lastError: outcome.error ?? null,
      finishedAt: sql`now()`,
      lockedUntil: null,
    })
    .where(heldBy(id, nodeId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts a failed attempt back in the queue after a pause; false when the job is not this node's.
 * An attempt the service itself asked to repeat later is not counted (`countAttempt` false).
 */
export async function retryJob(
  db: Database,
  id: string,
  nodeId: string,
  delayMs: number,
  error: string,
  { countAttempt = true }: { countAttempt?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      lastError: error,
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now() + ${delayMs} * interval '1 millisecond'`,
      ...(countAttempt ? {} : { attempts: sql`greatest(${jobs.attempts} - 1, 0)` }),
    })
    .where(heldBy(id, nodeId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function findJob(db: Database, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

/**
 * Ends jobs no node will run (their node is gone, and with it what they needed in memory):
 * queued or running ones become failed with the reason given.
 */
export async function abandonJobs(db: Database, ids: readonly string[], error: string) {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ status: 'failed', lastError: error, finishedAt: sql`now()`, lockedUntil: null })
    .where(and(inArray(jobs.id, [...ids]), inArray(jobs.status, ['queued', 'running'])));
}

/**
 * Hands back every job this node still holds (it is shutting down): queued again, due now,
 * and the attempt it was on not counted, so another node takes it up at once.
 */
export async function handBackJobs(
  db: Database,
  nodeId: string,
): Promise<Pick<JobRow, 'id' | 'kind' | 'attempts'>[]> {
  return db
    .update(jobs)
    .set({
      status: 'queued',
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now()`,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    })
    .where(and(eq(jobs.lockedBy, nodeId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts });
}

/** Deletes done jobs that finished longer than `retentionMs` ago; answers how many. */
export async function pruneDoneJobs(db: Database, retentionMs: number): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'done'),
        sql`${jobs.finishedAt} < now() - ${retentionMs} * interval '1 millisecond'`,
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}
