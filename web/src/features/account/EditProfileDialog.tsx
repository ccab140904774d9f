import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@music-rooms/domain/limits';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { closeDialog } from '../../app/dialogs/dialog-store';
import { useZodForm } from '../../app/forms/useZodForm';
import { useSessionActions } from '../../app/session/useSessionActions';
import { refreshSessionUser, saveProfile } from './account-api';
import { emailChanged, profileFormSchema } from './profile-form';

type EditProfileDialogProps = {
  user: SessionUser;
  /** Where the dialog goes once done: closed, or back to the dialog it was opened from. */
  onDone?: () => void;
};

/**
 * Edit name, username and e-mail (spec §4 Profile save): only changed fields are sent; after a
 * save the session is refreshed, a success message shows and the dialog closes 1.5 s later. A
 * new e-mail on an account with a password asks for that password.
 */
export function EditProfileDialog({ user, onDone = closeDialog }: EditProfileDialogProps) {
  const { t, i18n } = useTranslation();
  const { setUser } = useSessionActions();
  const [saved, setSaved] = useState(false);
  const [initial] = useState(() => ({
    name: user.name,
    username: user.username,
    email: user.email,
  }));
  const schema = useMemo(
    () => profileFormSchema(initial, user.hasPassword),
    [initial, user.hasPassword],
  );
  const form = useZodForm(schema, { ...initial, currentPassword: '' });
  const asksPassword = user.hasPassword && emailChanged(initial, form.values);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(onDone, LIMITS.profileDialogCloseMs);
    return () => clearTimeout(timer);
  }, [saved, onDone]);

  const submit = form.handleSubmit(
    async ({ currentPassword, ...changes }) => {
      await saveProfile(user.id, changes, { currentPassword, locale: i18n.language });
      const { user: next } = await refreshSessionUser(changes);
      await setUser(next);
      setSaved(true);
    },
    { fallbackKey: 'user.profileUpdateError' },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && closeDialog()}>
      <DialogContent title={t('user.editProfile')} closeLabel={t('common.close')} size="sm">
        <form className="form" onSubmit={submit} noValidate>
          <fieldset className="form__fieldset" disabled={saved}>
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
            />
            <TextField
              {...form.field('email')}
              type="email"
              label={t('auth.fields.email')}
              autoComplete="email"
              spellCheck={false}
            />
            {asksPassword && (
              <PasswordField
                {...form.field('currentPassword')}
                showLabel={t('auth.showPassword')}
                hideLabel={t('auth.hidePassword')}
                label={t('emailChange.currentPassword')}
                hint={t('emailChange.hint')}
                autoComplete="current-password"
              />
            )}
          </fieldset>
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          {saved && <Alert tone="success">{t('user.profileUpdated')}</Alert>}
          <div className="form__actions">
            <Button variant="ghost" onClick={saved ? onDone : closeDialog}>
              {saved ? t('common.close') : t('common.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={form.busy} disabled={saved}>
              {form.busy ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
