import { TOPICS, type RoomId } from '@music-rooms/domain';
import type { MutationContext, QueryContext } from '../define';

/** What a view of a room's tracks reads: its tracks, and the room and members (access may change). */
export function watchTracks(ctx: QueryContext, roomId: RoomId): void {
  ctx.watch(TOPICS.tracks(roomId));
  ctx.watch(TOPICS.room(roomId));
  ctx.watch(TOPICS.roomUsers(roomId));
}

/** After a change to tracks of these rooms: their lists, playlists (counts) and info panels. */
export function publishTracksChange(ctx: MutationContext, roomIds: readonly RoomId[]): void {
  for (const roomId of new Set(roomIds)) {
    ctx.publish(TOPICS.tracks(roomId));
    ctx.publish(TOPICS.playlists(roomId));
  }
}
