import { useTranslation } from 'react-i18next';
import type { CachedUser } from '../session/cached-user';
import { UserAvatar } from './UserAvatar';

type UserMenuHeaderProps = { viewer: CachedUser | null; username: string | null };

/** The top of the user menu: who is here (name and @username), or "Guest". */
export function UserMenuHeader({ viewer, username }: UserMenuHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="user-menu__who">
      <UserAvatar user={viewer} size="md" />
      <div className="user-menu__who-text">
        <div className="user-menu__name">{viewer?.name ?? t('userMenu.guest')}</div>
        <div className="user-menu__hint">
          {username ? `@${username}` : !viewer && t('userMenu.guestHint')}
        </div>
      </div>
    </div>
  );
}
