import { roleCan, type AccessRequestNews, type UserId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { findUserById } from '../accounts/users-store';
import { listRoomRoles, type RoomRow } from './store';

/**
 * Tells the people who may answer a room's access requests (its owner and admins) that someone
 * asked, wherever in the app they are. Services tell it; the realtime plugin, once Socket.IO is
 * up, hands it the way to each person's connections (through the Socket.IO adapter, so with
 * Redis every node's pages hear it). Nothing is kept: the request itself waits in the room's
 * users list.
 */
export class AccessRequestFeed {
  private deliver: ((userIds: UserId[], news: AccessRequestNews) => void) | null = null;

  /** Called once by the realtime plugin. */
  deliverThrough(deliver: (userIds: UserId[], news: AccessRequestNews) => void): void {
    this.deliver = deliver;
  }

  tell(userIds: UserId[], news: AccessRequestNews): void {
    if (userIds.length > 0) this.deliver?.(userIds, news);
  }
}

/** The owner and every user whose role may manage the room's users. */
async function managersOf(deps: Pick<RequestDeps, 'db'>, room: RoomRow): Promise<UserId[]> {
  const roles = await listRoomRoles(deps.db, room.id);
  const admins = roles.filter(({ role }) => roleCan(role, 'users.manage'));
  return [room.ownerId, ...admins.map(({ userId }) => userId)];
}

/** A new request to join `room` by `requesterId`: its managers hear of it. */
export async function tellAccessRequest(
  deps: Pick<RequestDeps, 'db' | 'accessRequests'>,
  room: RoomRow,
  requesterId: UserId,
): Promise<void> {
  const requester = await findUserById(deps.db, requesterId);
  if (!requester) return;
  deps.accessRequests.tell(await managersOf(deps, room), {
    roomId: room.id,
    roomName: room.name,
    room_url: room.roomUrl,
    requesterName: requester.name,
  });
}
