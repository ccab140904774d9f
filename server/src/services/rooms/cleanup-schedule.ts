import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { appSettings } from '../../db/schema';
import { deleteExpiredAccessTokens } from './access-tokens';

const LAST_RUN_KEY = 'rooms.tokenCleanupAt';

/**
 * Claims this period's sweep for this node: a compare-and-set on one row every node shares,
 * so that however many nodes run the timer, one of them sweeps per period. A tenth of the
 * period is allowed for timers that fire a little early.
 */
async function claimSweep(db: Database, intervalMs: number, now: number): Promise<boolean> {
  await db.insert(appSettings).values({ key: LAST_RUN_KEY, value: '0' }).onConflictDoNothing();
  const due = now - intervalMs + Math.floor(intervalMs / 10);
  const claimed = await db
    .update(appSettings)
    .set({ value: String(now) })
    .where(and(eq(appSettings.key, LAST_RUN_KEY), sql`${appSettings.value}::bigint <= ${due}`))
    .returning({ key: appSettings.key });
  return claimed.length > 0;
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
