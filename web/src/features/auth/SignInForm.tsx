import { useTranslation } from 'react-i18next';
import { ACCOUNT_ROUTES } from '@music-rooms/domain/account-routes';
import type { SessionUser } from '@music-rooms/domain/auth';
import { loginSchema } from '@music-rooms/domain/schemas/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { authRequest } from '../../app/session/auth-api';
import { useSessionActions } from '../../app/session/useSessionActions';
import { useZodForm } from '../../app/forms/useZodForm';

type SignInFormProps = {
  onSignedIn: (user: SessionUser) => void;
  onForgotPassword: (emailOrUsername: string) => void;
};

/** Sign in with an e-mail or username and a password (POST /api/auth/login). */
export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation();
  const { setUser } = useSessionActions();
  const form = useZodForm(loginSchema, { emailOrUsername: '', password: '' });

  const submit = form.handleSubmit(
    async (data) => {
      const { user } = await authRequest(ACCOUNT_ROUTES.login, data);
      await setUser(user);
      onSignedIn(user);
    },
    { fallbackKey: 'auth.loginError' },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        {...form.field('emailOrUsername')}
        data-autofocus
        label={t('auth.fields.emailOrUsername')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <PasswordField
        {...form.field('password')}
        label={t('auth.fields.password')}
        autoComplete="current-password"
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
      />
      <button
        type="button"
        className="link-button auth-form__forgot"
        onClick={() => onForgotPassword(form.values.emailOrUsername.trim())}
      >
        {t('auth.forgotPassword')}
      </button>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <Button type="submit" variant="primary" size="lg" busy={form.busy}>
        {form.busy ? t('auth.signingIn') : t('auth.signInAction')}
      </Button>
    </form>
  );
}
