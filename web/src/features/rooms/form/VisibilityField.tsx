import { useTranslation } from 'react-i18next';
import { Ban, EyeOff, Globe } from 'lucide-react';
import type { RoomVisibility } from '@music-rooms/domain/rooms';
import { SegmentedControl } from '../../../ui/SegmentedControl';

type VisibilityFieldProps = { value: RoomVisibility; onChange: (value: RoomVisibility) => void };

/** Who may find the room: public, hidden (by link) or invite-only, with what that means. */
export function VisibilityField({ value, onChange }: VisibilityFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <SegmentedControl
        legend={t('rooms.form.visibility')}
        value={value}
        onChange={onChange}
        options={[
          { value: 'public', label: t('rooms.visibility.public'), icon: Globe },
          { value: 'hidden', label: t('rooms.visibility.hidden'), icon: EyeOff },
          { value: 'inviteOnly', label: t('rooms.visibility.inviteOnly'), icon: Ban },
        ]}
      />
      <p className="field__hint">{t(`rooms.visibility.${value}Hint`)}</p>
    </div>
  );
}
