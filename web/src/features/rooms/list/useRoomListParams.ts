import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ROOM_LIMITS, ROOM_SORTS, type RoomSort } from '@music-rooms/domain/rooms';

export type RoomListTab = 'all' | 'mine';

/** What the home page's list shows; kept in the address, so a reload or a way back keeps it. */
export type RoomListParams = {
  tab: RoomListTab;
  search: string;
  sort: RoomSort;
  favoritesOnly: boolean;
};

const DEFAULTS: RoomListParams = { tab: 'all', search: '', sort: 'newest', favoritesOnly: false };

function isSort(value: string | null): value is RoomSort {
  return (ROOM_SORTS as readonly (string | null)[]).includes(value);
}

/** The list's choices from the address (?tab=mine&q=jazz&sort=name&favorites=1), and setters. */
export function useRoomListParams() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'all';
  const search = (params.get('q') ?? '').slice(0, ROOM_LIMITS.searchMax);
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULTS.sort;
  const favoritesOnly = params.get('favorites') === '1';

  const update = useCallback(
    (changes: Partial<RoomListParams>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string, fallback: string) =>
            value === fallback ? next.delete(key) : next.set(key, value);
          if (changes.tab !== undefined) set('tab', changes.tab, DEFAULTS.tab);
          if (changes.search !== undefined) set('q', changes.search.trim(), '');
          if (changes.sort !== undefined) set('sort', changes.sort, DEFAULTS.sort);
          if (changes.favoritesOnly !== undefined) {
            set('favorites', changes.favoritesOnly ? '1' : '', '');
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const value = useMemo<RoomListParams>(
    () => ({ tab, search: search.trim(), sort, favoritesOnly }),
    [tab, search, sort, favoritesOnly],
  );
  return { params: value, update };
}
