import { useTranslation } from 'react-i18next';
import { TRACK_ERRORS, TRACK_UNDO_TOAST_MS } from '@music-rooms/domain/tracks';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { restoreRemoval } from './tracks-api';

/**
 * Says that tracks were deleted, with Undo for a few seconds (spec §2 Removal): the server
 * keeps them meanwhile, and undoing puts them back in their places for everyone.
 */
export function useUndoableRemoval() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const undo = async (removalIds: readonly string[]) => {
    try {
      const answers = await Promise.all(removalIds.map((id) => restoreRemoval(id)));
      const count = answers.reduce((sum, answer) => sum + answer.restored, 0);
      notify({ variant: 'success', title: t('tracks.undo.restored', { count }) });
    } catch (error) {
      notify({ variant: 'error', title: errorText(error, TRACK_ERRORS.undoExpired) });
    }
  };
  return (title: string, removalIds: readonly string[]) =>
    notify(
      removalIds.length === 0
        ? { variant: 'success', title }
        : {
            variant: 'success',
            title,
            duration: TRACK_UNDO_TOAST_MS,
            actions: [
              { id: 'undo', label: t('tracks.undo.action'), onClick: () => void undo(removalIds) },
            ],
          },
    );
}
