import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ImportItemStatus, ImportStatus, RoomId, TrackId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { yandexImportItems, yandexImports } from '../../db/schema-imports';
import { tracks } from '../../db/schema-tracks';
import { isUuid } from '../../db/uuid';

export type ImportRow = typeof yandexImports.$inferSelect;
export type NewImport = typeof yandexImports.$inferInsert;
export type ImportItemRow = typeof yandexImportItems.$inferSelect;
export type NewImportItem = typeof yandexImportItems.$inferInsert;

/** Reading and writing imports and their items, one statement each; the rules are in imports.ts. */

const leaseUntil = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

export async function insertImport(
  db: Database,
  values: Omit<NewImport, 'holderUntil'>,
  leaseMs: number,
): Promise<ImportRow> {
  const [row] = await db
    .insert(yandexImports)
    .values({ ...values, holderUntil: leaseUntil(leaseMs) })
    .returning();
  return row!;
}

export async function insertItems(db: Database, values: NewImportItem[]): Promise<ImportItemRow[]> {
  if (values.length === 0) return [];
  return db.insert(yandexImportItems).values(values).returning();
}

export async function findImport(db: Database, id: string): Promise<ImportRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(yandexImports).where(eq(yandexImports.id, id)).limit(1);
  return row ?? null;
}

export async function updateImport(
  db: Database,
  id: string,
  changes: Partial<NewImport>,
  onlyFrom?: readonly ImportStatus[],
): Promise<ImportRow | null> {
  const where = onlyFrom
    ? and(eq(yandexImports.id, id), inArray(yandexImports.status, [...onlyFrom]))
    : eq(yandexImports.id, id);
  const [row] = await db
    .update(yandexImports)
    .set({ ...changes, updatedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

/** Ends an import whose lease ran out; false when it was renewed or released meanwhile. */
export async function releaseLapsed(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(yandexImports)
    .set({ status: 'finished', holderNode: null, updatedAt: new Date() })
    .where(
      and(
        eq(yandexImports.id, id),
        eq(yandexImports.status, 'active'),
        lt(yandexImports.holderUntil, sql`now()`),
      ),
    )
    .returning({ id: yandexImports.id });
  return rows.length > 0;
}

/** This node takes the import (a retry here): it holds the token now. */
export async function holdImport(db: Database, id: string, node: string, leaseMs: number) {
  await db
    .update(yandexImports)
    .set({
      status: 'active',
      holderNode: node,
      holderUntil: leaseUntil(leaseMs),
      updatedAt: new Date(),
    })
    .where(eq(yandexImports.id, id));
}

/** Renews the lease of every active import this node holds. */
export async function renewHolds(db: Database, node: string, leaseMs: number): Promise<void> {
  await db
    .update(yandexImports)
    .set({ holderUntil: leaseUntil(leaseMs) })
    .where(and(eq(yandexImports.holderNode, node), eq(yandexImports.status, 'active')));
}

/** Active imports whose node stopped renewing them (it stopped or restarted). */
export async function lapsedImports(db: Database): Promise<ImportRow[]> {
  return db
    .select()
    .from(yandexImports)
    .where(and(eq(yandexImports.status, 'active'), lt(yandexImports.holderUntil, sql`now()`)))
    .limit(100);
}

export async function listItems(
  db: Database,
  importIds: readonly string[],
): Promise<ImportItemRow[]> {
  const ids = importIds.filter(isUuid);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(yandexImportItems)
    .where(inArray(yandexImportItems.importId, ids))
    .orderBy(asc(yandexImportItems.position));
}

export async function findItem(db: Database, id: string): Promise<ImportItemRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(yandexImportItems)
    .where(eq(yandexImportItems.id, id))
    .limit(1);
  return row ?? null;
}

/** Changes an item, only from the given states when named; null when it was in none of them. */
export async function updateItem(
  db: Database,
  id: string,
  changes: Partial<NewImportItem>,
  onlyFrom?: readonly ImportItemStatus[],
): Promise<ImportItemRow | null> {
  const where = onlyFrom
    ? and(eq(yandexImportItems.id, id), inArray(yandexImportItems.status, [...onlyFrom]))
    : eq(yandexImportItems.id, id);
  const [row] = await db
    .update(yandexImportItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

/** Changes the items of an import that are in one of the states; answers the changed rows. */
export async function updateItemsOf(
  db: Database,
  importId: string,
  from: readonly ImportItemStatus[],
  changes: Partial<NewImportItem>,
  itemIds?: readonly string[],
): Promise<ImportItemRow[]> {
  const only = itemIds ? inArray(yandexImportItems.id, itemIds.filter(isUuid)) : undefined;
  if (itemIds && itemIds.filter(isUuid).length === 0) return [];
  return db
    .update(yandexImportItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(yandexImportItems.importId, importId),
        inArray(yandexImportItems.status, [...from]),
        only,
      ),
    )
    .returning();
}

/** Deletes items (tracks removed from their import's panel). */
export async function deleteItems(db: Database, ids: readonly string[]): Promise<void> {
  const valid = ids.filter(isUuid);
  if (valid.length > 0)
    await db.delete(yandexImportItems).where(inArray(yandexImportItems.id, valid));
}

/** How many items of the import are still to be done. */
export async function countItemsIn(
  db: Database,
  importId: string,
  statuses: readonly ImportItemStatus[],
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(yandexImportItems)
    .where(
      and(
        eq(yandexImportItems.importId, importId),
        inArray(yandexImportItems.status, [...statuses]),
      ),
    );
  return Number(row?.count ?? 0);
}

/** The caller's imports into a room since a moment, newest first. */
export async function listUserImports(
  db: Database,
  userId: UserId,
  roomId: RoomId,
  since: Date,
): Promise<ImportRow[]> {
  return db
    .select()
    .from(yandexImports)
    .where(
      and(
        eq(yandexImports.userId, userId),
        eq(yandexImports.roomId, roomId),
        gte(yandexImports.createdAt, since),
      ),
    )
    .orderBy(desc(yandexImports.createdAt))
    .limit(20);
}

/** The room's tracks that came from these service tracks (an import finds its duplicates so). */
export async function tracksByServiceIds(
  db: Database,
  roomId: RoomId,
  serviceTrackIds: readonly string[],
): Promise<Map<string, TrackId>> {
  if (serviceTrackIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tracks.id, serviceTrackId: tracks.serviceTrackId })
    .from(tracks)
    .where(
      and(
        eq(tracks.roomId, roomId),
        inArray(tracks.serviceTrackId, [...serviceTrackIds]),
        sql`${tracks.status} <> 'failed'`,
      ),
    );
  return new Map(rows.map((row) => [row.serviceTrackId!, row.id]));
}
