import type { PublicUser } from '@music-rooms/domain/auth';
import type { RoomListResult, RoomSummary } from '@music-rooms/domain/rooms';
import type { FunctionCallError } from '../../../lib/api/function-call-error';
import type { LiveQueryState } from '../../../lib/realtime/live-query-registry';

/** A room list as shown: the loaded pages joined into one. */
export type RoomListView = {
  rooms: RoomSummary[];
  roomAuthors: Record<string, PublicUser>;
  roomUsers: Record<string, PublicUser[]>;
  total: number;
  /** The offset of the page "load more" asks for; null when every room is shown. */
  nextOffset: number | null;
  /** The first page has not answered yet. */
  loading: boolean;
  /** A page after the first is on its way. */
  loadingMore: boolean;
  error: FunctionCallError | null;
};

/**
 * Joins the pages of a list, each a live query of its own. A room that moved from one page to
 * the next while both were live (a new room pushed it down) is shown once, where it came first.
 */
export function joinRoomPages(pages: readonly LiveQueryState<RoomListResult>[]): RoomListView {
  const view: RoomListView = {
    rooms: [],
    roomAuthors: {},
    roomUsers: {},
    total: 0,
    nextOffset: null,
    loading: pages[0]?.status !== 'value',
    loadingMore: false,
    error: null,
  };
  const seen = new Set<string>();
  for (const [index, page] of pages.entries()) {
    if (page.status === 'error') {
      view.error ??= page.error;
      continue;
    }
    if (page.status === 'loading') {
      if (index > 0) view.loadingMore = true;
      continue;
    }
    const { value } = page;
    for (const room of value.rooms) {
      if (seen.has(room._id)) continue;
      seen.add(room._id);
      view.rooms.push(room);
    }
    Object.assign(view.roomAuthors, value.roomAuthors);
    Object.assign(view.roomUsers, value.roomUsers);
    view.total = value.total;
    if (index === pages.length - 1) view.nextOffset = value.nextOffset;
  }
  if (pages[0]?.status === 'error') view.loading = false;
  return view;
}
