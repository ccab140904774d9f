import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Disc3, Pencil } from 'lucide-react';
import type { TrackId, UserId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useErrorText } from '../../app/forms/useErrorText';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { BatchEditDialog } from './BatchEditDialog';
import { ExternalIds } from './ExternalIds';
import { TrackCoverEditor } from './TrackCoverEditor';
import { TrackFacts } from './TrackFacts';
import { TrackStatusNote } from './TrackStatusNote';
import { Waveform } from './Waveform';

type TrackInfoPanelProps = {
  trackId: TrackId | null;
  pass: RoomAccessArgs;
  canManage: boolean;
  /** The signed-in person who may add tracks: they may fix the tags of their own uploads. */
  uploaderId: UserId | null;
  /** The track was removed meanwhile. */
  onGone: () => void;
};

/**
 * The track info panel (spec §2): cover (changed or reset by editors), tags, the file's facts,
 * status and waveform; a super administrator also sees the external ids.
 */
export function TrackInfoPanel({
  trackId,
  pass,
  canManage,
  uploaderId,
  onGone,
}: TrackInfoPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);
  const state = useLiveQueryState('tracks.get', trackId ? { id: trackId, ...pass } : 'skip');
  const gone = state.status === 'error' && state.error.code === 'not_found';
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);

  if (!trackId || gone) {
    return (
      <div className="track-info-empty">
        <span className="track-info-empty__cover" aria-hidden>
          <Disc3 size={40} strokeWidth={1.6} />
        </span>
        <p className="track-info-empty__title">{t('tracks.info.emptyTitle')}</p>
        <p className="track-info-empty__text">{t('tracks.info.emptyText')}</p>
      </div>
    );
  }
  if (state.status === 'error') {
    return <Alert tone="error">{errorText(state.error, 'tracks.errors.notFound')}</Alert>;
  }
  if (state.status === 'loading') {
    return <p className="tracks__loading">{t('tracks.list.loading')}</p>;
  }
  const track = state.value;
  const ownFix = !canManage && uploaderId !== null && track.uploadedBy?._id === uploaderId;
  return (
    <article className="track-info" aria-label={t('tracks.info.label', { title: track.title })}>
      <TrackCoverEditor track={track} pass={pass} canManage={canManage} />
      <div className="track-info__head">
        <h3 className="track-info__title">{track.title}</h3>
        <p className="track-info__artist">{track.artist ?? t('tracks.list.unknownArtist')}</p>
        <TrackStatusNote track={track} />
      </div>
      {(canManage || ownFix) && (
        <Button size="sm" icon={Pencil} onClick={() => setEditing(true)}>
          {t('tracks.info.edit')}
        </Button>
      )}
      {track.waveform.length > 0 && <Waveform peaks={track.waveform} />}
      <TrackFacts track={track} />
      {track.external && <ExternalIds external={track.external} />}
      {editing && (
        <BatchEditDialog
          tracks={[track]}
          uploaderTagsOnly={ownFix}
          onClose={() => setEditing(false)}
        />
      )}
    </article>
  );
}
