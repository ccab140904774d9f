import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ROOM_LIMITS,
  asUserId,
  type PublicUser,
  type RoomListQuery,
  type RoomUserRole,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomFavorites, roomUsers, rooms, users } from '../../db/schema';
import type { RoomRow } from './store';

/**
 * The room list queries: which rooms, in which order, with their authors, the viewer's role
 * and favourite, and the members a card shows. Search, sort and paging are done here by the
 * database; what a list means (whose rooms, what is cached) is decided in list.ts and
 * public-list.ts.
 */

/** Which rooms a page or count covers. */
export type RoomFilter = {
  /** Only the rooms this user owns, has a role in or asked to join ("my rooms"). */
  roomsOf?: UserId | undefined;
  /** Only this user's favourites. */
  favoritesOf?: UserId | undefined;
  /** Only rooms anyone may find in the public list (all but hidden ones). */
  listedOnly: boolean;
  /** A case-insensitive part of the name (or of a description strangers may read). */
  search?: string | undefined;
};

/** One page of a list, in an order; `active` holds the live counts when sorting by them. */
export type PageRequest = Pick<RoomListQuery, 'sort' | 'limit' | 'offset'> & {
  active?: ReadonlyMap<string, number>;
};

/** A room as the card queries read it: the viewer's role is their room_users row, if any. */
export type CardQueryRow = {
  room: RoomRow;
  author: PublicUser;
  myRole: RoomUserRole | null;
  favoriteAt: Date | null;
};

/** A page of card rows, and how many rooms the filter covers in all. */
export type CardPage = { rows: CardQueryRow[]; total: number };

/** Member counts and the first few members of some rooms, by room id. */
export type CardMembers = {
  counts: Map<string, number>;
  shown: Map<string, PublicUser[]>;
};

/** Stands for "nobody" in joins on the viewer, so a guest's query has the same shape. */
const NOBODY = asUserId('00000000-0000-0000-0000-000000000000');

/** The viewer's own room_users row and favourite, joined by the queries that read them. */
const my = alias(roomUsers, 'my');
const favorite = alias(roomFavorites, 'favorite');

/** The author columns a card shows. */
const authorColumns = {
  _id: users.id,
  name: users.name,
  username: users.username,
  avatar: users.avatar,
};

/** `%text%` for LIKE, with the wildcards the user typed taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function searchFilter(search: string): SQL {
  const pattern = containing(search);
  // A closed room's description is not shown to strangers, so it is not searched either.
  return or(
    sql`lower(${rooms.name}) like ${pattern}`,
    and(
      ne(rooms.visibility, 'inviteOnly'),
      isNull(rooms.passwordHash),
      sql`lower(${rooms.description}) like ${pattern}`,
    ),
  )!;
}

/**
 * The rooms a user owns, has a role in or asked to join (refusals left out), each part read
 * through its own index. Inside the subquery, "rooms" is the subquery's own table.
 */
function roomIdsOf(userId: UserId): SQL {
  return sql`select ${rooms.id} from ${rooms} where ${rooms.ownerId} = ${userId}
    union
    select ${roomUsers.roomId} from ${roomUsers}
    where ${roomUsers.userId} = ${userId} and ${roomUsers.role} <> 'rejected'`;
}

function favoriteIdsOf(userId: UserId): SQL {
  return sql`select ${roomFavorites.roomId} from ${roomFavorites}
    where ${roomFavorites.userId} = ${userId}`;
}

/** The filter as a WHERE clause; `joined` when the page query joins `roomsOf` instead. */
function whereOf(filter: RoomFilter, joined = false): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.roomsOf && !joined) parts.push(sql`${rooms.id} in (${roomIdsOf(filter.roomsOf)})`);
  if (filter.favoritesOf) parts.push(sql`${rooms.id} in (${favoriteIdsOf(filter.favoritesOf)})`);
  if (filter.listedOnly) parts.push(ne(rooms.visibility, 'hidden'));
  if (filter.search) parts.push(searchFilter(filter.search));
  return and(...parts);
}

function ordering(sort: RoomListQuery['sort'], active: ReadonlyMap<string, number>): SQL[] {
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

/** Rooms with their author, the viewer's role and favourite (and any `extra` columns). */
function selectCardRows<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Database,
  viewerId: UserId | null,
  extra: Extra,
) {
  const viewer = viewerId ?? NOBODY;
  return db
    .select({
      room: rooms,
      author: authorColumns,
      myRole: my.role,
      favoriteAt: favorite.createdAt,
      ...extra,
    })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.ownerId))
    .leftJoin(my, and(eq(my.roomId, rooms.id), eq(my.userId, viewer)))
    .leftJoin(favorite, and(eq(favorite.roomId, rooms.id), eq(favorite.userId, viewer)));
}

/**
 * A page of rooms as the viewer sees them, and the total in the same query (the count runs
 * over every matching row before the page is cut). A page past the end has no row to carry
 * the total: it is counted apart.
 */
