import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import type { PlaylistSummary } from '@music-rooms/domain/tracks';
import { Select } from '../../ui/Select';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { PlaylistNameDialog } from './PlaylistNameDialog';
import { usePlaylistName } from './playlist-name';
import { createPlaylist, removePlaylist, renamePlaylist } from './tracks-api';

type PlaylistPickerProps = {
  roomId: RoomId;
  playlists: PlaylistSummary[];
  current: PlaylistSummary | null;
  canManage: boolean;
  onChoose: (id: PlaylistId) => void;
};

/** Which of the room's playlists is shown; editors also make, rename and remove them. */
export function PlaylistPicker({
  roomId,
  playlists,
  current,
  canManage,
  onChoose,
}: PlaylistPickerProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const nameOf = usePlaylistName();
  const [open, setOpen] = useState<'create' | 'rename' | 'remove' | null>(null);
  const close = () => setOpen(null);
  if (!current) return null;

  const remove = async () => {
    close();
    try {
      await removePlaylist(current._id);
      notify({ variant: 'success', title: t('tracks.playlists.removed', { name: current.name }) });
    } catch (error) {
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.updateFailed') });
    }
  };

  return (
    <div className="playlist-picker">
      <Select
        compact
        aria-label={t('tracks.playlists.label')}
        value={current._id}
        options={playlists.map((entry) => ({
          value: entry._id,
          label: t('tracks.playlists.option', {
            name: nameOf(entry),
            count: entry.trackCount,
          }),
        }))}
        onChange={onChoose}
      />
      {canManage && (
        <DropdownMenu>
          <DropdownMenuTrigger
            className="icon-button icon-button--sm"
            aria-label={t('tracks.playlists.actions')}
          >
            <MoreHorizontal aria-hidden size={16} />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem icon={Plus} onSelect={() => setOpen('create')}>
              {t('tracks.playlists.create')}
            </DropdownMenuItem>
            <DropdownMenuItem icon={Pencil} onSelect={() => setOpen('rename')}>
              {t('tracks.playlists.rename')}
            </DropdownMenuItem>
            {!current.isDefault && (
              <DropdownMenuItem icon={Trash2} onSelect={() => setOpen('remove')}>
                {t('tracks.playlists.remove')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {open === 'create' && (
        <PlaylistNameDialog
          title={t('tracks.playlists.createTitle')}
          initial=""
          onClose={close}
          onSave={async (name) => onChoose((await createPlaylist(roomId, name))._id)}
        />
      )}
      {open === 'rename' && (
        <PlaylistNameDialog
          title={t('tracks.playlists.renameTitle')}
          initial={current.name}
          onClose={close}
          onSave={async (name) => void (await renamePlaylist(current._id, name))}
        />
      )}
      <ConfirmDialog
        open={open === 'remove'}
        title={t('tracks.playlists.removeTitle', { name: current.name })}
        message={t('tracks.playlists.removeText', { count: current.trackCount })}
        confirmLabel={t('tracks.playlists.remove')}
        cancelLabel={t('common.cancel')}
        danger
        onConfirm={() => void remove()}
        onCancel={close}
      />
    </div>
  );
}
