import { useTranslation } from 'react-i18next';
import { ListMusic, SearchX } from 'lucide-react';
import type { PlaylistId, TrackId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { Alert } from '../../ui/Alert';
import { EmptyState } from '../../ui/EmptyState';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import type { TrackGrouping } from './grouping';
import type { RoomPlaylists } from './playlist-entries';
import { TrackList } from './TrackList';
import { reorderTracks } from './tracks-api';
import type { TrackPlayback } from './TrackRow';
import type { Selection } from './useSelection';
import type { useTrackList } from './useTrackList';

type TrackListBodyProps = {
  list: ReturnType<typeof useTrackList>;
  playlistId: PlaylistId | null;
  pass: RoomAccessArgs;
  canManage: boolean;
  reorderable: boolean;
  selection: Selection;
  openTrack: TrackId | null;
  onOpenTrack: (id: TrackId) => void;
  playback: TrackPlayback;
  playlists: RoomPlaylists;
  ownUploads: ReadonlySet<TrackId>;
  grouping: TrackGrouping;
};

/** The tracks, or why there are none: loading, an error, an empty playlist, nothing found. */
export function TrackListBody({ list, playlistId, ...rest }: TrackListBodyProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (list.state.status === 'error') {
    return <Alert tone="error">{errorText(list.state.error, 'tracks.list.loadError')}</Alert>;
  }
  if (!list.tracks) {
    return (
      <p className="tracks__loading" aria-busy="true">
        {t('tracks.list.loading')}
      </p>
    );
  }
  if (list.tracks.length === 0) {
    return list.searched ? (
      <EmptyState
        icon={SearchX}
        title={t('tracks.list.nothingFound')}
        text={t('tracks.list.nothingFoundText', { search: list.searched })}
      />
    ) : (
      <EmptyState icon={ListMusic} title={t('room.emptyTitle')} text={t('tracks.list.emptyText')} />
    );
  }

  const reorder = async (ids: TrackId[]) => {
    if (!playlistId) return;
    list.showOrder(ids);
    try {
      await reorderTracks(playlistId, ids);
    } catch (error) {
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.updateFailed') });
    }
  };
  // One list per playlist: rows met on switching to another are not new arrivals.
  return (
    <TrackList
      key={playlistId}
      tracks={list.tracks}
      onReorder={(ids) => void reorder(ids)}
      {...rest}
    />
  );
}
