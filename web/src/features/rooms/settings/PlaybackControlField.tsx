import { useTranslation } from 'react-i18next';
import { Crown, Users } from 'lucide-react';
import type { PlaybackControl } from '@music-rooms/domain/rooms';
import { SegmentedControl } from '../../../ui/SegmentedControl';

type PlaybackControlFieldProps = {
  value: PlaybackControl;
  onChange: (value: PlaybackControl) => void;
};

/** Who controls the playback: the host alone, or everyone who may (participants and above). */
export function PlaybackControlField({ value, onChange }: PlaybackControlFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <SegmentedControl
        legend={t('rooms.settings.playbackControl')}
        value={value}
        onChange={onChange}
        options={[
          { value: 'host', label: t('rooms.settings.playbackControlHost'), icon: Crown },
          { value: 'everyone', label: t('rooms.settings.playbackControlEveryone'), icon: Users },
        ]}
      />
      <p className="field__hint">
        {t(
          value === 'host'
            ? 'rooms.settings.playbackControlHostHint'
            : 'rooms.settings.playbackControlEveryoneHint',
        )}
      </p>
    </div>
  );
}
