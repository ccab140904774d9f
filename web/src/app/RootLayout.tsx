import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOAuthMessages } from '../features/auth/useOAuthMessages';
import { useShowAuthFlag } from '../features/auth/useShowAuthFlag';
import { AppDialogs } from '../features/dialogs/AppDialogs';
import { AppHeader } from '../features/header/AppHeader';
import { useLanguageFromAddress } from '../features/language/useLanguageFromAddress';
import { LeaveGuard } from '../features/leave-guard/LeaveGuard';
import { ScrollToTopButton } from '../features/scroll-to-top/ScrollToTopButton';
import { useSessionSync } from '../features/session/useSessionSync';
import { NavigationProgress } from './NavigationProgress';

/** The frame of every page: header, the page itself, the app dialogs and the global helpers. */
export function RootLayout() {
  const { t } = useTranslation();
  useLanguageFromAddress();
  useSessionSync();
  useOAuthMessages();
  useShowAuthFlag();
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
      <AppDialogs />
      <LeaveGuard />
      <ScrollRestoration />
    </div>
  );
}
