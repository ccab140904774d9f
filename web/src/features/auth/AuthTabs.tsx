import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import type { AuthTab } from '../../app/dialogs/dialog-store';
import { ProviderButtons } from './ProviderButtons';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import './auth.css';

type AuthTabsProps = {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onDone: (user: SessionUser, isNew: boolean) => void;
  onForgotPassword: (emailOrUsername: string) => void;
  /** Where a full-page provider sign-in comes back to. */
  returnTo?: string;
};

/** Sign in and sign up side by side as tabs, with the providers below. */
export function AuthTabs({ tab, onTabChange, onDone, onForgotPassword, returnTo }: AuthTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => onTabChange(value === 'signUp' ? 'signUp' : 'signIn')}
      className="auth-tabs"
    >
      <TabsList aria-label={t('auth.tabsLabel')} className="auth-tabs__list">
        <TabsTrigger value="signIn">{t('auth.tabs.signIn')}</TabsTrigger>
        <TabsTrigger value="signUp">{t('auth.tabs.signUp')}</TabsTrigger>
      </TabsList>
      <TabsContent value="signIn">
        <SignInForm
          onSignedIn={(user) => onDone(user, false)}
          onForgotPassword={onForgotPassword}
        />
      </TabsContent>
      <TabsContent value="signUp">
        <SignUpForm onSignedUp={(user) => onDone(user, true)} />
      </TabsContent>
      <ProviderButtons returnTo={returnTo} />
    </Tabs>
  );
}
