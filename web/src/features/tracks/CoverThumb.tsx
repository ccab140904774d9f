import { Music } from 'lucide-react';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { mediaUrl } from './tracks-api';

type CoverThumbProps = { track: TrackSummary; pass: RoomAccessArgs };

/** The small cover of a row, or a note icon when the track has none. */
export function CoverThumb({ track, pass }: CoverThumbProps) {
  if (track.coverVersion === null) {
    return (
      <span className="cover-thumb cover-thumb--none" aria-hidden>
        <Music size={18} />
      </span>
    );
  }
  return (
    <img
      className="cover-thumb"
      src={mediaUrl(track._id, 'cover', pass, track.coverVersion)}
      alt=""
      loading="lazy"
      width={40}
      height={40}
    />
  );
}
