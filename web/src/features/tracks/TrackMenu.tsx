import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListMinus, ListPlus, MoreHorizontal } from 'lucide-react';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { AddToPlaylistDialog } from './AddToPlaylistDialog';
import { canLeaveShown, type RoomPlaylists } from './playlist-entries';
import { useLeavePlaylist } from './useLeavePlaylist';

type TrackMenuProps = { track: TrackSummary; playlists: RoomPlaylists };

/** A track's playlist actions: add it to another playlist, take it out of the one shown. */
export function TrackMenu({ track, playlists }: TrackMenuProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const leave = useLeavePlaylist(playlists);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className="icon-button icon-button--sm track-row__menu"
          aria-label={t('tracks.entries.menu', { title: track.title })}
        >
          <MoreHorizontal aria-hidden size={16} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem icon={ListPlus} onSelect={() => setAdding(true)}>
            {t('tracks.entries.add')}
          </DropdownMenuItem>
          {canLeaveShown(playlists) && (
            <DropdownMenuItem icon={ListMinus} onSelect={() => void leave([track._id])}>
              {t('tracks.entries.remove')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {adding && (
        <AddToPlaylistDialog
          tracks={[track]}
          playlists={playlists}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
