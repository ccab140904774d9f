import type { RoomAccessArgs, RoomDetails } from '@music-rooms/domain/rooms';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { RoomUsersView } from './RoomUsersView';

type RoomUsersDialogProps = { room: RoomDetails; pass: RoomAccessArgs; onClose: () => void };

/**
 * The users modal (spec §2). The lists are a live query, so a change made anywhere shows here
 * at once; what they look like and allow is RoomUsersView's.
 */
export function RoomUsersDialog({ room, pass, onClose }: RoomUsersDialogProps) {
  const users = useLiveQueryState('rooms.getRoomUsers', { roomId: room._id, ...pass });
  return <RoomUsersView room={room} users={users} onClose={onClose} />;
}
