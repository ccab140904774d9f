import type {
  PublicUser,
  RoomListQuery,
  RoomListResult,
  RoomUserRole,
  RoomId,
  UserId,
} from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { assembleCards } from './cards';
import { listAnswer, rememberedAnswer } from './list-answers';
import {
  cardMembers,
  countRooms,
  selectRoomPage,
  viewerMarks,
  type CardMembers,
  type RoomFilter,
} from './list-store';
import type { RoomRow } from './store';

/** A page of the public list as everyone sees it, before the viewer's role and favourites. */
type SharedPage = {
  rows: { room: RoomRow; author: PublicUser }[];
  members: CardMembers;
};

/** The rooms of the public list that match the search, whoever looks. */
const publicRooms = (search: string | undefined): RoomFilter => ({
  listedOnly: true,
  search,
});

/**
 * The public list sorted by anything but live activity: the page, its members and the total
 * are the same for every viewer and come from the cache; the viewer's role and favourite in
 * the rooms shown are kept per viewer, the live counts are read fresh for each call, and the
 * tracks the rooms play come from their own cache (now-playing.ts). While
 * none of these change, the answer is the one given last time (list-answers.ts).
 */
export async function publicListPage(
  deps: RequestDeps,
  viewerId: UserId | null,
  query: RoomListQuery,
): Promise<RoomListResult> {
  const search = query.search || undefined;
  const pageKey = JSON.stringify(['page', search ?? '', query.sort, query.offset, query.limit]);
  const [page, total] = await Promise.all([
    deps.roomLists.get(pageKey, () => loadSharedPage(deps, query)),
    deps.roomLists.get(JSON.stringify(['count', search ?? '']), () =>
      countRooms(deps.db, publicRooms(search)),
    ),
  ]);
  const roomIds = page.rows.map((row) => row.room.id);
  const [mine, active, tracks] = await Promise.all([
    marksOf(deps, viewerId, roomIds),
    deps.presence.counts(roomIds),
    deps.nowPlaying.get(deps.db, roomIds),
  ]);
  return rememberedAnswer({ page, marks: mine, total, active, tracks }, roomIds, () => {
    const rows = page.rows.map(({ room, author }) => ({
      room,
      author,
      myRole: room.ownerId === viewerId ? ('owner' as const) : (mine.roles.get(room.id) ?? null),
      isFavorite: mine.favorites.has(room.id),
    }));
    return listAnswer(assembleCards(rows, page.members, active, tracks), total, query.offset);
  });
}

async function loadSharedPage(deps: RequestDeps, query: RoomListQuery): Promise<SharedPage> {
  const rows = await selectRoomPage(deps.db, publicRooms(query.search || undefined), query);
  const members = await cardMembers(
    deps.db,
    rows.map((row) => row.room.id),
  );
  return { rows, members };
}

/** A guest's marks: none, the same object every time, so guests share one answer. */
const GUEST_MARKS = Object.freeze({
  roles: new Map<string, RoomUserRole>(),
  favorites: new Set<string>(),
});

/**
 * The viewer's role and favourite flag in the rooms shown; a guest has neither. Kept for the
 * viewer under the very rooms asked about, so a page that changed is never given the marks of
 * the page it replaced; a role changes with the `rooms` topic, a favourite with the viewer's
 * `user-rooms:<id>`, and either forgets them (list-cache.ts).
 */
async function marksOf(deps: RequestDeps, viewerId: UserId | null, roomIds: RoomId[]) {
  if (!viewerId) return GUEST_MARKS;
  const key = JSON.stringify(['marks', roomIds]);
  return deps.roomLists.getForViewer(viewerId, key, () => viewerMarks(deps.db, viewerId, roomIds));
}
