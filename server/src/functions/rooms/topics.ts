import { TOPICS, type RoomId, type RoomSummary, type UserId } from '@music-rooms/domain';
import type { MutationContext, QueryContext } from '../define';

/**
 * What a room list reads: every room change, the viewer's own rooms and favourites, the
 * authors shown, the live presence of the listed rooms (of all rooms when sorted by it), and
 * their players and tracks (the card's cover and current track).
 */
export function watchList(
  ctx: QueryContext,
  rooms: readonly RoomSummary[],
  sortedByPresence: boolean,
): void {
  ctx.watch(TOPICS.roomList);
  if (ctx.caller.userId) ctx.watch(TOPICS.userRooms(ctx.caller.userId));
  if (sortedByPresence) ctx.watch(TOPICS.anyPresence);
  for (const room of rooms) {
    ctx.watch(TOPICS.presence(room._id));
    ctx.watch(TOPICS.player(room._id));
    ctx.watch(TOPICS.tracks(room._id));
    ctx.watch(TOPICS.user(room.owner));
  }
}

/** What one room's page reads. */
export function watchRoom(ctx: QueryContext, roomId: RoomId, ownerId?: UserId): void {
  ctx.watch(TOPICS.room(roomId));
  ctx.watch(TOPICS.presence(roomId));
  if (ownerId) ctx.watch(TOPICS.user(ownerId));
}

/**
 * After a change to a room or its people: the lists (cards show counts and members), the
 * room, its users, and the "my rooms" of everyone whose place in it changed.
 */
export function publishRoomChange(
  ctx: MutationContext,
  roomId: RoomId,
  affectedUserIds: readonly (UserId | null)[] = [],
): void {
  ctx.publish(TOPICS.roomList);
  ctx.publish(TOPICS.room(roomId));
  ctx.publish(TOPICS.roomUsers(roomId));
  for (const userId of affectedUserIds) if (userId) ctx.publish(TOPICS.userRooms(userId));
}
