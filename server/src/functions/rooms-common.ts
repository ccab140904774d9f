import { ROOM_TOPICS, type RoomSummary } from '@music-rooms/domain';
import { ANY_PRESENCE_TOPIC } from '../services/presence/presence';
import { RoomError } from '../services/rooms/errors';
import type { MutationContext, QueryContext } from './define';
import { FunctionError } from './function-error';

type Context = QueryContext | MutationContext;

/** Runs a room service call, passing its refusals on as function errors (code and key). */
export async function roomCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RoomError) throw new FunctionError(error.code, error.key, error.data);
    throw error;
  }
}

export const viewerOf = (ctx: Context) => ({ userId: ctx.caller.userId });

export const roomDeps = (ctx: Context) => ({ db: ctx.db, presence: ctx.services.presence });

/** What the room lists read: the room deps and the cache of the public list. */
export const listDeps = (ctx: Context) => ({ ...roomDeps(ctx), cache: ctx.services.roomLists });

const userTopic = (id: string) => `user:${id}`;

/**
 * What a room list reads: every room change, the viewer's own rooms and favourites, the
 * authors shown, and the live presence of the listed rooms (of all rooms when sorted by it).
 */
export function watchList(
  ctx: QueryContext,
  rooms: readonly RoomSummary[],
  sortedByPresence: boolean,
): void {
  ctx.watch(ROOM_TOPICS.list);
  if (ctx.caller.userId) ctx.watch(ROOM_TOPICS.userRooms(ctx.caller.userId));
  if (sortedByPresence) ctx.watch(ANY_PRESENCE_TOPIC);
  for (const room of rooms) {
    ctx.watch(ROOM_TOPICS.presence(room._id));
    ctx.watch(userTopic(room.owner));
  }
}

/** What one room's page reads. */
export function watchRoom(ctx: QueryContext, roomId: string, ownerId?: string): void {
  ctx.watch(ROOM_TOPICS.room(roomId));
  ctx.watch(ROOM_TOPICS.presence(roomId));
  if (ownerId) ctx.watch(userTopic(ownerId));
}

/**
 * After a change to a room or its people: the lists (cards show counts and members), the
 * room, its users, and the "my rooms" of everyone whose place in it changed.
 */
export function publishRoomChange(
  ctx: MutationContext,
  roomId: string,
  affectedUserIds: readonly (string | null)[] = [],
): void {
  ctx.publish(ROOM_TOPICS.list);
  ctx.publish(ROOM_TOPICS.room(roomId));
  ctx.publish(ROOM_TOPICS.users(roomId));
  for (const userId of affectedUserIds) if (userId) ctx.publish(ROOM_TOPICS.userRooms(userId));
}
