import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackId } from '@music-rooms/domain/ids';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { Alert } from '../../ui/Alert';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import type { MessageRef } from '../../app/forms/message-ref';
import { BatchEditFields } from './BatchEditFields';
import { BatchEditItems, type ItemState } from './BatchEditItems';
import { editChanges, initialValues, type EditField, type EditValues } from './batch-edit';
import { updateTrack, updateTracks } from './tracks-api';
import { CancelSaveActions } from './CancelSaveActions';
import { SelectionChangedNote } from './SelectionChangedNote';

type BatchEditDialogProps = {
  tracks: TrackSummary[];
  onClose: () => void;
  /** An uploader fixing their own track: only the tags they may change are offered. */
  uploaderTagsOnly?: boolean;
};

/**
 * Edits the tags of one track (with its title) or of several at once (spec §4 Batch edit):
 * each item shows that it is updating, then done or why it failed; failures stay listed.
 * `tracks` are those chosen that the room still holds: the form keeps the kind it opened with
 * (one track or several) when someone removes some of them meanwhile, and says so.
 */
export function BatchEditDialog({
  tracks,
  onClose,
  uploaderTagsOnly = false,
}: BatchEditDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [chosen] = useState(tracks.length);
  const single = chosen === 1;
  const [initial] = useState<EditValues>(() => initialValues(tracks));
  const [values, setValues] = useState<EditValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<EditField, MessageRef>>>({});
  const [states, setStates] = useState<ReadonlyMap<TrackId, ItemState>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const busy = [...states.values()].some((state) => state.kind === 'updating');

  const setAll = (state: ItemState) =>
    setStates(new Map(tracks.map((track) => [track._id, state])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = editChanges(values, initial, single);
    if ('errors' in result) return setErrors(result.errors);
    if (tracks.length === 0) return;
    setFailure(null);
    setAll({ kind: 'updating' });
    try {
      if (single) {
        await updateTrack(tracks[0]!._id, { ...result.changes, title: result.changes.title! });
        setAll({ kind: 'done' });
      } else {
        const { results } = await updateTracks(
          tracks.map((track) => track._id),
          result.changes,
        );
        setStates(
          new Map(
            results.map((item) => [
              item.id,
              item.ok
                ? { kind: 'done' }
                : { kind: 'failed', key: item.error ?? 'tracks.errors.updateFailed' },
            ]),
          ),
        );
        if (results.some((item) => !item.ok)) return;
      }
      notify({ variant: 'success', title: t('tracks.edit.saved', { count: tracks.length }) });
      onClose();
    } catch (error) {
      setAll({ kind: 'failed', key: 'tracks.errors.updateFailed' });
      setFailure(errorText(error, 'tracks.errors.updateFailed'));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        title={
          single ? t('tracks.edit.titleOne') : t('tracks.edit.titleMany', { count: tracks.length })
        }
        description={single ? undefined : t('tracks.edit.keepHint')}
        closeLabel={t('common.close')}
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="batch-edit">
          <BatchEditFields
            values={values}
            errors={errors}
            single={single}
            uploaderTagsOnly={uploaderTagsOnly}
            onChange={(field, value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
          />
          <SelectionChangedNote chosen={chosen} left={tracks.length} />
          {failure && <Alert tone="error">{failure}</Alert>}
          <BatchEditItems tracks={tracks} states={states} />
          <CancelSaveActions busy={busy} disabled={tracks.length === 0} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
