import { UserRound } from 'lucide-react';
import { Avatar, type AvatarSize } from '../../ui/Avatar';
import type { CachedUser } from '../session/cached-user';

type UserAvatarProps = { user: CachedUser | null; size?: AvatarSize };

/** The viewer's picture in the header: their avatar, or a silhouette for a guest. */
export function UserAvatar({ user, size = 'sm' }: UserAvatarProps) {
  if (!user) {
    return (
      <span className={`avatar avatar--${size} avatar--guest`} aria-hidden>
        <UserRound size={size === 'sm' ? 18 : 22} strokeWidth={2.2} />
      </span>
    );
  }
  return <Avatar name={user.name} avatar={user.avatar} size={size} />;
}
