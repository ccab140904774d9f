import { useTranslation } from 'react-i18next';
import { Gauge, Volume1, Volume2, VolumeX } from 'lucide-react';
import { cx } from '../../lib/cx';
import { IconButton } from '../../ui/IconButton';
import { isSilent, playerSettings } from './player-settings';
import { usePlayerSettings } from './usePlayerSettings';

/** Volume, mute and "normalize volume": this listener's own, remembered in this browser. */
export function VolumeControl() {
  const { t } = useTranslation();
  const settings = usePlayerSettings();
  const { volume, muted, normalize } = settings;
  const silent = isSilent(settings);
  return (
    <div className="player-volume">
      <IconButton
        icon={silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2}
        label={muted ? t('player.unmute') : t('player.mute')}
        aria-pressed={muted}
        onClick={() => playerSettings.update({ muted: !muted })}
      />
      <input
        type="range"
        className="player-volume__slider"
        aria-label={t('player.volume')}
        min={0}
        max={100}
        value={Math.round((muted ? 0 : volume) * 100)}
        onChange={(event) =>
          playerSettings.update({ volume: Number(event.currentTarget.value) / 100, muted: false })
        }
      />
      <IconButton
        icon={Gauge}
        size="sm"
        label={normalize ? t('player.normalizeOn') : t('player.normalizeOff')}
        aria-pressed={normalize}
        className={cx(normalize && 'player-modes--on')}
        onClick={() => playerSettings.update({ normalize: !normalize })}
      />
    </div>
  );
}
