import { useTranslation } from 'react-i18next';
import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { IconButton } from '../../ui/IconButton';
import type { PlayerModel } from './usePlayer';

type TransportControlsProps = {
  player: PlayerModel;
  /** Off, with the reason said around them: no right to control, or nothing to play. */
  disabled: boolean;
};

/** Previous, play or pause, next: commands to the whole room. */
export function TransportControls({ player, disabled }: TransportControlsProps) {
  const { t } = useTranslation();
  const state = player.view?.state;
  const playing = state?.playing ?? false;
  return (
    <div className="player-transport">
      <IconButton
        icon={SkipBack}
        label={t('player.previous')}
        disabled={disabled}
        onClick={() => player.command({ type: 'previous' })}
      />
      <IconButton
        icon={playing ? Pause : Play}
        label={playing ? t('player.pause') : t('player.play')}
        className="player-transport__play"
        disabled={disabled}
        onClick={() => player.command({ type: playing ? 'pause' : 'play' })}
      />
      <IconButton
        icon={SkipForward}
        label={t('player.next')}
        disabled={disabled}
        onClick={() => player.command({ type: 'next' })}
      />
    </div>
  );
}
