import { useTranslation } from 'react-i18next';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { TRACK_ERRORS, type TrackSummary } from '@music-rooms/domain/tracks';
import { useMessage } from '../../app/forms/useMessage';

type TrackStatusNoteProps = { track: TrackSummary };

/** "Processing…" with a spinner, or why the track failed; nothing once it is ready. */
export function TrackStatusNote({ track }: TrackStatusNoteProps) {
  const { t } = useTranslation();
  const { text, isKnownKey } = useMessage();
  // A track keeps its failure's key, not what the message names (a content type, a status):
  // a message that names something says the general reason instead of showing a placeholder.
  // Asked without values, `t` gives the text with its placeholders as they are.
  const sayable = (key: string) => isKnownKey(key) && !/\{\{/.test(String(t(key as never)));
  if (track.status === 'processing') {
    return (
      <span className="track-status track-status--processing">
        <LoaderCircle aria-hidden size={14} className="spin" />
        {t('tracks.status.processing')}
      </span>
    );
  }
  if (track.status === 'failed') {
    return (
      <span className="track-status track-status--failed">
        <CircleAlert aria-hidden size={14} />
        {text({
          key:
            track.failure && sayable(track.failure) ? track.failure : TRACK_ERRORS.processingFailed,
        })}
      </span>
    );
  }
  return null;
}
