import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JobStatus } from '@music-rooms/domain/jobs';

/**
 * Durable background jobs of every kind (`JobPayloads` in domain names them). A node claims one
 * with FOR UPDATE SKIP LOCKED and holds a lease it keeps renewing; a job whose lease ran out
 * (its node died) is claimed again. Finishing checks the lease is still the claimer's, so a
 * job's result is written once. Done rows are pruned after JOBS_RETENTION_DAYS; failed ones
 * stay for `npm run admin -- jobs list --failed`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A kind of `JobPayloads`; a kind claimed by one node only is stored as `<kind>:<node>`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Catch-up work (playback copies of older tracks): runs after every due foreground job. */
    background: boolean('background').notNull().default(false),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.runAfter, t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
  ],
);
