import type { RoomAccessArgs, RoomDetails } from '@music-rooms/domain/rooms';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { RoomUsersView, type HostInfo } from './RoomUsersView';

type RoomUsersDialogProps = { room: RoomDetails; pass: RoomAccessArgs; onClose: () => void };

/**
 * The users modal (spec §2). The lists are a live query, so a change made anywhere shows here
 * at once; what they look like and allow is RoomUsersView's.
 */
export function RoomUsersDialog({ room, pass, onClose }: RoomUsersDialogProps) {
  const users = useLiveQueryState('rooms.getRoomUsers', { roomId: room._id, ...pass });
  const player = useLiveQueryState('player.get', { roomId: room._id, ...pass });
  const host: HostInfo | undefined =
    player.status === 'value'
      ? { hostId: player.value.hostId, canHandOver: player.value.canHandOver }
      : undefined;
  return <RoomUsersView room={room} users={users} host={host} onClose={onClose} />;
}
