import { useTranslation } from 'react-i18next';
import { Repeat, Repeat1, Shuffle } from 'lucide-react';
import { REPEAT_MODES } from '@music-rooms/domain/playback';
import { cx } from '../../lib/cx';
import { IconButton } from '../../ui/IconButton';
import type { PlayerModel } from './usePlayer';

type PlayModesProps = { player: PlayerModel };

/** Repeat (off → all → one) and shuffle, for the whole room. */
export function PlayModes({ player }: PlayModesProps) {
  const { t } = useTranslation();
  const state = player.view?.state;
  if (!state) return null;
  const disabled = !player.view?.canControl;
  const nextRepeat = REPEAT_MODES[(REPEAT_MODES.indexOf(state.repeat) + 1) % REPEAT_MODES.length]!;
  return (
    <div className="player-modes">
      <IconButton
        icon={state.repeat === 'one' ? Repeat1 : Repeat}
        label={t(`player.repeat.${state.repeat}`)}
        aria-pressed={state.repeat !== 'off'}
        className={cx(state.repeat !== 'off' && 'player-modes--on')}
        disabled={disabled}
        onClick={() => player.command({ type: 'repeat', mode: nextRepeat })}
      />
      <IconButton
        icon={Shuffle}
        label={state.shuffle ? t('player.shuffleOn') : t('player.shuffleOff')}
        aria-pressed={state.shuffle}
        className={cx(state.shuffle && 'player-modes--on')}
        disabled={disabled}
        onClick={() => player.command({ type: 'shuffle', on: !state.shuffle })}
      />
    </div>
  );
}
