import type { RoomDetails } from '@music-rooms/domain/rooms';
import { PlayerBar } from '../../player/PlayerBar';
import { usePlayer } from '../../player/usePlayer';
import { ImportButton } from '../../import/ImportButton';
import { TracksArea } from '../../tracks/TracksArea';
import type { RoomPass } from './useRoomEntry';

type RoomStageProps = { room: RoomDetails; pass: RoomPass };

/**
 * Where the room's music lives: the playlist with its tracks and uploads, the info panel (it
 * follows the track that plays), and the player bar.
 */
export function RoomStage({ room, pass }: RoomStageProps) {
  const player = usePlayer(room._id, pass);
  const canControl = player.view?.canControl ?? false;
  return (
    <>
      <TracksArea
        room={room}
        pass={pass}
        currentTrackId={player.view?.state.trackId ?? null}
        onPlayTrack={canControl ? player.select : undefined}
        addFrom={(playlistId) => <ImportButton roomId={room._id} playlistId={playlistId} />}
      />
      <PlayerBar room={room} pass={pass} player={player} />
    </>
  );
}
