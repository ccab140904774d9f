import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import type { TrackId } from '@music-rooms/domain/ids';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { useMessage } from '../../app/forms/useMessage';

export type ItemState = { kind: 'updating' } | { kind: 'done' } | { kind: 'failed'; key: string };

type BatchEditItemsProps = { tracks: TrackSummary[]; states: ReadonlyMap<TrackId, ItemState> };

/** The tracks being edited, each with its state; the failed ones say why. */
export function BatchEditItems({ tracks, states }: BatchEditItemsProps) {
  const { t } = useTranslation();
  const { text, isKnownKey } = useMessage();
  const failed = tracks.filter((track) => states.get(track._id)?.kind === 'failed');
  return (
    <>
      <ul className="batch-edit__items" aria-label={t('tracks.edit.items')}>
        {tracks.map((track) => {
          const state = states.get(track._id);
          return (
            <li key={track._id} className="batch-edit__item">
              <span className="batch-edit__name">{track.title}</span>
              {state?.kind === 'updating' && (
                <span className="batch-edit__state">
                  <LoaderCircle aria-hidden size={14} className="spin" />
                  {t('tracks.edit.updating')}
                </span>
              )}
              {state?.kind === 'done' && (
                <span className="batch-edit__state batch-edit__state--done">
                  <Check aria-hidden size={14} />
                  {t('tracks.edit.updated')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {failed.length > 0 && (
        <div role="alert" className="batch-edit__failures">
          <p>{t('tracks.edit.failures', { count: failed.length })}</p>
          <ul>
            {failed.map((track) => {
              const state = states.get(track._id);
              const key =
                state?.kind === 'failed' && isKnownKey(state.key)
                  ? state.key
                  : 'tracks.errors.updateFailed';
              return (
                <li key={track._id}>
                  <CircleAlert aria-hidden size={14} /> {track.title}: {text({ key })}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}
