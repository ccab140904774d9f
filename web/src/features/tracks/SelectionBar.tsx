import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListMinus, ListPlus, Pencil, Trash2 } from 'lucide-react';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { AddToPlaylistDialog } from './AddToPlaylistDialog';
import { canLeaveShown, type RoomPlaylists } from './playlist-entries';
import { removeTracks } from './tracks-api';
import { useLeavePlaylist } from './useLeavePlaylist';
import { useUndoableRemoval } from './useUndoableRemoval';
import type { Selection } from './useSelection';

type SelectionBarProps = {
  selection: Selection;
  /** The tracks listed, the selected among them. */
  tracks: readonly TrackSummary[];
  playlists: RoomPlaylists;
  onEdit: () => void;
};

/**
 * The multi-select bar: how many are ticked, all or none, batch edit, add to another playlist,
 * take out of the one shown, delete selected.
 */
export function SelectionBar({ selection, tracks, playlists, onEdit }: SelectionBarProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const announce = useUndoableRemoval();
  const leave = useLeavePlaylist(playlists);
  const count = selection.ids.length;
  const all = count > 0 && count === tracks.length;
  const selected = tracks.filter((track) => selection.has(track._id));

  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const { results, removalIds } = await removeTracks([...selection.ids]);
      const failed = results.filter((result) => !result.ok).length;
      const removed = results.length - failed;
      if (failed === 0) announce(t('tracks.select.removed', { count: removed }), removalIds);
      else notify({ variant: 'error', title: t('tracks.select.removeFailed', { count: failed }) });
      selection.setAll(false);
    } catch (error) {
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.updateFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="selection-bar" role="toolbar" aria-label={t('tracks.select.bar')}>
      <label className="selection-bar__all">
        <input
          type="checkbox"
          checked={all}
          ref={(box) => {
            // Some but not all: the box shows a dash.
            if (box) box.indeterminate = count > 0 && !all;
          }}
          onChange={() => selection.setAll(!all)}
        />
        {t('tracks.select.all')}
      </label>
      <span className="selection-bar__count" aria-live="polite">
        {t('tracks.select.count', { count })}
      </span>
      <div className="selection-bar__actions">
        <Button size="sm" icon={Pencil} disabled={count === 0} onClick={onEdit}>
          {t('tracks.edit.open')}
        </Button>
        <Button size="sm" icon={ListPlus} disabled={count === 0} onClick={() => setAdding(true)}>
          {t('tracks.entries.add')}
        </Button>
        {canLeaveShown(playlists) && (
          <Button
            size="sm"
            icon={ListMinus}
            disabled={count === 0}
            onClick={() =>
              void leave([...selection.ids]).then((left) => left && selection.setAll(false))
            }
          >
            {t('tracks.entries.remove')}
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          icon={Trash2}
          disabled={count === 0}
          busy={busy}
          onClick={() => setConfirming(true)}
        >
          {t('tracks.select.remove')}
        </Button>
      </div>
      {adding && (
        <AddToPlaylistDialog
          tracks={selected}
          playlists={playlists}
          onClose={() => setAdding(false)}
          onAdded={() => selection.setAll(false)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('tracks.select.removeTitle', { count })}
        message={t('tracks.select.removeText', { count })}
        confirmLabel={t('tracks.select.removeConfirm', { count })}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
