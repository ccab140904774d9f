import type { RoomDetails } from '@music-rooms/domain/rooms';
import { PlayerBar } from '../../player/PlayerBar';
import { isSilent } from '../../player/player-settings';
import { usePlayerSettings } from '../../player/usePlayerSettings';
import { usePlayer } from '../../player/usePlayer';
import { ImportButton } from '../../import/ImportButton';
import { TracksArea } from '../../tracks/TracksArea';
import { useRoomIsEmpty } from '../../tracks/usePlaylists';
import { ActivityLine } from '../live/ActivityLine';
import { RoomSidePanels } from '../live/RoomSidePanels';
import { useRoomAlerts } from '../live/useRoomAlerts';
import { useSyncReport } from '../live/useSyncReport';
import type { RoomPass } from './useRoomEntry';

type RoomStageProps = { room: RoomDetails; pass: RoomPass };

/**
 * Where the room's music lives: the playlist with its tracks and uploads, the info panel (it
 * follows the track that plays), the player bar; for members, what others do (the activity
 * line) and who listens (beside the info panel). The page reports how it plays along, and
 * sounds and notices tell what others do in the room.
 */
export function RoomStage({ room, pass }: RoomStageProps) {
  const player = usePlayer(room._id, pass);
  const canControl = player.view?.canControl ?? false;
  const muted = isSilent(usePlayerSettings());
  useSyncReport(room._id, { ...player.status, muted });
  useRoomAlerts(room);
  const empty = useRoomIsEmpty(room._id, pass);
  return (
    <>
      {room.capabilities.includes('users.view') && <ActivityLine roomId={room._id} />}
      <TracksArea
        room={room}
        pass={pass}
        currentTrackId={player.view?.state.trackId ?? null}
        onPlayTrack={canControl ? player.select : undefined}
        addFrom={(playlistId) => <ImportButton roomId={room._id} playlistId={playlistId} />}
        side={<RoomSidePanels room={room} pass={pass} />}
      />
      <PlayerBar room={room} pass={pass} player={player} empty={empty} />
    </>
  );
}
