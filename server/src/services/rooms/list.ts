import type { RoomListResult, RoomListQuery, RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import type { RequestDeps } from '../deps';
import type { Presence } from '../presence/presence';
import { assembleCards, buildCards, type CardRow } from './cards';
import { listAnswer, NO_MARKS, rememberedAnswer } from './list-answers';
import {
  cardMembers,
  selectCardPage,
  selectCardRow,
  type CardMembers,
  type CardQueryRow,
  type RoomFilter,
} from './list-store';
import { publicListPage } from './public-list';

/** Which rooms a list holds: the public list, or the rooms of one user. */
export type ListScope = { kind: 'public' } | { kind: 'mine'; userId: UserId };

/**
 * A page of rooms with search, sort and paging done by the database. The public list in a
 * fixed order looks the same to everyone and is served from the list cache (public-list.ts);
 * "my rooms" and favourites depend on the viewer and are kept per viewer; the order by live
 * activity depends on presence and is read for each call.
 */
export async function listRooms(
  deps: RequestDeps,
  viewerId: UserId | null,
  scope: ListScope,
  query: RoomListQuery,
): Promise<RoomListResult> {
  const shared = scope.kind === 'public' && !query.favoritesOnly && query.sort !== 'active';
  return shared
    ? publicListPage(deps, viewerId, query)
    : viewerListPage(deps, viewerId, scope, query);
}

/**
 * "My rooms", favourites, or the order by live activity. One query reads the page with its
 * authors, the viewer's role and favourite flag and the total, limited to the viewer's rooms
 * or favourites through their own indexes; one more reads the members shown. Unless sorted
 * by live activity, the page is kept for this viewer (list-cache.ts) and, while the live
 * counts stay the same, so is the answer (list-answers.ts); the live counts are read fresh for
 * every call.
 */
async function viewerListPage(
  deps: RequestDeps,
  viewerId: UserId | null,
  scope: ListScope,
  query: RoomListQuery,
): Promise<RoomListResult> {
  if (query.favoritesOnly && !viewerId)
    return { rooms: [], roomAuthors: {}, roomUsers: {}, total: 0, nextOffset: null };
  const kept = viewerId !== null && query.sort !== 'active';
  const page = kept
    ? await deps.roomLists.getForViewer(viewerId, pageKey(scope, query), () =>
        loadViewerPage(deps.db, viewerId, scope, query, new Map()),
      )
    : await loadViewerPage(deps.db, viewerId, scope, query, await deps.presence.activeRooms());
  const roomIds = page.rows.map((row) => row.room.id);
  const [active, tracks] = await Promise.all([
    deps.presence.counts(roomIds),
    deps.nowPlaying.get(deps.db, roomIds),
  ]);
  const cards = () => assembleCards(page.rows, page.members, active, tracks);
  const build = () => listAnswer(cards(), page.total, query.offset);
  if (!kept) return build();
  const inputs = { page, marks: NO_MARKS, total: page.total, active, tracks };
  return rememberedAnswer(inputs, roomIds, build);
}

/** What one viewer's page is kept under. */
function pageKey(scope: ListScope, query: RoomListQuery): string {
  const { favoritesOnly, search, sort, offset, limit } = query;
  return JSON.stringify([scope.kind, favoritesOnly, search, sort, offset, limit]);
}

/** A viewer's page before the live counts: rows, members shown, total. */
type ViewerPage = { rows: CardRow[]; members: CardMembers; total: number };

async function loadViewerPage(
  db: Database,
  viewerId: UserId | null,
  scope: ListScope,
  query: RoomListQuery,
  active: ReadonlyMap<string, number>,
): Promise<ViewerPage> {
  // One's own rooms include hidden ones; the public list (favourites too) never does.
  const filter: RoomFilter = {
    roomsOf: scope.kind === 'mine' ? scope.userId : undefined,
    favoritesOf: query.favoritesOnly ? (viewerId ?? undefined) : undefined,
    listedOnly: scope.kind === 'public',
    search: query.search || undefined,
  };
  const page = await selectCardPage(db, viewerId, filter, { ...query, active });
  const rows = page.rows.map((row) => toCardRow(row, viewerId));
  const members = await cardMembers(
    db,
    rows.map((row) => row.room.id),
  );
  return { rows, members, total: page.total };
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

/** One room as a card, for rooms.get and rooms.getRoomInfoByUrl, once they let the viewer in. */
export async function roomCard(
  db: Database,
  presence: Presence,
  viewerId: UserId | null,
  roomId: RoomId,
) {
  const row = await selectCardRow(db, viewerId, roomId);
  if (!row) return null;
  const cardRow = { ...toCardRow(row, viewerId), viewable: true };
  const cards = await buildCards(db, presence, [cardRow]);
  return { summary: cards.rooms[0]!, author: cardRow.author };
}
