import { useTranslation } from 'react-i18next';
import { DevTable } from '../DevTable';
import { DevThumb } from '../DevThumb';
import type { SpotifyArtist, SpotifyTrack } from '@music-rooms/domain/spotify';
import { formatClock } from '../../tracks/format';

export function SpotifyTrackTable({ tracks }: { tracks: SpotifyTrack[] }) {
  const { t } = useTranslation();
  return (
    <DevTable
      headings={[
        t('dev.spotify.title'),
        t('dev.spotify.album'),
        t('dev.spotify.duration'),
        t('dev.spotify.isrc'),
        t('dev.spotify.id'),
      ]}
      rows={tracks}
      empty={t('dev.spotify.nothing')}
    >
      {tracks.map((track) => (
        <tr key={track.id}>
          <td>
            <div className="dev-name">
              <DevThumb url={track.imageUrl} />
              <span>
                <strong>{track.name}</strong>
                <span className="dev-muted">{track.artists.map((a) => a.name).join(', ')}</span>
              </span>
            </div>
          </td>
          <td>{track.album || t('dev.spotify.unknown')}</td>
          <td className="dev-num">{formatClock(track.durationMs)}</td>
          <td className="dev-code">{track.isrc ?? t('dev.spotify.unknown')}</td>
          <td className="dev-code">
            {track.url ? (
              <a href={track.url} target="_blank" rel="noreferrer" title={t('dev.spotify.open')}>
                {track.id}
              </a>
            ) : (
              track.id
            )}
          </td>
        </tr>
      ))}
    </DevTable>
  );
}

export function SpotifyArtistTable({ artists }: { artists: SpotifyArtist[] }) {
  const { t, i18n } = useTranslation();
  return (
    <DevTable
      headings={[
        t('dev.spotify.kindArtist'),
        t('dev.spotify.followers'),
        t('dev.spotify.genres'),
        t('dev.spotify.id'),
      ]}
      rows={artists}
      empty={t('dev.spotify.nothing')}
    >
      {artists.map((artist) => (
        <tr key={artist.id}>
          <td>
            <div className="dev-name">
              <DevThumb url={artist.imageUrl} />
              <strong>{artist.name}</strong>
            </div>
          </td>
          <td className="dev-num">
            {artist.followers === null
              ? t('dev.spotify.unknown')
              : artist.followers.toLocaleString(i18n.language)}
          </td>
          <td>{artist.genres.join(', ') || t('dev.spotify.unknown')}</td>
          <td className="dev-code">{artist.id}</td>
        </tr>
      ))}
    </DevTable>
  );
}
