import type { RoomId } from '@music-rooms/domain/ids';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { UserPlus } from 'lucide-react';
import { ASSIGNABLE_ROLES, type AssignableRole } from '@music-rooms/domain/rooms';
import { usernameOrEmailSchema } from '@music-rooms/domain/schemas/rooms';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useZodForm } from '../../../app/forms/useZodForm';
import { addRoomUser } from '../rooms-api';
import { notify } from '../../../app/toasts/toast-store';
import { RoleSelect } from './RoleSelect';

type AddUserFormProps = { roomId: RoomId; onAdded: () => void };

// The rules of rooms.addUser's own argument; the role is always one of the list.
const addUserSchema = z.object({
  usernameOrEmail: usernameOrEmailSchema,
  role: z.enum(ASSIGNABLE_ROLES),
});

/** Adds someone by username or e-mail with a role; the adder becomes who invited them. */
export function AddUserForm({ roomId, onAdded }: AddUserFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(addUserSchema, { usernameOrEmail: '', role: 'participant' });
  const role = form.field('role');

  const submit = form.handleSubmit(
    async (values) => {
      await addRoomUser(roomId, values.usernameOrEmail, values.role);
      notify({ variant: 'success', title: t('rooms.users.added') });
      onAdded();
    },
    { fallbackKey: 'rooms.errors.addUserFailed' },
  );

  return (
    <form className="add-user" onSubmit={submit} noValidate aria-label={t('rooms.users.addTitle')}>
      <TextField
        {...form.field('usernameOrEmail')}
        label={t('rooms.users.addLabel')}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        className="add-user__who"
      />
      <div className="add-user__role">
        <span className="field__label" aria-hidden>
          {t('rooms.users.addRole')}
        </span>
        <RoleSelect
          value={role.value as AssignableRole}
          onChange={role.onChange}
          label={t('rooms.users.addRole')}
        />
      </div>
      <Button
        type="submit"
        variant="primary"
        icon={UserPlus}
        busy={form.busy}
        className="add-user__submit"
      >
        {form.busy ? t('rooms.users.adding') : t('rooms.users.addSubmit')}
      </Button>
      {form.formError && <p className="field__error add-user__error">{form.formError}</p>}
    </form>
  );
}
