import { useTranslation } from 'react-i18next';
import { LIMITS } from '@music-rooms/domain/limits';
import { ACCOUNT_ROUTES } from '@music-rooms/domain/account-routes';
import type { SessionUser } from '@music-rooms/domain/auth';
import { registerSchema } from '@music-rooms/domain/schemas/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { authRequest } from '../../app/session/auth-api';
import { useSessionActions } from '../../app/session/useSessionActions';
import { useZodForm } from '../../app/forms/useZodForm';

type SignUpFormProps = { onSignedUp: (user: SessionUser) => void };

/** Create an account: name, username, e-mail and password (POST /api/auth/register). */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation();
  const { setUser } = useSessionActions();
  const form = useZodForm(registerSchema, { name: '', username: '', email: '', password: '' });

  const submit = form.handleSubmit(
    async (data) => {
      const { user } = await authRequest(ACCOUNT_ROUTES.register, data);
      await setUser(user);
      onSignedUp(user);
    },
    { fallbackKey: 'auth.registerError' },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        {...form.field('name')}
        label={t('auth.fields.name')}
        autoComplete="name"
        data-autofocus
      />
      <TextField
        {...form.field('username')}
        label={t('auth.fields.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('auth.usernameHint', {
          min: LIMITS.username.signUp.min,
          max: LIMITS.username.signUp.max,
        })}
      />
      <TextField
        {...form.field('email')}
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        spellCheck={false}
      />
      <PasswordField
        {...form.field('password')}
        label={t('auth.fields.password')}
        autoComplete="new-password"
        hint={t('auth.passwordHint', { count: LIMITS.passwordMin })}
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
      />
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <Button type="submit" variant="primary" size="lg" busy={form.busy}>
        {form.busy ? t('auth.signingUp') : t('auth.signUpAction')}
      </Button>
    </form>
  );
}
