import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStartRealtime } from '../../lib/realtime/realtime-context';
import { useOAuthMessages } from '../../features/auth/useOAuthMessages';
import { useShowAuthFlag } from '../../features/auth/useShowAuthFlag';
import { useAddedNoticeToasts } from '../../features/rooms/list/useAddedNotices';
import { lazyComponent } from '../build-updates/load-chunk';
import { AppDialogs } from '../dialogs/AppDialogs';
import { AppHeader } from '../header/AppHeader';
import { useLanguageFromAddress } from '../language/useLanguage';
import { LeaveGuard } from '../leave-guard/LeaveGuard';
import { ScrollToTopButton } from '../scroll-to-top/ScrollToTopButton';
import { useSession } from '../session/useSession';
import { useSessionSync } from '../session/useSessionSync';
import { NavigationProgress } from './NavigationProgress';

// The dialogs carry the form rules (and zod with them): they load the first time one opens.
const DialogSwitch = lazyComponent(
  () => import('../../features/account/DialogSwitch'),
  'DialogSwitch',
);

const AccessRequestNotices = lazyComponent(
  () => import('../../features/rooms/users/AccessRequestNotices'),
  'AccessRequestNotices',
);

/** The frame of every page: header, the page itself, the app dialogs and the global helpers. */
export function RootLayout() {
  const { t } = useTranslation();
  useLanguageFromAddress();
  useSessionSync();
  useOAuthMessages();
  useShowAuthFlag();
  useAddedNoticeToasts();
  useStartRealtime();
  const { user } = useSession();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <AppHeader />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollToTopButton />
      <AppDialogs Switch={DialogSwitch} />
      <LeaveGuard />
      {user && (
        <Suspense fallback={null}>
          <AccessRequestNotices />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
