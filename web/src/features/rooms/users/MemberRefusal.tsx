import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import type { RoomErrorKey } from '@music-rooms/domain/rooms';

type MemberRefusalProps = { reason: RoomErrorKey };

/** Why this member's role and removal are out of the viewer's hands (spec §6 removal rules). */
export function MemberRefusal({ reason }: MemberRefusalProps) {
  const { t } = useTranslation();
  return (
    <span className="member-refusal">
      <Lock className="member-refusal__icon" aria-hidden size={12} strokeWidth={2.4} />
      {t(reason)}
    </span>
  );
}
