import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ROUTES } from '@music-rooms/domain/account-routes';
import { forgotPasswordSchema } from '@music-rooms/domain/schemas/auth';
import { currentLanguage } from '../../i18n';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { authRequest } from '../../app/session/auth-api';
import { closeDialog, openAuthDialog } from '../../app/dialogs/dialog-store';
import { useZodForm } from '../../app/forms/useZodForm';
import { ResetLinkSent } from './ResetLinkSent';
import './auth.css';

type ForgotPasswordDialogProps = { emailOrUsername?: string };

/** Asks for a password reset link; then shows where it was sent (spec §4 Password recovery). */
export function ForgotPasswordDialog({ emailOrUsername = '' }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { emailOrUsername });

  const submit = form.handleSubmit(
    async (data) => {
      const { email } = await authRequest(ACCOUNT_ROUTES.requestPasswordReset, {
        ...data,
        locale: currentLanguage(),
      });
      setSentTo(email);
    },
    { fallbackKey: 'auth.resetEmailError' },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && closeDialog()}>
      <DialogContent
        title={sentTo ? t('auth.forgot.sentTitle') : t('auth.forgot.title')}
        description={sentTo ? undefined : t('auth.forgot.description')}
        closeLabel={t('common.close')}
        size="sm"
      >
        {sentTo ? (
          <ResetLinkSent email={sentTo} onDone={closeDialog} />
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              {...form.field('emailOrUsername')}
              label={t('auth.fields.emailOrUsername')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              data-autofocus
            />
            {form.formError && <Alert tone="error">{form.formError}</Alert>}
            <div className="form__actions">
              <Button variant="ghost" onClick={() => openAuthDialog('signIn')}>
                {t('auth.forgot.back')}
              </Button>
              <Button type="submit" variant="primary" busy={form.busy}>
                {form.busy ? t('auth.forgot.sending') : t('auth.forgot.submit')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
