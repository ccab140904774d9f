import { eq } from 'drizzle-orm';
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
