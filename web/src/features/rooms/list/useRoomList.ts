import type { UserId } from '@music-rooms/domain/ids';
import { useCallback, useMemo, useState } from 'react';
import { canonicalJson } from '@music-rooms/domain/functions';
import { ROOM_LIMITS, type RoomListArgs, type RoomListResult } from '@music-rooms/domain/rooms';
import type { LiveQueryState } from '../../../lib/realtime/live-query-registry';
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
  const base = useMemo(() => {
    const args: RoomListArgs & { userId?: UserId } = {
      sort: params.sort,
      favoritesOnly: params.favoritesOnly,
      ...(params.search ? { search: params.search } : {}),
    };
    if (params.tab === 'mine' && userId) args.userId = userId;
    return args;
  }, [params, userId]);
  const key = `${params.tab} ${canonicalJson(base)}`;
  const [paging, setPaging] = useState({ key, offsets: [0] });
  const offsets = useMemo(() => (paging.key === key ? paging.offsets : [0]), [paging, key]);

  const skip = params.tab === 'mine' && !userId;
  const argsList = skip ? [] : offsets.map((offset) => ({ ...base, offset, limit: PAGE_SIZE }));
  const path =
    params.tab === 'mine' ? 'rooms.getUserRoomsWithAuthors' : 'rooms.getPublicRoomsWithAuthors';
  // The two lists answer the same shape; their args differ only by the user's id.
  const states = useLiveQueries(
    path as string,
    argsList,
  ) as readonly LiveQueryState<RoomListResult>[];
  const view = useMemo(() => joinRoomPages(states), [states]);

  const { nextOffset } = view;
  const loadMore = useCallback(() => {
    if (nextOffset === null || offsets.includes(nextOffset)) return;
    setPaging({ key, offsets: [...offsets, nextOffset] });
  }, [key, offsets, nextOffset]);

  return { view, loadMore };
}
