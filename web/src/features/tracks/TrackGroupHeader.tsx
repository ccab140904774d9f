import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackGrouping } from './grouping';

type TrackGroupHeaderProps = {
  by: Exclude<TrackGrouping, 'none'>;
  name: string | null;
  count: number;
  style: CSSProperties;
};

/** The header of an artist's or album's tracks in the grouped list, with how many they are. */
export function TrackGroupHeader({ by, name, count, style }: TrackGroupHeaderProps) {
  const { t } = useTranslation();
  const shown =
    name ?? t(by === 'artist' ? 'tracks.list.unknownArtist' : 'tracks.group.unknownAlbum');
  return (
    <div role="listitem" className="track-group" style={style}>
      <h4 className="track-group__name">{shown}</h4>
      <span className="track-group__count">{t('tracks.group.count', { count })}</span>
    </div>
  );
}
