import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { AuthTabs } from '../features/auth/AuthTabs';
import { SignedInCard } from '../features/auth/SignedInCard';
import { useAuthArrival } from '../features/auth/useAuthArrival';
import { useWelcome } from '../features/auth/useWelcome';
import { openDialog, type AuthTab } from '../app/dialogs/dialog-store';
import { usePageHeader } from '../app/header/usePageHeader';
import { useSession } from '../app/session/useSession';
import { Alert } from '../ui/Alert';
import { PageHeading } from '../ui/PageHeading';

/**
 * The authentication page ("Authentication"): sign in or sign up, and where a full-page
 * provider flow ends with its `error` or `success` key.
 */
export function AuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const welcome = useWelcome();
  const { user, loading } = useSession();
  const arrival = useAuthArrival();
  const [tab, setTab] = useState<AuthTab>('signIn');
  usePageHeader({ title: t('auth.title'), icon: LogIn });

  const form = user ? (
    <SignedInCard user={user} returnTo={arrival.returnTo} />
  ) : (
    <AuthTabs
      tab={tab}
      onTabChange={setTab}
      returnTo={arrival.returnTo}
      onDone={(signedIn, isNew) => {
        welcome(signedIn, isNew);
        void navigate(arrival.returnTo, { replace: true });
      }}
      onForgotPassword={(emailOrUsername) =>
        openDialog({ kind: 'forgotPassword', emailOrUsername })
      }
    />
  );
  return (
    <div className="auth-page">
      <PageHeading eyebrow={t('auth.title')} title={t('auth.heading')} intro={t('auth.intro')} />
      <div className="auth-card">
        {arrival.error && <Alert tone="error">{arrival.error}</Alert>}
        {arrival.finishing ? (
          <p className="auth-card__status" role="status">
            {t('auth.finishing')}
          </p>
        ) : (
          !loading && form
        )}
      </div>
    </div>
  );
}
