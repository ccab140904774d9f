import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPlus } from 'lucide-react';
import type { PlaylistSummary, TrackSummary } from '@music-rooms/domain/tracks';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { notIn, type RoomPlaylists } from './playlist-entries';
import { usePlaylistName } from './playlist-name';
import { addToPlaylist } from './tracks-api';

type AddToPlaylistDialogProps = {
  tracks: readonly TrackSummary[];
  playlists: RoomPlaylists;
  onClose: () => void;
  onAdded?: () => void;
};

/**
 * "Add to playlist…": the room's other playlists, one button each. A playlist that holds every
 * one of the tracks already is shown but cannot be chosen; otherwise the tracks it lacks go to
 * its end.
 */
export function AddToPlaylistDialog({
  tracks,
  playlists,
  onClose,
  onAdded,
}: AddToPlaylistDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const nameOf = usePlaylistName();
  const [busy, setBusy] = useState(false);
  const others = playlists.all.filter((playlist) => playlist._id !== playlists.shown?._id);

  const choose = async (playlist: PlaylistSummary) => {
    const adding = notIn(playlist, tracks);
    setBusy(true);
    try {
      await addToPlaylist(
        playlist._id,
        adding.map((track) => track._id),
      );
      const name = nameOf(playlist);
      notify({
        variant: 'success',
        title: t('tracks.entries.added', { count: adding.length, name }),
      });
      onAdded?.();
      onClose();
    } catch (error) {
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.updateFailed') });
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('tracks.entries.addTitle', { count: tracks.length })}
        size="sm"
        closeLabel={t('common.close')}
      >
        {others.length === 0 ? (
          <p className="add-to-playlist__empty">{t('tracks.entries.noOther')}</p>
        ) : (
          <ul className="add-to-playlist" aria-label={t('tracks.entries.choose')}>
            {others.map((playlist) => {
              const held = notIn(playlist, tracks).length === 0;
              return (
                <li key={playlist._id}>
                  <button
                    type="button"
                    className="add-to-playlist__choice"
                    disabled={busy || held}
                    onClick={() => void choose(playlist)}
                  >
                    <ListPlus aria-hidden size={16} />
                    <span className="add-to-playlist__name">{nameOf(playlist)}</span>
                    {held && (
                      <span className="add-to-playlist__note">{t('tracks.entries.already')}</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
