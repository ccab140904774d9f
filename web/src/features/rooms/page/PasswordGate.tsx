import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LockKeyhole } from 'lucide-react';
import type { RoomPreview } from '@music-rooms/domain/rooms';
import { roomPasswordSchema } from '@music-rooms/domain/schemas/rooms';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { useZodForm } from '../../../app/forms/useZodForm';
import { BackToRooms } from './BackToRooms';
import { RoomPreviewMeta } from './RoomPreviewMeta';

type PasswordGateProps = {
  unlock: (password: string) => Promise<void>;
  /** What the room's card tells anyone: its markers and owner (its name is in the header). */
  preview: RoomPreview | null;
};

const gateSchema = z.object({ password: roomPasswordSchema });

/** The password gate of a protected room (spec §2): the right password lets this tab in. */
export function PasswordGate({ unlock, preview }: PasswordGateProps) {
  const { t } = useTranslation();
  const form = useZodForm(gateSchema, { password: '' });
  const submit = form.handleSubmit(({ password }) => unlock(password), {
    fallbackKey: 'rooms.errors.wrongPassword',
  });
  return (
    <div className="room-gate-page">
      <BackToRooms />
      <section className="room-gate" aria-labelledby="room-gate-title">
        <span className="room-gate__icon" aria-hidden>
          <LockKeyhole size={26} strokeWidth={2} />
        </span>
        {preview && <RoomPreviewMeta preview={preview} />}
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
    </div>
  );
}
