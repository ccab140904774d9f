import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@music-rooms/domain/auth';
import type { MessageRef } from '../../app/forms/message-ref';
import { useSessionActions } from '../../app/session/useSessionActions';
import { notify } from '../../app/toasts/toast-store';
import { resetAvatar, saveAvatar } from './account-api';
import { checkPhotoFile } from './photo-file';

/**
 * What the avatar editor does: check a chosen file and open it for cropping, save the cropped
 * photo, or remove the photo (a new random colour). Failures are kept to show as an alert.
 */
export function useAvatarActions(user: SessionUser) {
  const { t } = useTranslation();
  const { refresh } = useSessionActions();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<MessageRef | null>(null);
  const [busy, setBusy] = useState(false);
  const hasPhoto = user.avatar.startsWith('data:image/');

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = checkPhotoFile(file);
    setProblem(refused);
    if (!refused) setImageUrl(URL.createObjectURL(file));
  };

  const closeCrop = () => {
    if (imageUrl) URL.revokeObjectURL(imageUrl);
    setImageUrl(null);
  };

  const save = async (avatar: string) => {
    await saveAvatar(user.id, avatar);
    await refresh();
    closeCrop();
    notify({ variant: 'success', title: t('user.photoSaved') });
  };

  const reset = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await resetAvatar(user.id);
      await refresh();
      notify({
        variant: 'success',
        title: hasPhoto ? t('user.photoRemoved') : t('user.colorChanged'),
      });
    } catch {
      setProblem({ key: 'user.avatarResetError' });
    } finally {
      setBusy(false);
    }
  };

  return { hasPhoto, imageUrl, problem, busy, choose, closeCrop, save, reset };
}
