import type { RoomDetails } from '@music-rooms/domain/rooms';
import type { RoomAccessArgs as RoomPass } from '@music-rooms/domain/rooms';
import { ListenersPanel } from './ListenersPanel';

type RoomSidePanelsProps = { room: RoomDetails; pass: RoomPass };

/** The room's side column below the track info: who listens now (for members only). */
export function RoomSidePanels({ room, pass }: RoomSidePanelsProps) {
  if (!room.capabilities.includes('users.view')) return null;
  return <ListenersPanel room={room} pass={pass} />;
}
