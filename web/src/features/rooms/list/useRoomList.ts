import type { UserId } from '@music-rooms/domain/ids';
import { useCallback, useMemo, useState } from 'react';
import { canonicalJson } from '@music-rooms/domain/functions';
import { ROOM_LIMITS, type RoomListArgs } from '@music-rooms/domain/rooms';
import { useLiveQueries } from '../../../lib/realtime/useLiveQueries';
import { joinRoomPages, type RoomListView } from './room-pages';
import type { RoomListParams } from './useRoomListParams';

const PAGE_SIZE = ROOM_LIMITS.pageSizeDefault;

/**
 * One of the home page's lists, live: the public rooms, or the rooms of the signed-in user.
 * Each page loaded is a live query of its own, so every shown card stays current; "load more"
 * adds the next page. A new search, sort or filter starts again from the first page.
 */
export function useRoomList(
  params: RoomListParams,
  userId: UserId | null,
): { view: RoomListView; loadMore: () => void } {
  const base = useMemo<RoomListArgs>(
    () => ({
      sort: params.sort,
      favoritesOnly: params.favoritesOnly,
      ...(params.search ? { search: params.search } : {}),
    }),
    [params],
  );
  const mine = params.tab === 'mine';
  const key = `${params.tab} ${mine ? (userId ?? '') : ''} ${canonicalJson(base)}`;
  const [paging, setPaging] = useState({ key, offsets: [0] });
  const offsets = useMemo(() => (paging.key === key ? paging.offsets : [0]), [paging, key]);

  const pages = offsets.map((offset) => ({ ...base, offset, limit: PAGE_SIZE }));
  // Both lists answer the same shape; only the shown one has pages, so only it is subscribed.
  const publicStates = useLiveQueries('rooms.getPublicRoomsWithAuthors', mine ? [] : pages);
  const userStates = useLiveQueries(
    'rooms.getUserRoomsWithAuthors',
    mine && userId ? pages.map((page) => ({ ...page, userId })) : [],
  );
  const states = mine ? userStates : publicStates;
  const view = useMemo(() => joinRoomPages(states), [states]);

  const { nextOffset } = view;
  const loadMore = useCallback(() => {
    if (nextOffset === null || offsets.includes(nextOffset)) return;
    setPaging({ key, offsets: [...offsets, nextOffset] });
  }, [key, offsets, nextOffset]);

  return { view, loadMore };
}
