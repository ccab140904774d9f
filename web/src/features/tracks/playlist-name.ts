import { useTranslation } from 'react-i18next';
import type { PlaylistSummary } from '@music-rooms/domain/tracks';

/** The name the server gives every room's first playlist, until someone renames it. */
const SERVER_DEFAULT_NAME = 'Playlist';

/** A room's first playlist, still under the server's name, reads in the viewer's language. */
export function usePlaylistName(): (playlist: PlaylistSummary) => string {
  const { t } = useTranslation();
  return (playlist) =>
    playlist.isDefault && playlist.name === SERVER_DEFAULT_NAME
      ? t('tracks.playlists.defaultName')
      : playlist.name;
}
