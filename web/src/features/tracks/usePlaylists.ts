import type { RoomId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { PlaylistSummary } from '@music-rooms/domain/tracks';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';

const NONE: PlaylistSummary[] = [];

/** The room's playlists, live; the default one first as the server orders them. */
export function usePlaylists(roomId: RoomId, pass: RoomAccessArgs): PlaylistSummary[] {
  const state = useLiveQueryState('playlists.list', { roomId, ...pass });
  return state.status === 'value' ? state.value : NONE;
}

/** Whether the room holds no track at all, once its playlists are known (false until then). */
export function useRoomIsEmpty(roomId: RoomId, pass: RoomAccessArgs): boolean {
  const state = useLiveQueryState('playlists.list', { roomId, ...pass });
  return state.status === 'value' && state.value.every((playlist) => playlist.trackCount === 0);
}
