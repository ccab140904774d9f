import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RoomListResult, RoomListQuery, RoomUserRole } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomFavorites, roomUsers, rooms, users } from '../../db/schema';
import type { Presence } from '../presence/presence';
import { buildCards, type CardRow } from './cards';

/** Which rooms a list holds: the public list, or the rooms of one user. */
export type ListScope = { kind: 'public' } | { kind: 'mine'; userId: string };

/** Stands for "nobody" in joins on the viewer, so a guest's query has the same shape. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const my = alias(roomUsers, 'my');
const favorite = alias(roomFavorites, 'favorite');

/** `%text%` for LIKE, with the wildcards the user typed taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function scopeFilter(scope: ListScope): SQL {
  if (scope.kind === 'public') return ne(rooms.visibility, 'hidden');
  // The user's own rooms, rooms they have a role in, and rooms they asked to join.
  return or(
    eq(rooms.ownerId, scope.userId),
    sql`${my.role} is not null and ${my.role} <> 'rejected'`,
  )!;
}

function searchFilter(search: string): SQL {
  const pattern = containing(search);
  // An invite-only room's description is not shown to strangers, so it is not searched either.
  return or(
    sql`lower(${rooms.name}) like ${pattern}`,
    and(ne(rooms.visibility, 'inviteOnly'), sql`lower(${rooms.description}) like ${pattern}`),
  )!;
}

function ordering(sort: RoomListQuery['sort'], active: Map<string, number>): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(rooms.createdAt), asc(rooms.id)];
    case 'name':
      return [asc(sql`lower(${rooms.name})`), asc(rooms.id)];
    case 'nameDesc':
      return [desc(sql`lower(${rooms.name})`), desc(rooms.id)];
    case 'active': {
      // The live counts travel as one JSON parameter: rooms nobody is in count 0.
      const counts = JSON.stringify(Object.fromEntries(active));
      return [
        desc(sql`coalesce((${counts}::jsonb ->> ${rooms.id}::text)::int, 0)`),
        desc(rooms.createdAt),
        desc(rooms.id),
      ];
    }
    default:
      return [desc(rooms.createdAt), desc(rooms.id)];
  }
}

/**
 * A page of rooms with search, sort and paging done by the database: one query for the page
 * (with authors, the viewer's role and favourite flag), one for the total, one for members.
 * The total is counted apart so that the page query can stop after `limit` rows of an index.
 */
export async function listRooms(
  db: Database,
  presence: Presence,
  viewerId: string | null,
  scope: ListScope,
  query: RoomListQuery,
): Promise<RoomListResult> {
  const viewer = viewerId ?? NOBODY;
  const filters = [scopeFilter(scope)];
  if (query.search) filters.push(searchFilter(query.search));
  if (query.favoritesOnly) filters.push(sql`${favorite.userId} is not null`);
  const active = query.sort === 'active' ? await presence.activeRooms() : new Map<string, number>();
  const where = and(...filters);
  const [page, total] = await Promise.all([
    db
      .select({
        room: rooms,
        author: { _id: users.id, name: users.name, username: users.username, avatar: users.avatar },
        myRole: my.role,
        favoriteAt: favorite.createdAt,
      })
      .from(rooms)
      .innerJoin(users, eq(users.id, rooms.ownerId))
      .leftJoin(my, and(eq(my.roomId, rooms.id), eq(my.userId, viewer)))
      .leftJoin(favorite, and(eq(favorite.roomId, rooms.id), eq(favorite.userId, viewer)))
      .where(where)
      .orderBy(...ordering(query.sort, active))
      .limit(query.limit)
      .offset(query.offset),
    countRooms(db, viewer, where, scope.kind === 'mine' || query.favoritesOnly),
  ]);
  const rows: CardRow[] = page.map((row) => ({
    room: row.room,
    author: row.author,
    myRole: row.room.ownerId === viewerId ? 'owner' : ((row.myRole as RoomUserRole | null) ?? null),
    isFavorite: row.favoriteAt !== null,
  }));
  const end = query.offset + rows.length;
  return {
    ...(await buildCards(db, presence, rows)),
    total,
    nextOffset: end < total ? end : null,
  };
}

/** How many rooms match; the viewer's rows are joined only when the filter reads them. */
async function countRooms(
  db: Database,
  viewer: string,
  where: SQL | undefined,
  readsViewerRows: boolean,
): Promise<number> {
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(rooms);
  const [row] = readsViewerRows
    ? await counted
        .leftJoin(my, and(eq(my.roomId, rooms.id), eq(my.userId, viewer)))
        .leftJoin(favorite, and(eq(favorite.roomId, rooms.id), eq(favorite.userId, viewer)))
        .where(where)
    : await counted.where(where);
  return Number(row?.total ?? 0);
}

/** One room as a card, for rooms.get and rooms.getRoomInfoByUrl. */
export async function roomCard(
  db: Database,
  presence: Presence,
  viewerId: string | null,
  roomId: string,
) {
  const viewer = viewerId ?? NOBODY;
  const [row] = await db
    .select({
      room: rooms,
      author: { _id: users.id, name: users.name, username: users.username, avatar: users.avatar },
      myRole: my.role,
      favoriteAt: favorite.createdAt,
    })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.ownerId))
    .leftJoin(my, and(eq(my.roomId, rooms.id), eq(my.userId, viewer)))
    .leftJoin(favorite, and(eq(favorite.roomId, rooms.id), eq(favorite.userId, viewer)))
    .where(eq(rooms.id, roomId));
  if (!row) return null;
  const cards = await buildCards(db, presence, [
    {
      room: row.room,
      author: row.author,
      myRole:
        row.room.ownerId === viewerId ? 'owner' : ((row.myRole as RoomUserRole | null) ?? null),
      isFavorite: row.favoriteAt !== null,
    },
  ]);
  return { summary: cards.rooms[0]!, author: row.author };
}
