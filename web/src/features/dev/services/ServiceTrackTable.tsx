import { useTranslation } from 'react-i18next';
import type { ServiceTrack } from '@music-rooms/domain/yandex-music';
import { Button } from '../../../ui/Button';
import { formatClock } from '../../tracks/format';
import { DevTable } from '../DevTable';

/** Tracks the service listed, each with a way to ask for its download info. */
export function ServiceTrackTable({
  tracks,
  label,
  onPick,
}: {
  tracks: ServiceTrack[];
  label: string;
  onPick: (trackId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <DevTable
      label={label}
      headings={[
        t('dev.spotify.title'),
        t('dev.services.trackId'),
        t('dev.spotify.duration'),
        t('dev.services.availability'),
        '',
      ]}
      rows={tracks}
      empty={t('dev.spotify.nothing')}
    >
      {tracks.map((track) => (
        <tr key={track.id}>
          <td>
            <strong>{track.title}</strong>
            <span className="dev-muted">
              {[track.artists, track.album].filter(Boolean).join(' · ')}
            </span>
          </td>
          <td className="dev-code">{track.id}</td>
          <td className="dev-num">{formatClock(track.durationMs)}</td>
          <td>{t(`dev.services.availabilities.${track.availability}`)}</td>
          <td>
            <Button size="sm" onClick={() => onPick(track.id)}>
              {t('dev.services.downloadInfo')}
            </Button>
          </td>
        </tr>
      ))}
    </DevTable>
  );
}
