import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../ui/Switch';
import { soundSettings } from '../../app/sounds/sound-settings';

/** How loud the interface sounds are and whether they may play over music (this browser). */
export function SoundSettings() {
  const { t } = useTranslation();
  const id = useId();
  const { volume, duringPlayback } = useSyncExternalStore(
    soundSettings.subscribe,
    soundSettings.get,
  );
  return (
    <div className="settings-sounds">
      <div className="settings-range">
        <label htmlFor={id}>{t('settings.soundVolume')}</label>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={5}
          value={Math.round(volume * 100)}
          aria-valuetext={`${Math.round(volume * 100)}%`}
          onChange={(event) =>
            soundSettings.update({ volume: Number(event.currentTarget.value) / 100 })
          }
        />
        <output htmlFor={id}>{Math.round(volume * 100)}%</output>
      </div>
      <Switch
        label={t('settings.soundsDuringPlayback')}
        description={t('settings.soundsDuringPlaybackHint')}
        checked={duringPlayback}
        onChange={(on) => soundSettings.update({ duringPlayback: on })}
      />
    </div>
  );
}
