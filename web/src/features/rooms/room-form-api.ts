import type { RoomId } from '@music-rooms/domain/ids';
import type { ArgsOf } from '@music-rooms/domain/functions';
import { callMutation } from '../../lib/api/functions';

/** The calls of the room forms: make a room, change it, delete it. */

export function createRoom(args: ArgsOf<'rooms.create'>) {
  return callMutation('rooms.create', args);
}

export function updateRoom(args: ArgsOf<'rooms.update'>) {
  return callMutation('rooms.update', args);
}

export function deleteRoom(id: RoomId) {
  return callMutation('rooms.remove', { id });
}
