import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomDetails } from '@music-rooms/domain/rooms';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import { updateRoom } from '../room-form-api';
import { RoomDetailsFields } from '../form/RoomDetailsFields';
import type { RoomFormValues } from '../form/room-form-schema';
import { useRoomForm } from '../form/useRoomForm';
import { notify } from '../../../app/toasts/toast-store';
import { DeleteRoomSection } from './DeleteRoomSection';
import { PasswordSettings } from './PasswordSettings';
import { PlaybackControlField } from './PlaybackControlField';
import { settingsChanges } from './settings-changes';
import '../form/room-form.css';
import './room-settings.css';

type RoomSettingsDialogProps = {
  room: RoomDetails;
  onClose: () => void;
  /** The room's URL changed: its page is now at the new address. */
  onMoved: (roomUrl: string) => void;
  onDeleted: () => void;
};

/**
 * Room settings (spec §2): name, URL, description, visibility, password and who controls the
 * playback for those with
 * room.updateSettings; deleting the room for its owner. Only changed fields are sent.
 */
export function RoomSettingsDialog({ room, onClose, onMoved, onDeleted }: RoomSettingsDialogProps) {
  const { t } = useTranslation();
  const initial: RoomFormValues = {
    name: room.name,
    room_url: room.room_url,
    description: room.description,
    visibility: room.visibility,
    passwordMode: 'keep',
    password: '',
  };
  const { form, urlCheck, onNameChange, onUrlChange } = useRoomForm(initial, { room });
  const [playbackControl, setPlaybackControl] = useState(room.playbackControl);
  const changed = settingsChanges(room, form.values, playbackControl) !== null;

  const submit = form.handleSubmit(
    async (values) => {
      const changes = settingsChanges(room, values, playbackControl);
      if (!changes) return onClose();
      const saved = await updateRoom({ id: room._id, ...changes });
      notify({ variant: 'success', title: t('rooms.settings.saved') });
      onClose();
      if (saved.room_url !== room.room_url) onMoved(saved.room_url);
    },
    { fallbackKey: 'rooms.errors.updateFailed' },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('rooms.settings.title')}
        description={t('rooms.settings.description')}
        closeLabel={t('common.close')}
      >
        <form className="form room-form" onSubmit={submit} noValidate>
          <RoomDetailsFields
            field={form.field}
            urlCheck={urlCheck}
            onNameChange={onNameChange}
            onUrlChange={onUrlChange}
          />
          <PasswordSettings
            hasPassword={room.hasPassword}
            mode={form.field('passwordMode')}
            password={form.field('password')}
          />
          <PlaybackControlField value={playbackControl} onChange={setPlaybackControl} />
          {form.formError && (
            <Alert tone="error">
              <strong>{t('rooms.errors.updateSettingsFailed')}</strong>
              <br />
              {form.formError}
            </Alert>
          )}
          <div className="form__actions">
            <Button variant="ghost" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={form.busy} disabled={!changed}>
              {form.busy ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </form>
        {room.capabilities.includes('room.delete') && (
          <DeleteRoomSection room={room} onDeleted={onDeleted} />
        )}
      </DialogContent>
    </Dialog>
  );
}
