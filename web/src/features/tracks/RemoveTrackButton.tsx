import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { cx } from '../../lib/cx';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { removeTrack } from './tracks-api';
import { useUndoableRemoval } from './useUndoableRemoval';

/** How long the "click again" state waits for the second click. */
const CONFIRM_MS = 4000;

type RemoveTrackButtonProps = { track: TrackSummary };

/** Deletes a track from the room and all its playlists on a second click, with Undo after. */
export function RemoveTrackButton({ track }: RemoveTrackButtonProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [armed, setArmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const announce = useUndoableRemoval();

  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  const click = async () => {
    if (!armed) return setArmed(true);
    setBusy(true);
    try {
      const { removalId } = await removeTrack(track._id);
      announce(t('tracks.remove.removed', { title: track.title }), removalId ? [removalId] : []);
    } catch (error) {
      setBusy(false);
      setArmed(false);
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.updateFailed') });
    }
  };

  return (
    <button
      type="button"
      className={cx('track-row__remove', armed && 'track-row__remove--armed')}
      aria-label={
        armed
          ? t('tracks.remove.confirm', { title: track.title })
          : t('tracks.remove.label', { title: track.title })
      }
      aria-busy={busy || undefined}
      onClick={() => void click()}
      onBlur={() => !busy && setArmed(false)}
    >
      <Trash2 aria-hidden size={15} />
      {armed && <span>{t('tracks.remove.again')}</span>}
    </button>
  );
}
