import type { Database } from '../../db';
import { claimAppSetting } from '../../db/app-settings';
import { deleteExpiredAccessTokens } from './store';

const LAST_RUN_KEY = 'rooms.tokenCleanupAt';

/**
 * Claims this period's sweep for this node: a compare-and-set on one row every node shares,
 * so that however many nodes run the timer, one of them sweeps per period. A tenth of the
 * period is allowed for timers that fire a little early.
 */
function claimSweep(db: Database, intervalMs: number, now: number): Promise<boolean> {
  const due = now - intervalMs + Math.floor(intervalMs / 10);
  return claimAppSetting(db, LAST_RUN_KEY, due, now);
}

/** Sweeps expired gate passes every `intervalMs` (spec: every 300 s while the app runs). */
export function scheduleTokenCleanup(
  db: Database,
  intervalMs: number,
  onResult: (result: { removed: number } | { error: unknown }) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = Date.now();
    claimSweep(db, intervalMs, now)
      .then(async (claimed) => {
        if (claimed) onResult({ removed: await deleteExpiredAccessTokens(db, now) });
      })
      .catch((error: unknown) => onResult({ error }))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
