import { useRef, useState } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { cx } from '../../lib/cx';
import { IconButton } from '../../ui/IconButton';
import { useTranslation } from 'react-i18next';
import type { RoomAccessArgs, RoomDetails } from '@music-rooms/domain/rooms';
import { Tooltip } from '../../ui/Tooltip';
import { ControlLock } from './ControlLock';
import { controlRefusal } from './control-refusal';
import { HostLabel } from './HostLabel';
import { NowPlaying } from './NowPlaying';
import { PlayModes } from './PlayModes';
import { SeekBar } from './SeekBar';
import { SyncBadge } from './SyncBadge';
import { TransportControls } from './TransportControls';
import { VolumeControl } from './VolumeControl';
import { useBarHeight } from './useBarHeight';
import { useMediaSession } from './useMediaSession';
import type { PlayerModel } from './usePlayer';
import { usePlayerKeyboard } from './usePlayerKeyboard';
import './player.css';

type PlayerBarProps = {
  room: RoomDetails;
  pass: RoomAccessArgs;
  player: PlayerModel;
  /** The room holds no track: nothing to play, skip or go back to. */
  empty: boolean;
};

/**
 * The player bar (spec §2): what plays, the room's controls (disabled for those who only
 * listen), the seek bar on the waveform, this listener's volume, who is host and how this page
 * stands with the room. Keyboard and Media Session controls come with it.
 */
export function PlayerBar({ room, pass, player, empty }: PlayerBarProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLElement>(null);
  // On a phone the bar is one line (cover, title, play or pause) until opened to every control.
  const [expanded, setExpanded] = useState(false);
  useBarHeight(bar);
  usePlayerKeyboard(player);
  useMediaSession(player, pass);
  const view = player.view;
  const track = view?.track ?? null;
  const refusal = controlRefusal(room, view);
  const offReason = refusal
    ? t(refusal === 'onlyHost' ? 'player.onlyHost' : 'player.viewOnly')
    : empty
      ? t('player.emptyRoom')
      : null;
  const transport = <TransportControls player={player} disabled={!view?.canControl || empty} />;

  return (
    <section
      ref={bar}
      className={cx('player-bar', expanded && 'player-bar--expanded')}
      aria-label={t('player.label')}
      data-sync={player.status.sync}
      data-can-control={view?.canControl ? 'true' : 'false'}
    >
      <div className="player-bar__info">
        {track ? (
          <NowPlaying track={track} pass={pass} />
        ) : (
          <p className="player-bar__idle">{t('player.idle')}</p>
        )}
        <span className="player-bar__host">
          <HostLabel room={room} pass={pass} hostId={view?.hostId ?? null} />
          {refusal && <ControlLock refusal={refusal} player={player} />}
        </span>
      </div>
      <div className="player-bar__center">
        {offReason ? (
          // Disabled buttons hear no pointer: the row around them tells why on hover.
          <Tooltip content={offReason}>
            <div className="player-bar__locked">{transport}</div>
          </Tooltip>
        ) : (
          transport
        )}
        <SeekBar player={player} pass={pass} />
      </div>
      <div className="player-bar__side">
        <PlayModes player={player} />
        <VolumeControl />
        <SyncBadge player={player} />
      </div>
      <IconButton
        icon={expanded ? ChevronDown : ChevronUp}
        label={expanded ? t('player.collapse') : t('player.expand')}
        className="player-bar__expand"
        aria-expanded={expanded}
        onClick={() => setExpanded((open) => !open)}
      />
    </section>
  );
}
