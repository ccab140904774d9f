import { useEffect, useState } from 'react';
import type { PlaylistId, RoomId, TrackId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { TrackSort, TrackSummary } from '@music-rooms/domain/tracks';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 250;

type TrackListParams = {
  roomId: RoomId;
  playlistId: PlaylistId | null;
  search: string;
  sort: TrackSort;
  pass: RoomAccessArgs;
};

/**
 * The playlist's tracks, live (processing → ready shows by itself), searched once typing pauses.
 * A drag in the manual order shows at once; the server's next answer takes over.
 */
export function useTrackList({ roomId, playlistId, search, sort, pass }: TrackListParams) {
  const [query, setQuery] = useState(search.trim());
  useEffect(() => {
    const next = search.trim();
    const timer = setTimeout(() => setQuery(next), next === '' ? 0 : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const state = useLiveQueryState(
    'tracks.list',
    playlistId
      ? { roomId, playlistId, sort, ...(query ? { search: query } : {}), ...pass }
      : 'skip',
  );
  const [order, setOrder] = useState<{ from: TrackSummary[]; ids: TrackId[] } | null>(null);
  const value = state.status === 'value' ? state.value : null;
  const serverTracks = value?.tracks ?? null;

  let tracks = serverTracks;
  if (order && serverTracks && order.from === serverTracks) {
    const byId = new Map(serverTracks.map((track) => [track._id, track]));
    tracks = order.ids.flatMap((id) => byId.get(id) ?? []);
  }
  return {
    state,
    tracks,
    stats: value?.stats ?? null,
    /** The search the list shows (the one typed may still be waiting). */
    searched: query,
    /** Shows a new manual order until the server answers again. */
    showOrder: (ids: TrackId[]) => serverTracks && setOrder({ from: serverTracks, ids }),
  };
}
