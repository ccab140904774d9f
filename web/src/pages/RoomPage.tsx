import { useParams } from 'react-router';
import { RoomScreen } from '../features/rooms/page/RoomScreen';

/** A room (spec §2 /room/{id}): the address names the room by its room_url. */
export function RoomPage() {
  const { id = '' } = useParams();
  // Another room is another page: nothing of the previous one (its pass, its state) carries over.
  return <RoomScreen key={id} roomUrl={id} />;
}
