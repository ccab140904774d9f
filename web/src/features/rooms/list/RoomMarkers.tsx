import { useTranslation } from 'react-i18next';
import { Ban, EyeOff, Lock, type LucideIcon } from 'lucide-react';
import { isRoomRole, type RoomSummary } from '@music-rooms/domain/rooms';
import { Tooltip } from '../../../ui/Tooltip';
import { RoleBadge } from './RoleBadge';

/** What the markers read of a room: a card, or the preview a stranger gets at the gate. */
type RoomMarkersProps = { room: Pick<RoomSummary, 'hasPassword' | 'visibility' | 'myRole'> };

type Marker = { id: string; icon: LucideIcon; label: string; hint: string };

/**
 * What sets a room apart, as small chips: the viewer's role, a password, hidden, and invite-only
 * (unavailable to anyone who is not a member).
 */
export function RoomMarkers({ room }: RoomMarkersProps) {
  const { t } = useTranslation();
  const member = isRoomRole(room.myRole);
  const markers: Marker[] = [];
  if (room.hasPassword) {
    markers.push({
      id: 'password',
      icon: Lock,
      label: t('rooms.markers.password'),
      hint: t('rooms.markers.passwordHint'),
    });
  }
  if (room.visibility === 'hidden') {
    markers.push({
      id: 'hidden',
      icon: EyeOff,
      label: t('rooms.markers.hidden'),
      hint: t('rooms.markers.hiddenHint'),
    });
  }
  if (room.visibility === 'inviteOnly') {
    markers.push({
      id: member ? 'inviteOnly' : 'unavailable',
      icon: Ban,
      label: member ? t('rooms.markers.inviteOnly') : t('rooms.markers.unavailable'),
      hint: member ? t('rooms.markers.inviteOnlyHint') : t('rooms.errors.unavailable'),
    });
  }
  if (!room.myRole && markers.length === 0) return null;
  return (
    <ul className="room-markers">
      {room.myRole && (
        <li>
          <RoleBadge role={room.myRole} />
        </li>
      )}
      {markers.map(({ id, icon: Icon, label, hint }) => (
        <li key={id}>
          <Tooltip content={hint}>
            <span className={`room-chip room-chip--${id}`} tabIndex={0} aria-label={hint}>
              <Icon aria-hidden size={13} strokeWidth={2.4} />
              {label}
            </span>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
