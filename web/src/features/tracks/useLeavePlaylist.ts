import { useTranslation } from 'react-i18next';
import type { TrackId } from '@music-rooms/domain/ids';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import type { RoomPlaylists } from './playlist-entries';
import { usePlaylistName } from './playlist-name';
import { removeFromPlaylist } from './tracks-api';

/**
 * "Remove from this playlist": the tracks leave the playlist shown and stay in the room and its
 * other playlists. Answers whether they left.
 */
export function useLeavePlaylist(playlists: RoomPlaylists) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const nameOf = usePlaylistName();
  return async (ids: TrackId[]): Promise<boolean> => {
    const shown = playlists.shown;
    if (!shown) return false;
    try {
      const { removed } = await removeFromPlaylist(shown._id, ids);
      const name = nameOf(shown);
      notify({ variant: 'success', title: t('tracks.entries.removed', { count: removed, name }) });
      return true;
    } catch (error) {
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.updateFailed') });
      return false;
    }
  };
}
