import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Avatar } from '../../ui/Avatar';
import { buttonClass } from '../../ui/button-class';
import '../../ui/button.css';

type SignedInCardProps = { user: SessionUser; returnTo: string };

/** On the authentication page for someone already signed in: who, and the way on. */
export function SignedInCard({ user, returnTo }: SignedInCardProps) {
  const { t } = useTranslation();
  return (
    <div className="signed-in-card">
      <Avatar name={user.name} avatar={user.avatar} size="lg" />
      <p className="signed-in-card__text">{t('protected.signedInAs', { name: user.name })}</p>
      <Link to={returnTo} className={buttonClass('primary')}>
        {t('auth.continue')}
      </Link>
    </div>
  );
}
