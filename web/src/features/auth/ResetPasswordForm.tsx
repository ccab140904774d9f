import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@music-rooms/domain/limits';
import { newPasswordSchema } from '@music-rooms/domain/schemas/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { useZodForm } from '../../app/forms/useZodForm';
import { useLocalePath } from '../../app/language/useLocalePath';
import { useSessionActions } from '../../app/session/useSessionActions';
import { notify } from '../../app/toasts/toast-store';
import { resetPasswordAndSignIn } from './reset-api';

type ResetPasswordFormProps = { token: string };

/** The new password, typed twice; a successful reset signs the user in and goes home. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { setUser } = useSessionActions();
  const form = useZodForm(newPasswordSchema, { newPassword: '', confirmPassword: '' });
  const visibility = { showLabel: t('auth.showPassword'), hideLabel: t('auth.hidePassword') };

  const submit = form.handleSubmit(
    async ({ newPassword }) => {
      const user = await resetPasswordAndSignIn(token, newPassword);
      await setUser(user);
      notify({
        variant: 'success',
        title: t('resetPassword.done'),
        message: t('resetPassword.doneText'),
      });
      await navigate(localePath('/'), { replace: true });
    },
    { fallbackKey: 'auth.passwordResetError' },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <PasswordField
        {...form.field('newPassword')}
        {...visibility}
        label={t('password.new')}
        autoComplete="new-password"
        hint={t('auth.passwordHint', { count: LIMITS.passwordMin })}
        autoFocus
      />
      <PasswordField
        {...form.field('confirmPassword')}
        {...visibility}
        label={t('password.confirm')}
        autoComplete="new-password"
      />
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <Button type="submit" variant="primary" size="lg" busy={form.busy}>
        {form.busy ? t('common.saving') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
