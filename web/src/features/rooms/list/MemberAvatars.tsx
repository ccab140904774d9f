import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@music-rooms/domain/auth';
import { ROOM_LIMITS } from '@music-rooms/domain/rooms';
import { Avatar } from '../../../ui/Avatar';

type MemberAvatarsProps = { members: readonly PublicUser[]; count: number };

/** A few members' avatars, overlapping, and how many more there are. */
export function MemberAvatars({ members, count }: MemberAvatarsProps) {
  const { t } = useTranslation();
  const shown = members.slice(0, ROOM_LIMITS.cardMembersMax);
  const more = Math.max(0, count - shown.length);
  if (shown.length === 0) return null;
  return (
    <span className="member-avatars" role="img" aria-label={t('rooms.card.members', { count })}>
      {shown.map((member) => (
        <span key={member._id} className="member-avatars__item" title={member.name}>
          <Avatar name={member.name} avatar={member.avatar} size="sm" />
        </span>
      ))}
      {more > 0 && (
        <span className="member-avatars__more" aria-hidden>
          {t('rooms.card.moreMembers', { count: more })}
        </span>
      )}
    </span>
  );
}
