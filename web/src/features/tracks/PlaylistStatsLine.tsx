import { useTranslation } from 'react-i18next';
import type { PlaylistStats } from '@music-rooms/domain/tracks';
import { useTrackFormat } from './useTrackFormat';

type PlaylistStatsLineProps = { stats: PlaylistStats };

/** The playlist's track count, total duration and size (spec §3 Playlist stats). */
export function PlaylistStatsLine({ stats }: PlaylistStatsLineProps) {
  const { t } = useTranslation();
  const format = useTrackFormat();
  return (
    <p className="tracks__stats" aria-label={t('tracks.stats.label')}>
      <span>{t('tracks.stats.count', { count: stats.count })}</span>
      <span aria-hidden>·</span>
      <span>{format.clock(stats.totalDurationMs)}</span>
      <span aria-hidden>·</span>
      <span>{format.bytes(stats.totalSizeBytes)}</span>
    </p>
  );
}
