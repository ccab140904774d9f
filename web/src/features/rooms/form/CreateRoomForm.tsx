import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { notify } from '../../../app/toasts/toast-store';
import { createRoom } from '../room-form-api';
import { PasswordChoice } from './PasswordChoice';
import { RoomDetailsFields } from './RoomDetailsFields';
import type { RoomFormValues } from './room-form-schema';
import { useRoomForm } from './useRoomForm';

const EMPTY: RoomFormValues = {
  name: '',
  room_url: '',
  description: '',
  visibility: 'public',
  passwordMode: 'keep',
  password: '',
};

/** The create-room form (spec §2 Create room); a new room opens at its own address. */
export function CreateRoomForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { form, urlCheck, onNameChange, onUrlChange } = useRoomForm(EMPTY);

  const submit = form.handleSubmit(
    async (values) => {
      const created = await createRoom({
        name: values.name,
        room_url: values.room_url,
        description: values.description,
        visibility: values.visibility,
        ...(values.passwordMode === 'set' ? { password: values.password } : {}),
      });
      notify({ variant: 'success', title: t('rooms.create.created') });
      await navigate(localePath(`/room/${created.room_url}`));
    },
    { fallbackKey: 'rooms.errors.createFailed' },
  );

  return (
    <form className="form room-form" onSubmit={submit} noValidate>
      <RoomDetailsFields
        field={form.field}
        urlCheck={urlCheck}
        onNameChange={onNameChange}
        onUrlChange={onUrlChange}
        autoFocusName
      />
      <PasswordChoice mode={form.field('passwordMode')} password={form.field('password')} />
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="form__actions">
        <Button type="submit" variant="primary" size="lg" icon={Plus} busy={form.busy}>
          {form.busy ? t('rooms.create.submitting') : t('rooms.create.submit')}
        </Button>
      </div>
    </form>
  );
}
