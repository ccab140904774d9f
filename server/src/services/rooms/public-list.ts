import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PublicUser, RoomListQuery, RoomUserRole } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomFavorites, roomUsers, rooms, users } from '../../db/schema';
import type { Presence } from '../presence/presence';
import { assembleCards, membersOf, type CardMembers, type RoomCards } from './cards';
import type { RoomListCache } from './list-cache';
import { authorColumns, ordering, publicFilter } from './list-query';
import type { RoomRow } from './store';

export type PublicListDeps = { db: Database; presence: Presence; cache: RoomListCache };

/** A page of the public list as everyone sees it, before the viewer's role and favourites. */
type SharedPage = {
  rows: { room: RoomRow; author: PublicUser }[];
  members: CardMembers;
};

/**
 * The public list sorted by anything but live activity: the page, its members and the total
 * are the same for every viewer and come from the cache; the viewer's role and favourite in
 * the rooms shown, and the live counts, are read fresh for each call.
 */
export async function publicListPage(
  deps: PublicListDeps,
  viewerId: string | null,
  query: RoomListQuery,
): Promise<RoomCards & { total: number }> {
  const search = query.search || undefined;
  const pageKey = JSON.stringify(['page', search ?? '', query.sort, query.offset, query.limit]);
  const [page, total] = await Promise.all([
    deps.cache.get(pageKey, () => loadSharedPage(deps.db, query)),
    deps.cache.get(JSON.stringify(['count', search ?? '']), () => countPublic(deps.db, search)),
  ]);
  const roomIds = page.rows.map((row) => row.room.id);
  const [mine, active] = await Promise.all([
    viewerMarks(deps.db, viewerId, roomIds),
    deps.presence.counts(roomIds),
  ]);
  const rows = page.rows.map(({ room, author }) => ({
    room,
    author,
    myRole: room.ownerId === viewerId ? ('owner' as const) : (mine.roles.get(room.id) ?? null),
    isFavorite: mine.favorites.has(room.id),
  }));
  return { ...assembleCards(rows, page.members, active), total };
}

async function loadSharedPage(db: Database, query: RoomListQuery): Promise<SharedPage> {
  const rows = await db
    .select({ room: rooms, author: authorColumns })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.ownerId))
    .where(publicFilter(query.search || undefined))
    .orderBy(...ordering(query.sort, new Map()))
    .limit(query.limit)
    .offset(query.offset);
  return {
    rows,
    members: await membersOf(
      db,
      rows.map((row) => row.room.id),
    ),
  };
}

async function countPublic(db: Database, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(rooms)
    .where(publicFilter(search));
  return Number(row?.total ?? 0);
}

/** The viewer's role (or request) and favourite flag in each of these rooms. */
async function viewerMarks(db: Database, viewerId: string | null, roomIds: string[]) {
  const roles = new Map<string, RoomUserRole>();
  const favorites = new Set<string>();
  if (!viewerId || roomIds.length === 0) return { roles, favorites };
  const [roleRows, favoriteRows] = await Promise.all([
    db
      .select({ roomId: roomUsers.roomId, role: roomUsers.role })
      .from(roomUsers)
      .where(and(eq(roomUsers.userId, viewerId), inArray(roomUsers.roomId, roomIds))),
    db
      .select({ roomId: roomFavorites.roomId })
      .from(roomFavorites)
      .where(and(eq(roomFavorites.userId, viewerId), inArray(roomFavorites.roomId, roomIds))),
  ]);
  for (const row of roleRows) roles.set(row.roomId, row.role as RoomUserRole);
  for (const row of favoriteRows) favorites.add(row.roomId);
  return { roles, favorites };
}
