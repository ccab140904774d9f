import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SessionUser } from '@music-rooms/domain/auth';
import { LIMITS } from '@music-rooms/domain/limits';
import { VALIDATION, newPasswordSchema } from '@music-rooms/domain/schemas/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { PasswordField } from '../../ui/PasswordField';
import { closeDialog } from '../../app/dialogs/dialog-store';
import { useZodForm } from '../../app/forms/useZodForm';
import { useSessionActions } from '../../app/session/useSessionActions';
import { notify } from '../../app/toasts/toast-store';
import { changePassword } from './account-api';

type PasswordDialogProps = { user: SessionUser };

type PasswordInput = { newPassword: string; confirmPassword: string; currentPassword?: string };

const withCurrent = newPasswordSchema.and(
  z.object({ currentPassword: z.string().min(1, { message: VALIDATION.required }) }),
);

/** Change the password, or set one when the account signs in only with providers. */
export function PasswordDialog({ user }: PasswordDialogProps) {
  const { t } = useTranslation();
  const { setUser } = useSessionActions();
  const hasPassword = user.hasPassword;
  const schema = useMemo<z.ZodType<PasswordInput>>(
    () => (hasPassword ? withCurrent : newPasswordSchema),
    [hasPassword],
  );
  const form = useZodForm(schema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const visibility = { showLabel: t('auth.showPassword'), hideLabel: t('auth.hidePassword') };

  const submit = form.handleSubmit(
    async (data) => {
      const answer = await changePassword(user.id, data.newPassword, data.currentPassword);
      await setUser(answer.user);
      closeDialog();
      notify({
        variant: 'success',
        title: hasPassword ? t('password.changed') : t('password.set'),
      });
    },
    { fallbackKey: 'auth.passwordChangeError' },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && closeDialog()}>
      <DialogContent
        title={hasPassword ? t('password.changeTitle') : t('password.setTitle')}
        description={hasPassword ? undefined : t('password.setDescription')}
        closeLabel={t('common.close')}
        size="sm"
      >
        <form className="form" onSubmit={submit} noValidate>
          {hasPassword && (
            <PasswordField
              {...form.field('currentPassword')}
              {...visibility}
              label={t('password.current')}
              autoComplete="current-password"
            />
          )}
          <PasswordField
            {...form.field('newPassword')}
            {...visibility}
            label={t('password.new')}
            autoComplete="new-password"
            hint={t('auth.passwordHint', { count: LIMITS.passwordMin })}
          />
          <PasswordField
            {...form.field('confirmPassword')}
            {...visibility}
            label={t('password.confirm')}
            autoComplete="new-password"
          />
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <div className="form__actions">
            <Button variant="ghost" onClick={closeDialog}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={form.busy}>
              {form.busy ? t('common.saving') : t('password.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
