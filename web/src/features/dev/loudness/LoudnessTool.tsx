import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackId } from '@music-rooms/domain/ids';
import type { DevLoudnessTrack } from '@music-rooms/domain/dev-tracks';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { SearchField } from '../../../ui/SearchField';
import { DevTable } from '../DevTable';
import { JobProgress, jobsRunning, usePolling } from '../JobProgress';
import { callAction } from '../../../lib/api/functions';
import { useTimedCall } from '../useTimedCall';
import { CLIP_RISK_DBTP, formatDb, playerGainDb } from './gain';
import { LoudnessPreview } from './LoudnessPreview';

/**
 * /dev/audio-normalize: each track's measured loudness and true peak with the gain the player
 * gives it; measuring again (one track or all) runs as background jobs whose progress shows
 * here; a track previews with and without that gain.
 */
export function LoudnessTool() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [previewed, setPreviewed] = useState<DevLoudnessTrack | null>(null);
  const list = useTimedCall(readLoudness);
  const measure = useTimedCall(measureAgain);
  const { start: load } = list;
  const reload = useCallback(() => void load(filter), [load, filter]);

  useEffect(() => {
    const timer = setTimeout(reload, 250);
    return () => clearTimeout(timer);
  }, [reload]);

  const shown = list.result?.value;
  const progress = shown?.progress ?? null;
  const running = jobsRunning(progress) || Boolean(shown?.tracks.some((track) => track.measuring));
  usePolling(reload, running);

  const start = async (trackId: TrackId | null) => {
    if (await measure.start(trackId)) reload();
  };

  return (
    <>
      <Panel
        title={t('dev.loudness.tracksTitle')}
        aside={
          <Button variant="primary" disabled={measure.busy} onClick={() => void start(null)}>
            {t('dev.loudness.measureAll')}
          </Button>
        }
      >
        <p className="dev-muted">{t('dev.loudness.explain')}</p>
        {progress && <JobProgress progress={progress} label={t('dev.loudness.progress')} />}
        {(list.error ?? measure.error) && <Alert tone="error">{list.error ?? measure.error}</Alert>}
        <SearchField
          label={t('dev.spotify.tracksSearch')}
          placeholder={t('dev.spotify.tracksSearch')}
          clearLabel={t('tracks.search.clear')}
          value={filter}
          onChange={setFilter}
        />
        <LoudnessTable
          tracks={shown?.tracks ?? []}
          busy={measure.busy}
          onMeasure={(id) => void start(id)}
          onPreview={setPreviewed}
        />
      </Panel>
      {previewed && <LoudnessPreview key={previewed.id} track={previewed} />}
    </>
  );
}

type LoudnessTableProps = {
  tracks: DevLoudnessTrack[];
  busy: boolean;
  onMeasure: (id: TrackId) => void;
  onPreview: (track: DevLoudnessTrack) => void;
};

function LoudnessTable({ tracks, busy, onMeasure, onPreview }: LoudnessTableProps) {
  const { t } = useTranslation();
  const none = t('dev.spotify.unknown');
  return (
    <DevTable
      label={t('dev.loudness.tracksTitle')}
      headings={[
        t('dev.loudness.track'),
        t('dev.loudness.lufs'),
        t('dev.loudness.truePeak'),
        t('dev.loudness.gain'),
        t('dev.loudness.peakAfter'),
        '',
      ]}
      rows={tracks}
      empty={t('dev.spotify.noTracks')}
    >
      {tracks.map((track) => {
        const gainDb = playerGainDb(track.loudnessLufs);
        const after = track.truePeakDb === null ? null : track.truePeakDb + gainDb;
        return (
          <tr key={track.id}>
            <td>
              <strong>{track.title}</strong>
              <span className="dev-muted">
                {[track.artist, track.room.name].filter(Boolean).join(' · ')}
              </span>
            </td>
            <td className="dev-num">
              {track.loudnessLufs === null ? none : formatDb(track.loudnessLufs, 'LUFS')}
            </td>
            <td className="dev-num">
              {track.truePeakDb === null ? none : formatDb(track.truePeakDb, 'dBTP')}
            </td>
            <td className="dev-num">{formatDb(gainDb)}</td>
            <td className="dev-num">
              {after === null ? none : formatDb(after, 'dBTP')}
              {after !== null && after > CLIP_RISK_DBTP && (
                <span className="dev-badge dev-badge--fail">{t('dev.loudness.mayClip')}</span>
              )}
            </td>
            <td>
              <div className="button-row">
                {track.measuring ? (
                  <span className="dev-badge">{t('dev.loudness.measuring')}</span>
                ) : (
                  <Button size="sm" disabled={busy} onClick={() => onMeasure(track.id)}>
                    {t('dev.loudness.measure')}
                  </Button>
                )}
                <Button size="sm" onClick={() => onPreview(track)}>
                  {t('dev.loudness.previewButton')}
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </DevTable>
  );
}

/** The tracks whose title or artist holds `search`, with their loudness. */
const readLoudness = (search: string) => callAction('devTracks.loudness', { search });

/** Measures one track again, or every track with no `trackId`, as background jobs. */
const measureAgain = (trackId: TrackId | null) =>
  callAction('devTracks.measureLoudness', trackId ? { trackId } : {});
