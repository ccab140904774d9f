import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Music, RotateCcw } from 'lucide-react';
import { LIMITS } from '@music-rooms/domain/limits';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { TRACK_ERRORS, type TrackDetails } from '@music-rooms/domain/tracks';
import { Button } from '../../ui/Button';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { useMessage } from '../../app/forms/useMessage';
import { mediaUrl, setTrackCover } from './tracks-api';
import { startTusUpload, type UploadError } from './tus-upload';

type TrackCoverEditorProps = { track: TrackDetails; pass: RoomAccessArgs; canManage: boolean };

const MAX_MB = LIMITS.trackCover.maxBytes / (1024 * 1024);

/** Sends an image over tus as the track's cover: the upload's id, or why it failed. */
function uploadCover(track: TrackDetails, file: File): Promise<{ uploadId: string } | UploadError> {
  return new Promise((resolve) => {
    void startTusUpload({
      file,
      metadata: { kind: 'cover', trackId: track._id, filename: file.name, filetype: file.type },
      onSuccess: (url) => resolve({ uploadId: url.split('/').pop() ?? '' }),
      onError: resolve,
    }).catch(() => resolve({ key: TRACK_ERRORS.imageUploadFailed }));
  });
}

/** Whether going back to the file's cover, or removing the one set, would change anything. */
const canReset = (track: TrackDetails) =>
  track.hasFileCover ? !track.coverIsFileCover : track.coverVersion !== null;

/**
 * The cover; editors change it (an image up to 10 MB), go back to the file's own cover when the
 * file carries one, or else remove the cover they set.
 */
export function TrackCoverEditor({ track, pass, canManage }: TrackCoverEditorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { text } = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const fail = (message: string) => notify({ variant: 'error', title: message, closable: true });
  const change = async (file: File) => {
    if (file.size > LIMITS.trackCover.maxBytes) {
      return fail(t('tracks.errors.imageTooLarge', { maxMb: MAX_MB }));
    }
    setBusy(true);
    const sent = await uploadCover(track, file);
    try {
      if (!('uploadId' in sent)) return fail(text(sent));
      await setTrackCover(track._id, sent.uploadId);
      notify({ variant: 'success', title: t('tracks.cover.changed') });
    } catch (error) {
      fail(errorText(error, TRACK_ERRORS.imageUploadFailed));
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    setBusy(true);
    try {
      await setTrackCover(track._id, null);
      notify({
        variant: 'success',
        title: t(track.hasFileCover ? 'tracks.cover.reset' : 'tracks.cover.removed'),
      });
    } catch (error) {
      fail(errorText(error, TRACK_ERRORS.coverNotFound));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="track-cover">
      {track.coverVersion === null ? (
        <span className="track-cover__image track-cover__image--none" aria-hidden>
          <Music size={48} strokeWidth={1.6} />
        </span>
      ) : (
        <img
          className="track-cover__image"
          src={mediaUrl(track._id, 'cover', pass, track.coverVersion)}
          alt={t('tracks.cover.alt', { title: track.title })}
        />
      )}
      {canManage && (
        <div className="track-cover__actions">
          <Button size="sm" icon={ImageUp} busy={busy} onClick={() => input.current?.click()}>
            {t('tracks.cover.change')}
          </Button>
          {canReset(track) && (
            <Button
              size="sm"
              variant="ghost"
              icon={RotateCcw}
              busy={busy}
              onClick={() => void reset()}
            >
              {t(track.hasFileCover ? 'tracks.cover.resetButton' : 'tracks.cover.removeButton')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('tracks.cover.change')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void change(file);
            }}
          />
        </div>
      )}
    </div>
  );
}
