import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './index';
import { appSettings } from './schema';

/**
 * Reads a server-wide value, storing `initial` first when none exists yet. Nodes starting
 * together race on the insert; the first one wins and every node reads the same value.
 */
export async function ensureAppSetting(
  db: Database,
  key: string,
  initial: string,
): Promise<string> {
  await db.insert(appSettings).values({ key, value: initial }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  if (!row) throw new Error(`App setting ${key} is missing right after it was stored`);
  return row.value;
}

/**
 * Compare-and-set on a numeric setting: stores `value` when the current one (0 when the key is
 * new) is at most `ifAtMost`. True for the one caller whose update went through, which is how
 * several nodes agree that exactly one of them does a periodic job.
 */
export async function claimAppSetting(
  db: Database,
  key: string,
  ifAtMost: number,
  value: number,
): Promise<boolean> {
  await db.insert(appSettings).values({ key, value: '0' }).onConflictDoNothing();
  const claimed = await db
    .update(appSettings)
    .set({ value: String(value) })
    .where(and(eq(appSettings.key, key), sql`${appSettings.value}::bigint <= ${ifAtMost}`))
    .returning({ key: appSettings.key });
  return claimed.length > 0;
}
