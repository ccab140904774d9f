import { useMemo, useState, type ReactNode } from 'react';
import type { PlaylistId, RoomId, TrackId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { PlaylistSummary, TrackSort } from '@music-rooms/domain/tracks';
import { BatchEditDialog } from './BatchEditDialog';
import { PlaylistStatsLine } from './PlaylistStatsLine';
import { SelectionBar } from './SelectionBar';
import { TrackListBody } from './TrackListBody';
import { TrackToolbar } from './TrackToolbar';
import type { TrackPlayback } from './TrackRow';
import type { TrackPermissions } from './TracksArea';
import { UploadPanel } from './UploadPanel';
import { useSelection } from './useSelection';
import { useTrackGrouping } from './useTrackGrouping';
import { useTrackList } from './useTrackList';
import type { RoomUploads } from './useUploads';

type TracksPanelProps = {
  roomId: RoomId;
  playlist: PlaylistSummary | null;
  /** Every playlist of the room, for "Add to playlist…". */
  playlists: PlaylistSummary[];
  pass: RoomAccessArgs;
  can: TrackPermissions;
  uploads: RoomUploads;
  addFrom?: ((playlistId: PlaylistId | null) => ReactNode) | undefined;
  openTrack: TrackId | null;
  onOpenTrack: (id: TrackId) => void;
  playback: TrackPlayback;
};

/**
 * The playlist card's body: search and sort, the stats, the uploads under way, the tracks, and
 * the selection mode with its bar (batch edit, delete selected).
 */
export function TracksPanel(props: TracksPanelProps) {
  const { roomId, playlist, pass, can, uploads } = props;
  const playlists = useMemo(
    () => ({ shown: playlist, all: props.playlists }),
    [playlist, props.playlists],
  );
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TrackSort>('manual');
  const [grouping, setGrouping] = useTrackGrouping();
  const list = useTrackList({ roomId, playlistId: playlist?._id ?? null, search, sort, pass });
  const selection = useSelection(list.tracks);
  const [editing, setEditing] = useState<TrackId[] | null>(null);
  const ownUploads = useMemo(
    () => new Set([...uploads.server.values()].flatMap((view) => view.trackId ?? [])),
    [uploads.server],
  );
  // Grouped rows are not in the shared order's sequence: dragging waits for the plain list.
  const reorderable =
    can.manage &&
    sort === 'manual' &&
    grouping === 'none' &&
    list.searched === '' &&
    !selection.active;

  return (
    <div className="tracks">
      <TrackToolbar
        search={search}
        onSearch={setSearch}
        sort={sort}
        onSort={setSort}
        grouping={grouping}
        onGrouping={setGrouping}
        canAdd={can.add}
        canManage={can.manage}
        selecting={selection.active}
        onSelecting={selection.setActive}
        onFiles={(files) => uploads.add(files, playlist?._id ?? null)}
        addFrom={props.addFrom?.(playlist?._id ?? null)}
      />
      {list.stats && <PlaylistStatsLine stats={list.stats} />}
      {can.add && <UploadPanel uploads={uploads} playlistId={playlist?._id ?? null} />}
      {selection.active && (
        <SelectionBar
          selection={selection}
          tracks={list.tracks ?? []}
          playlists={playlists}
          onEdit={() => setEditing([...selection.ids])}
        />
      )}
      <TrackListBody
        list={list}
        playlistId={playlist?._id ?? null}
        pass={pass}
        canManage={can.manage}
        reorderable={reorderable}
        selection={selection}
        openTrack={props.openTrack}
        onOpenTrack={props.onOpenTrack}
        playback={props.playback}
        playlists={playlists}
        ownUploads={ownUploads}
        grouping={grouping}
      />
      {editing && list.tracks && (
        <BatchEditDialog
          tracks={list.tracks.filter((track) => editing.includes(track._id))}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