export async function selectCardPage(
  db: Database,
  viewerId: UserId | null,
  filter: RoomFilter,
  page: PageRequest,
): Promise<CardPage> {
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  const cards = selectCardRows(db, viewerId, { total });
  // A few hundred ids of one's own rooms, each room then found by its key: joined rather
  // than tested with IN, which lets the planner hash the whole rooms table instead.
  const scoped = filter.roomsOf
    ? cards.innerJoin(sql`(${roomIdsOf(filter.roomsOf)}) as mine`, sql`mine.id = ${rooms.id}`)
    : cards;
  const found = await scoped
    .where(whereOf(filter, true))
    .orderBy(...ordering(page.sort, page.active ?? new Map()))
    .limit(page.limit)
    .offset(page.offset);
  const counted = found[0]?.total ?? (page.offset > 0 ? await countRooms(db, filter) : 0);
  return { rows: found.map(({ total: _total, ...row }) => row), total: counted };
}

/** One room as the viewer sees it, or null when it does not exist. */
export async function selectCardRow(
  db: Database,
  viewerId: UserId | null,
  roomId: RoomId,
): Promise<CardQueryRow | null> {
  const [row] = await selectCardRows(db, viewerId, {}).where(eq(rooms.id, roomId));
  return row ?? null;
}

/** A page of rooms with their authors, the same for every viewer. */
export function selectRoomPage(
  db: Database,
  filter: RoomFilter,
  page: PageRequest,
): Promise<{ room: RoomRow; author: PublicUser }[]> {
  return db
    .select({ room: rooms, author: authorColumns })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.ownerId))
    .where(whereOf(filter))
    .orderBy(...ordering(page.sort, page.active ?? new Map()))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many rooms the filter covers. */
export async function countRooms(db: Database, filter: RoomFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(rooms)
    .where(whereOf(filter));
  return Number(row?.total ?? 0);
}

/** The viewer's role (or request) and favourite flag in each of these rooms. */
export async function viewerMarks(db: Database, viewerId: UserId, roomIds: readonly RoomId[]) {
  const roles = new Map<string, RoomUserRole>();
  const favorites = new Set<string>();
  if (roomIds.length === 0) return { roles, favorites };
  const ids = [...roomIds];
  const [roleRows, favoriteRows] = await Promise.all([
    db
      .select({ roomId: roomUsers.roomId, role: roomUsers.role })
      .from(roomUsers)
      .where(and(eq(roomUsers.userId, viewerId), inArray(roomUsers.roomId, ids))),
    db
      .select({ roomId: roomFavorites.roomId })
      .from(roomFavorites)
      .where(and(eq(roomFavorites.userId, viewerId), inArray(roomFavorites.roomId, ids))),
  ]);
  for (const row of roleRows) roles.set(row.roomId, row.role);
  for (const row of favoriteRows) favorites.add(row.roomId);
  return { roles, favorites };
}

/** Roles counted as members (besides the owner, who is one). */
const MEMBER_ROLES = sql.raw(`'admin', 'editor', 'participant', 'viewer'`);

/** A row of the raw query below: the ids are those of the rooms and users tables. */
type MemberRow = {
  room_id: RoomId;
  user_id: UserId | null;
  name: string | null;
  username: string | null;
  avatar: string | null;
  member_count: number;
};

/**
 * Member counts and the first few members of each room, in one query: the owner counts as
 * one member and shows first, then the others by role and by when they joined.
 */
export async function cardMembers(db: Database, roomIds: readonly RoomId[]): Promise<CardMembers> {
  const counts = new Map<string, number>();
  const shown = new Map<string, PublicUser[]>();
  if (roomIds.length === 0) return { counts, shown };
  const ids = sql.join(
    roomIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    select ranked.room_id, ranked.user_id, u.name, u.username, u.avatar, ranked.member_count
    from (
      select ru.room_id, ru.user_id,
        row_number() over (partition by ru.room_id order by
          array_position(array['admin', 'editor', 'participant', 'viewer'], ru.role), ru.created_at
        ) as position,
        count(*) over (partition by ru.room_id)::int as member_count
      from room_users ru
      where ru.room_id in (${ids}) and ru.role in (${MEMBER_ROLES})
    ) ranked
    join users u on u.id = ranked.user_id
    where ranked.position < ${ROOM_LIMITS.cardMembersMax}
  `)) as unknown as { rows: MemberRow[] };
  for (const row of result.rows) {
    counts.set(row.room_id, Number(row.member_count));
    if (row.user_id === null) continue;
    const list = shown.get(row.room_id) ?? [];
    list.push({
      _id: row.user_id,
      name: row.name ?? '',
      username: row.username ?? '',
      avatar: row.avatar ?? '',
    });
    shown.set(row.room_id, list);
  }
  return { counts, shown };
}
