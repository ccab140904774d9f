import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { formatClock } from '../tracks/format';
import { Waveform } from '../tracks/Waveform';
import { usePlaybackPosition } from './usePlaybackPosition';
import type { PlayerModel } from './usePlayer';

type SeekBarProps = { player: PlayerModel; pass: RoomAccessArgs };

/**
 * Elapsed time, the track's waveform filled up to where the room is (a slider: drag, click or
 * arrow keys seek for everyone), and the total time.
 */
export function SeekBar({ player, pass }: SeekBarProps) {
  const { t } = useTranslation();
  const state = player.view?.state ?? null;
  const position = usePlaybackPosition(state, player.clock);
  const [dragging, setDragging] = useState<number | null>(null);
  const details = useLiveQueryState(
    'tracks.get',
    state?.trackId ? { id: state.trackId, ...pass } : 'skip',
  );
  const peaks = details.status === 'value' ? details.value.waveform : [];
  const duration = state?.durationMs ?? 0;
  const shown = dragging ?? Math.min(position, duration);
  const share = duration > 0 ? shown / duration : 0;
  const disabled = !player.view?.canControl || duration <= 0;

  const commit = () => {
    if (dragging === null) return;
    player.command({ type: 'seek', positionMs: dragging });
    setDragging(null);
  };

  return (
    <div className="seek-bar">
      <span className="seek-bar__time" aria-label={t('player.elapsed')}>
        {formatClock(shown)}
      </span>
      <div className="seek-bar__track" style={{ '--played': `${share * 100}%` } as CSSProperties}>
        <div className="seek-bar__wave" aria-hidden>
          {peaks.length > 0 ? <Waveform peaks={peaks} /> : <span className="seek-bar__line" />}
        </div>
        <div className="seek-bar__wave seek-bar__wave--played" aria-hidden>
          {peaks.length > 0 ? <Waveform peaks={peaks} /> : <span className="seek-bar__line" />}
        </div>
        <input
          type="range"
          className="seek-bar__input"
          aria-label={t('player.seek')}
          aria-valuetext={`${formatClock(shown)} / ${formatClock(duration)}`}
          min={0}
          max={Math.max(1, duration)}
          step={1000}
          value={shown}
          disabled={disabled}
          onChange={(event) => setDragging(Number(event.currentTarget.value))}
          onPointerUp={commit}
          onKeyUp={commit}
          onBlur={commit}
        />
      </div>
      <span className="seek-bar__time" aria-label={t('player.total')}>
        {formatClock(duration)}
      </span>
    </div>
  );
}
