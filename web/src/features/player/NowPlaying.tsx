import { useTranslation } from 'react-i18next';
import { Music } from 'lucide-react';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { mediaUrl } from '../tracks/tracks-api';

type NowPlayingProps = { track: TrackSummary; pass: RoomAccessArgs };

/** The current track's cover, title and artist. */
export function NowPlaying({ track, pass }: NowPlayingProps) {
  const { t } = useTranslation();
  return (
    <div className="now-playing" aria-label={t('player.nowPlaying')}>
      {track.coverVersion === null ? (
        <span className="now-playing__cover now-playing__cover--none" aria-hidden>
          <Music size={20} />
        </span>
      ) : (
        <img
          className="now-playing__cover"
          src={mediaUrl(track._id, 'cover', pass, track.coverVersion)}
          alt=""
          width={48}
          height={48}
        />
      )}
      <span className="now-playing__text">
        <span className="now-playing__title">{track.title}</span>
        <span className="now-playing__artist">{track.artist ?? t('player.unknownArtist')}</span>
      </span>
    </div>
  );
}
