import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACK_LIMITS } from '@music-rooms/domain/tracks';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useErrorText } from '../../app/forms/useErrorText';
import { CancelSaveActions } from './CancelSaveActions';

type PlaylistNameDialogProps = {
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
};

/** Names a new playlist or renames one (required, at most 50 characters). */
export function PlaylistNameDialog({ title, initial, onClose, onSave }: PlaylistNameDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('validation.required'));
    setBusy(true);
    try {
      await onSave(trimmed);
      onClose();
    } catch (failure) {
      setError(errorText(failure, 'tracks.errors.updateFailed'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} size="sm" closeLabel={t('common.close')}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('tracks.playlists.name')}
            value={name}
            onChange={(next) => {
              setName(next);
              setError(undefined);
            }}
            maxLength={TRACK_LIMITS.playlistNameMax}
            counter={`${name.length}/${TRACK_LIMITS.playlistNameMax}`}
            error={error}
            data-autofocus
          />
          <CancelSaveActions busy={busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
