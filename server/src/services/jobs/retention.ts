import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { pruneDoneJobs } from './store';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes done jobs once they are older than `retentionMs`, now and every hour (every node
 * does; a row is deleted once whoever comes first). Failed jobs are kept for the operator
 * (`npm run admin -- jobs list --failed`). Answers a function that stops it.
 */
export function startPruningDoneJobs(
  db: Database,
  retentionMs: number,
  log: FastifyBaseLogger,
): () => void {
  const prune = () =>
    void pruneDoneJobs(db, retentionMs).then(
      (pruned) => pruned > 0 && log.info({ pruned }, 'pruned done jobs past their retention'),
      (err: unknown) => log.error({ err }, 'could not prune done jobs'),
    );
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
