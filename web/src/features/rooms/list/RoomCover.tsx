import { Music } from 'lucide-react';
import type { RoomNowPlaying } from '@music-rooms/domain/rooms';
import { mediaUrl } from '../../tracks/media-url';

type RoomCoverProps = { nowPlaying: RoomNowPlaying | null };

/** The cover of the track the room plays, or a note on the room's colour when it has none. */
export function RoomCover({ nowPlaying }: RoomCoverProps) {
  if (nowPlaying === null || nowPlaying.coverVersion === null) {
    return (
      <span className="room-cover room-cover--none" aria-hidden>
        <Music size={26} strokeWidth={1.75} />
      </span>
    );
  }
  return (
    <img
      className="room-cover"
      src={mediaUrl(nowPlaying.trackId, 'cover', {}, nowPlaying.coverVersion)}
      alt=""
      loading="lazy"
      width={64}
      height={64}
    />
  );
}
