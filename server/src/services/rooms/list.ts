import type { RoomListResult, RoomListQuery, RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import type { RequestDeps } from '../deps';
import type { Presence } from '../presence/presence';
import { buildCards, type CardRow, type RoomCards } from './cards';
import {
  countRooms,
  favoriteRoomIds,
  ownRoomIds,
  selectCardPage,
  selectCardRow,
  type CardQueryRow,
  type RoomFilter,
} from './list-store';
import { publicListPage } from './public-list';

/** Which rooms a list holds: the public list, or the rooms of one user. */
export type ListScope = { kind: 'public' } | { kind: 'mine'; userId: UserId };

/**
 * A page of rooms with search, sort and paging done by the database. The public list in a
 * fixed order looks the same to everyone and is served from the list cache (public-list.ts);
 * "my rooms", favourites and the order by live activity depend on the viewer or on presence
 * and are read for each call.
 */
export async function listRooms(
  deps: RequestDeps,
  viewerId: UserId | null,
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
  viewerId: UserId | null,
  scope: ListScope,
  query: RoomListQuery,
): Promise<RoomCards & { total: number }> {
  const limitedTo = await candidateIds(db, viewerId, scope, query.favoritesOnly);
  if (limitedTo?.length === 0) return { rooms: [], roomAuthors: {}, roomUsers: {}, total: 0 };
  // One's own rooms include hidden ones; the public list (favourites too) never does.
  const filter: RoomFilter = {
    ids: limitedTo,
    listedOnly: scope.kind === 'public' || limitedTo === null,
    search: query.search || undefined,
  };
  const active = query.sort === 'active' ? await presence.activeRooms() : new Map<string, number>();
  const [page, total] = await Promise.all([
    selectCardPage(db, viewerId, filter, { ...query, active }),
    countRooms(db, filter),
  ]);
  const rows = page.map((row) => toCardRow(row, viewerId));
  return { ...(await buildCards(db, presence, rows)), total };
}

/**
 * The ids a list is limited to, or null for every listed room: the rooms the user owns, has a
 * role in or asked to join ("my rooms"), and their favourites (a guest has none).
 */
async function candidateIds(
  db: Database,
  viewerId: UserId | null,
  scope: ListScope,
  favoritesOnly: boolean,
): Promise<RoomId[] | null> {
  const mine = scope.kind === 'mine' ? new Set(await ownRoomIds(db, scope.userId)) : null;
  if (!favoritesOnly) return mine && [...mine];
  const favorites = viewerId ? await favoriteRoomIds(db, viewerId) : [];
  return mine ? favorites.filter((id) => mine.has(id)) : favorites;
}

/** The owner sees their own room as 'owner' (room_users never holds that role). */
function toCardRow(row: CardQueryRow, viewerId: UserId | null): CardRow {
  return {
    room: row.room,
    author: row.author,
    myRole: row.room.ownerId === viewerId ? 'owner' : row.myRole,
    isFavorite: row.favoriteAt !== null,
  };
}

/** One room as a card, for rooms.get and rooms.getRoomInfoByUrl. */
export async function roomCard(
  db: Database,
  presence: Presence,
  viewerId: UserId | null,
  roomId: RoomId,
) {
  const row = await selectCardRow(db, viewerId, roomId);
  if (!row) return null;
  const cardRow = toCardRow(row, viewerId);
  const cards = await buildCards(db, presence, [cardRow]);
  return { summary: cards.rooms[0]!, author: cardRow.author };
}
