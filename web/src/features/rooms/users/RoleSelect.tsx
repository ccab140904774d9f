import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES, type AssignableRole } from '@music-rooms/domain/rooms';
import { Select } from '../../../ui/Select';

type RoleSelectProps = {
  value: AssignableRole;
  onChange: (role: AssignableRole) => void;
  label: string;
  disabled?: boolean;
};

/** A role someone may be given in a room (admin, editor, participant, viewer). */
export function RoleSelect({ value, onChange, label, disabled }: RoleSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      compact
      aria-label={label}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`rooms.roles.${role}`) }))}
    />
  );
}
