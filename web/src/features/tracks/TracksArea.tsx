import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaylistId, TrackId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs, RoomDetails } from '@music-rooms/domain/rooms';
import { Panel } from '../../ui/Panel';
import { useSession } from '../../app/session/useSession';
import { DropOverlay } from './DropOverlay';
import { PlaylistPicker } from './PlaylistPicker';
import { TrackInfoPanel } from './TrackInfoPanel';
import { TracksPanel } from './TracksPanel';
import { useFileDrop } from './useFileDrop';
import { usePlaylists } from './usePlaylists';
import { useUploads } from './useUploads';
import './tracks.css';
import './uploads.css';
import './track-info.css';

type TracksAreaProps = {
  room: RoomDetails;
  pass: RoomAccessArgs;
  /** The track the room's player is on: the info panel follows it. */
  currentTrackId?: TrackId | null;
  /** Plays a track for the room (double-click or the row's play button); absent: not allowed. */
  onPlayTrack?: (id: TrackId) => void;
  /** Other ways to add tracks to the shown playlist, beside Upload (the streaming service). */
  addFrom?: (playlistId: PlaylistId | null) => ReactNode;
  /** More panels for the side column, below the info panel (the listeners). */
  side?: ReactNode;
};

/** What a room's capabilities allow with its music. */
export type TrackPermissions = { add: boolean; manage: boolean; playlists: boolean };

/**
 * The room's music: the playlist card (its tracks, uploads, selection) and the info panel of
 * the track opened in it. Files dropped anywhere on the page upload into the shown playlist.
 */
export function TracksArea({
  room,
  pass,
  currentTrackId = null,
  onPlayTrack,
  addFrom,
  side,
}: TracksAreaProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const can: TrackPermissions = {
    add: Boolean(user) && room.capabilities.includes('tracks.add'),
    manage: Boolean(user) && room.capabilities.includes('tracks.manage'),
    playlists: Boolean(user) && room.capabilities.includes('playlists.manage'),
  };
  const playlists = usePlaylists(room._id, pass);
  const [chosen, setChosen] = useState<PlaylistId | null>(null);
  const playlist =
    playlists.find((entry) => entry._id === chosen) ??
    playlists.find((entry) => entry.isDefault) ??
    playlists[0] ??
    null;
  // The panel follows the player to each new track; one opened by hand stays until then.
  const [opened, setOpened] = useState<{ id: TrackId | null; during: TrackId | null } | null>(null);
  const openTrack =
    opened && (opened.during === currentTrackId || !currentTrackId) ? opened.id : currentTrackId;
  const setOpenTrack = (id: TrackId | null) => setOpened({ id, during: currentTrackId });
  const uploads = useUploads(room._id, can.add);
  const dragging = useFileDrop(can.add, (files) => uploads.add(files, playlist?._id ?? null));

  return (
    <div className="room-stage">
      <Panel
        title={t('room.playlist')}
        aside={
          <PlaylistPicker
            roomId={room._id}
            playlists={playlists}
            current={playlist}
            canManage={can.playlists}
            onChoose={setChosen}
          />
        }
      >
        <TracksPanel
          roomId={room._id}
          playlist={playlist}
          playlists={playlists}
          pass={pass}
          can={can}
          uploads={uploads}
          addFrom={addFrom}
          openTrack={openTrack}
          onOpenTrack={setOpenTrack}
          playback={{ current: currentTrackId, onPlay: onPlayTrack }}
        />
      </Panel>
      <div className="room-side">
        <Panel title={t('room.trackInfo')}>
          <TrackInfoPanel
            trackId={openTrack}
            pass={pass}
            canManage={can.manage}
            uploaderId={can.add && user ? user.id : null}
            onGone={() => setOpenTrack(null)}
          />
        </Panel>
        {side}
      </div>
      {dragging && <DropOverlay />}
    </div>
  );
}
