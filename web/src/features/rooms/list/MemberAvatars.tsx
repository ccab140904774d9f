import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@music-rooms/domain/auth';
import type { UserId } from '@music-rooms/domain/ids';
import { ROOM_LIMITS } from '@music-rooms/domain/rooms';
import { Avatar } from '../../../ui/Avatar';

type MemberAvatarsProps = {
  members: readonly PublicUser[];
  /** Everyone in the room, the author included. */
  count: number;
  /** The author, already shown beside the stack: left out of it, so nobody shows twice. */
  authorId?: UserId;
};

/** A few members' avatars, overlapping, and how many more there are. */
export function MemberAvatars({ members, count, authorId }: MemberAvatarsProps) {
  const { t } = useTranslation();
  const others = members.filter((member) => member._id !== authorId);
  const shown = others.slice(0, ROOM_LIMITS.cardMembersMax);
  const otherCount = authorId === undefined ? count : count - 1;
  const more = Math.max(0, otherCount - shown.length);
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
