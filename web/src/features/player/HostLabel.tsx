import { useTranslation } from 'react-i18next';
import { Crown } from 'lucide-react';
import type { RoomDetails } from '@music-rooms/domain/rooms';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { useSession } from '../../app/session/useSession';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';

type HostLabelProps = { room: RoomDetails; pass: RoomAccessArgs; hostId: string | null };

/** Who is host (spec §4: one participant is labelled host): "You", a name, or nobody. */
export function HostLabel({ room, pass, hostId }: HostLabelProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canSeeMembers = room.capabilities.includes('users.view') && hostId !== room.author._id;
  const members = useLiveQueryState(
    'rooms.getRoomUsers',
    canSeeMembers && hostId ? { roomId: room._id, ...pass } : 'skip',
  );
  let text = t('player.noHost');
  if (hostId && hostId === user?.id) text = t('player.youAreHost');
  else if (hostId) {
    const listed =
      members.status === 'value'
        ? members.value.members.find((member) => member.user._id === hostId)?.user.name
        : undefined;
    const name = hostId === room.author._id ? room.author.name : listed;
    text = name ? t('player.hostIs', { name }) : t('player.host');
  }
  return (
    <span className="host-label" data-host={hostId ?? ''}>
      <Crown aria-hidden size={14} />
      {text}
    </span>
  );
}
