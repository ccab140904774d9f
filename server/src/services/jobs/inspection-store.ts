import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DevJobProgress, JobStatus } from '@music-rooms/domain';
import type { Database } from '../../db';
import { jobs } from '../../db/schema-jobs';
import type { JobRow } from './store';

/** What an operator reads of the job table (`npm run admin -- jobs …`, the developer pages). */

/** Jobs listed at most, newest first. */
export const LISTED_JOBS = 50;

export async function countJobsByStatus(db: Database): Promise<Record<JobStatus, number>> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.status);
  const counts = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The newest jobs not done (queued, running, failed), or the failed ones only. */
export async function listJobs(db: Database, { failedOnly }: { failedOnly: boolean }) {
  const statuses: JobStatus[] = failedOnly ? ['failed'] : ['queued', 'running', 'failed'];
  return db
    .select()
    .from(jobs)
    .where(inArray(jobs.status, statuses))
    .orderBy(desc(jobs.createdAt))
    .limit(LISTED_JOBS);
}

/**
 * Puts a failed job back in the queue, due now with its attempts counted afresh; its last
 * error stays until it runs again. Null when no failed job has the id.
 */
export async function requeueFailedJob(db: Database, id: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: null,
      runAfter: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row ?? null;
}

/** What the jobs of one batch (payload.batchId) of a kind have come to: a count per status. */
export async function batchProgress(
  db: Database,
  kind: string,
  batchId: string,
): Promise<DevJobProgress> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'batchId' = ${batchId}`))
    .groupBy(jobs.status);
  const progress = { queued: 0, running: 0, done: 0, failed: 0, total: 0 };
  for (const row of rows) {
    progress[row.status] = Number(row.count);
    progress.total += Number(row.count);
  }
  return progress;
}

/** The batch of a kind enqueued last, among jobs whose payload has these fields; or null. */
export async function latestBatchId(
  db: Database,
  kind: string,
  payloadFields: Record<string, string> = {},
): Promise<string | null> {
  const [row] = await db
    .select({ batchId: sql<string>`${jobs.payload}->>'batchId'` })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        ...Object.entries(payloadFields).map(
          ([field, value]) => sql`${jobs.payload}->>${field} = ${value}`,
        ),
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row?.batchId ?? null;
}

/** The values of a payload field among the queued and running jobs of a kind (tracks at work). */
export async function pendingPayloadValues(
  db: Database,
  kind: string,
  field: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ value: sql<string>`${jobs.payload}->>${field}` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));
  return new Set(rows.map((row) => row.value));
}
