import type { RoomId } from '@music-rooms/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useErrorText } from '../../../app/forms/useErrorText';
import { deleteRoom } from '../room-form-api';
import { notify } from '../../../app/toasts/toast-store';

type DeleteRoomSectionProps = { room: { _id: RoomId; name: string }; onDeleted: () => void };

/** The owner's way to delete the room, after a confirmation that names it. */
export function DeleteRoomSection({ room, onDeleted }: DeleteRoomSectionProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteRoom(room._id);
      setConfirming(false);
      onDeleted();
      notify({ variant: 'success', title: t('rooms.settings.deleted', { name: room.name }) });
    } catch (error) {
      notify({
        variant: 'error',
        title: t('rooms.settings.deleteFailed'),
        message: errorText(error, 'rooms.favorite.retry'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="danger-zone" aria-labelledby="danger-zone-title">
      <div>
        <h3 id="danger-zone-title" className="danger-zone__title">
          {t('rooms.settings.dangerTitle')}
        </h3>
        <p className="danger-zone__text">{t('rooms.settings.dangerText')}</p>
      </div>
      <Button variant="danger" icon={Trash2} onClick={() => setConfirming(true)}>
        {t('rooms.settings.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('rooms.settings.confirmTitle', { name: room.name })}
        message={t('rooms.settings.confirmText', { name: room.name })}
        confirmLabel={t('rooms.settings.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
