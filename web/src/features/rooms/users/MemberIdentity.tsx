import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@music-rooms/domain/auth';
import { Avatar } from '../../../ui/Avatar';

type MemberIdentityProps = { user: PublicUser; isYou: boolean; note?: ReactNode };

/** A person in the members list: avatar, name (and "you"), @username, and a note below. */
export function MemberIdentity({ user, isYou, note }: MemberIdentityProps) {
  const { t } = useTranslation();
  return (
    <span className="member-identity">
      <Avatar name={user.name} avatar={user.avatar} size="md" />
      <span className="member-identity__text">
        <span className="member-identity__name">
          {user.name}
          {isYou && <span className="member-identity__you"> ({t('rooms.users.you')})</span>}
        </span>
        <span className="member-identity__username">@{user.username}</span>
        {note}
      </span>
    </span>
  );
}
