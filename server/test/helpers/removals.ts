import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../src/db/schema-jobs';
import { trackRemovals } from '../../src/db/schema-removals';
import { PURGE_REMOVAL_JOB } from '../../src/services/tracks/removals';
import type { TestApp } from './app';
import { eventually } from './eventually';

/**
 * Closes every undo window of track removals at once, as the passing of time would: the
 * removals may no longer be undone and their purge jobs are due now. Waits until the jobs have
 * deleted the kept files (and the removals).
 */
export async function endUndoWindows(t: TestApp): Promise<void> {
  const { db } = t.app.database;
  await db.update(trackRemovals).set({ restoreUntil: sql`now() - interval '1 second'` });
  await db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(eq(jobs.kind, PURGE_REMOVAL_JOB));
  t.app.jobs.wake();
  await eventually(async () => {
    expect(await db.select({ id: trackRemovals.id }).from(trackRemovals)).toEqual([]);
  });
}
