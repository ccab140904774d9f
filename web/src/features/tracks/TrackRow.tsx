import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { GripVertical, Play } from 'lucide-react';
import type { TrackId } from '@music-rooms/domain/ids';
import { LIMITS } from '@music-rooms/domain/limits';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { isNewTrack, type TrackSummary } from '@music-rooms/domain/tracks';
import { cx } from '../../lib/cx';
import { CoverThumb } from './CoverThumb';
import type { RoomPlaylists } from './playlist-entries';
import { RemoveTrackButton } from './RemoveTrackButton';
import { TrackMenu } from './TrackMenu';
import { TrackStatusNote } from './TrackStatusNote';
import type { Selection } from './useSelection';
import { useTrackFormat } from './useTrackFormat';

/** The room's player as the list sees it: what plays, and how to play a track (if allowed). */
export type TrackPlayback = { current: TrackId | null; onPlay?: (id: TrackId) => void };

/** What every row may do, the same for the whole list. */
export type TrackRowActions = {
  pass: RoomAccessArgs;
  canManage: boolean;
  selection: Selection;
  onOpen: (id: TrackId) => void;
  playback: TrackPlayback;
  playlists: RoomPlaylists;
};

/** The drag handle's attributes and listeners, when the row can be dragged. */
export type DragHandle = { props: HTMLAttributes<HTMLElement>; dragging: boolean };

type TrackRowProps = {
  track: TrackSummary;
  now: number;
  open: boolean;
  actions: TrackRowActions;
  style: CSSProperties;
  rowRef?: Ref<HTMLDivElement>;
  handleRef?: Ref<HTMLSpanElement>;
  handle?: DragHandle;
};

/** One track of the list: cover, title and artist, NEW, its status, duration and actions. */
export function TrackRow(props: TrackRowProps) {
  const { track, now, open, actions, style, rowRef, handleRef, handle } = props;
  const { t } = useTranslation();
  const format = useTrackFormat();
  const { selection } = actions;
  const isNew = isNewTrack(track.uploadedAt, now, LIMITS.newBadgeDays);
  const subtitle = [track.artist, track.album].filter(Boolean).join(' · ');
  const { current, onPlay } = actions.playback;
  const isCurrent = current === track._id;
  const play = onPlay && track.status === 'ready' ? () => onPlay(track._id) : undefined;

  return (
    <div
      ref={rowRef}
      role="listitem"
      aria-label={track.title}
      className={cx(
        'track-row',
        open && 'track-row--open',
        isCurrent && 'track-row--current',
        handle?.dragging && 'track-row--drag',
      )}
      aria-current={isCurrent ? 'true' : undefined}
      style={style}
      data-status={track.status}
    >
      {handle && (
        <span
          ref={handleRef}
          className="track-row__handle"
          aria-label={t('tracks.list.drag', { title: track.title })}
          {...handle.props}
        >
          <GripVertical aria-hidden size={16} />
        </span>
      )}
      {selection.active && (
        <input
          type="checkbox"
          className="track-row__check"
          aria-label={t('tracks.select.one', { title: track.title })}
          checked={selection.has(track._id)}
          onChange={() => selection.toggle(track._id)}
        />
      )}
      <span className="track-row__cover">
        <CoverThumb track={track} pass={actions.pass} />
        {play && (
          <button
            type="button"
            className="track-row__play"
            aria-label={t('player.playTrack', { title: track.title })}
            onClick={play}
          >
            <Play aria-hidden size={16} />
          </button>
        )}
      </span>
      <button
        type="button"
        className="track-row__main"
        onClick={() => actions.onOpen(track._id)}
        onDoubleClick={play}
      >
        <span className="track-row__title">
          <span className="track-row__name">{track.title}</span>
        </span>
        <span className="track-row__sub">
          {isNew && <span className="track-row__new">{t('tracks.list.new')}</span>}
          {subtitle || t('tracks.list.unknownArtist')}
        </span>
      </button>
      <TrackStatusNote track={track} />
      <span className="track-row__duration">
        {track.status === 'ready' ? format.clock(track.durationMs) : ''}
      </span>
      {actions.canManage && !selection.active && (
        <>
          <TrackMenu track={track} playlists={actions.playlists} />
          <RemoveTrackButton track={track} />
        </>
      )}
    </div>
  );
}
