import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LockKeyhole } from 'lucide-react';
import { roomPasswordSchema } from '@music-rooms/domain/schemas/rooms';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { useZodForm } from '../../../app/forms/useZodForm';

type PasswordGateProps = { unlock: (password: string) => Promise<void> };

const gateSchema = z.object({ password: roomPasswordSchema });

/** The password gate of a protected room (spec §2): the right password lets this tab in. */
export function PasswordGate({ unlock }: PasswordGateProps) {
  const { t } = useTranslation();
  const form = useZodForm(gateSchema, { password: '' });
  const submit = form.handleSubmit(({ password }) => unlock(password), {
    fallbackKey: 'rooms.errors.wrongPassword',
  });
  return (
    <section className="room-gate" aria-labelledby="room-gate-title">
      <span className="room-gate__icon" aria-hidden>
        <LockKeyhole size={26} strokeWidth={2} />
      </span>
      <h1 id="room-gate-title" className="room-gate__title">
        {t('rooms.access.passwordTitle')}
      </h1>
      <p className="room-gate__text">{t('rooms.access.passwordText')}</p>
      <form className="form room-gate__form" onSubmit={submit} noValidate>
        <PasswordField
          {...form.field('password')}
          label={t('rooms.access.password')}
          showLabel={t('auth.showPassword')}
          hideLabel={t('auth.hidePassword')}
          autoComplete="current-password"
          autoFocus
        />
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <Button type="submit" variant="primary" busy={form.busy}>
          {form.busy ? t('rooms.access.entering') : t('rooms.access.enter')}
        </Button>
      </form>
    </section>
  );
}
