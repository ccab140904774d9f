import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RoomListResult, RoomListQuery, RoomUserRole } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomFavorites, roomUsers, rooms, users } from '../../db/schema';
import type { Presence } from '../presence/presence';
import { buildCards, type CardRow, type RoomCards } from './cards';
import {
  NOBODY,
  authorColumns,
  favorite,
  listedPublicly,
  my,
  ordering,
  searchFilter,
  type ListScope,
} from './list-query';
import { publicListPage, type PublicListDeps } from './public-list';

export type { ListScope } from './list-query';

/**
 * A page of rooms with search, sort and paging done by the database. The public list in a
 * fixed order looks the same to everyone and is served from the list cache (public-list.ts);
 * "my rooms", favourites and the order by live activity depend on the viewer or on presence
 * and are read for each call.
 */
export async function listRooms(
  deps: PublicListDeps,
  viewerId: string | null,
  scope: ListScope,
  query: RoomListQuery,
): Promise<RoomListResult> {
  const shared = scope.kind === 'public' && !query.favoritesOnly && query.sort !== 'active';
  const page = shared
    ? await publicListPage(deps, viewerId, query)
    : await viewerListPage(deps.db, deps.presence, viewerId, scope, query);
  const end = query.offset + page.rooms.length;
  return { ...page, nextOffset: end < page.total ? end : null };
}

/**
 * "My rooms", favourites, or the order by live activity. The rooms a viewer's list is limited
 * to are read first, through that user's own indexes (a few hundred ids rather than every
 * room); then one query for the page, with authors, the viewer's role and favourite flag, one
 * for the total, and one for members.
 */
async function viewerListPage(
  db: Database,
  presence: Presence,
  viewerId: string | null,
  scope: ListScope,
  query: RoomListQuery,
): Promise<RoomCards & { total: number }> {
  const limitedTo = await candidateIds(db, viewerId, scope, query.favoritesOnly);
  if (limitedTo?.length === 0) return { rooms: [], roomAuthors: {}, roomUsers: {}, total: 0 };
  const filters = [limitedTo ? inArray(rooms.id, limitedTo) : listedPublicly];
  if (scope.kind === 'public' && limitedTo) filters.push(listedPublicly);
  if (query.search) filters.push(searchFilter(query.search));
  const active = query.sort === 'active' ? await presence.activeRooms() : new Map<string, number>();
  const where = and(...filters);
  const [page, [counted]] = await Promise.all([
    selectCardRows(db, viewerId ?? NOBODY)
      .where(where)
      .orderBy(...ordering(query.sort, active))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(rooms)
      .where(where),
  ]);
  const rows = page.map((row) => toCardRow(row, viewerId));
  return { ...(await buildCards(db, presence, rows)), total: Number(counted?.total ?? 0) };
}

/**
 * The ids a list is limited to, or null for every listed room: the rooms the user owns, has a
 * role in or asked to join ("my rooms"), and their favourites (a guest has none).
 */
async function candidateIds(
  db: Database,
  viewerId: string | null,
  scope: ListScope,
  favoritesOnly: boolean,
): Promise<string[] | null> {
  const mine = scope.kind === 'mine' ? new Set(await ownRoomIds(db, scope.userId)) : null;
  if (!favoritesOnly) return mine && [...mine];
  const favorites = viewerId ? await favoriteRoomIds(db, viewerId) : [];
  return mine ? favorites.filter((id) => mine.has(id)) : favorites;
}

async function ownRoomIds(db: Database, userId: string): Promise<string[]> {
  const [owned, joined] = await Promise.all([
    db.select({ id: rooms.id }).from(rooms).where(eq(rooms.ownerId, userId)),
    db
      .select({ id: roomUsers.roomId })
      .from(roomUsers)
      .where(and(eq(roomUsers.userId, userId), ne(roomUsers.role, 'rejected'))),
  ]);
  return [...new Set([...owned, ...joined].map((row) => row.id))];
}

async function favoriteRoomIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: roomFavorites.roomId })
    .from(roomFavorites)
    .where(eq(roomFavorites.userId, userId));
  return rows.map((row) => row.id);
}

/** Rooms with their author, the viewer's role and favourite. */
function selectCardRows(db: Database, viewer: string) {
  return db
    .select({
      room: rooms,
      author: authorColumns,
      myRole: my.role,
      favoriteAt: favorite.createdAt,
    })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.ownerId))
    .leftJoin(my, and(eq(my.roomId, rooms.id), eq(my.userId, viewer)))
    .leftJoin(favorite, and(eq(favorite.roomId, rooms.id), eq(favorite.userId, viewer)));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectCardRows>['where']>>[number];

function toCardRow(row: SelectedRow, viewerId: string | null): CardRow {
  return {
    room: row.room,
    author: row.author,
    myRole: row.room.ownerId === viewerId ? 'owner' : ((row.myRole as RoomUserRole | null) ?? null),
    isFavorite: row.favoriteAt !== null,
  };
}

/** One room as a card, for rooms.get and rooms.getRoomInfoByUrl. */
export async function roomCard(
  db: Database,
  presence: Presence,
  viewerId: string | null,
  roomId: string,
) {
  const [row] = await selectCardRows(db, viewerId ?? NOBODY).where(eq(rooms.id, roomId));
  if (!row) return null;
  const cardRow = toCardRow(row, viewerId);
  const cards = await buildCards(db, presence, [cardRow]);
  return { summary: cards.rooms[0]!, author: cardRow.author };
}
