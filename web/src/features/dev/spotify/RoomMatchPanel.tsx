import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomId } from '@music-rooms/domain/ids';
import {
  SPOTIFY_LIMITS,
  type SpotifyMatchReason,
  type SpotifyRoomMatchItem,
  type SpotifyUnmatchedReason,
} from '@music-rooms/domain/spotify';
import { useMessage } from '../../../app/forms/useMessage';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { Select } from '../../../ui/Select';
import { DevTable } from '../DevTable';
import { JobProgress, jobsRunning, usePolling } from '../JobProgress';
import { useTimedCall } from '../useTimedCall';
import { matchRoom, readRoomMatches } from './spotify-api';

const NONE = '';

/**
 * "Match all in room": every ready track of the room without a Spotify id is looked up in a
 * background job; a match is kept only as sure as the threshold, the others are listed with why.
 */
export function RoomMatchPanel({ onMatched }: { onMatched: () => void }) {
  const { t } = useTranslation();
  const [roomId, setRoomId] = useState<string>(NONE);
  const status = useTimedCall(readRoomMatches);
  const start = useTimedCall(matchRoom);
  const { start: read } = status;
  const room = roomId === NONE ? null : (roomId as RoomId);
  const reload = useCallback(() => void read(room), [read, room]);

  useEffect(() => {
    const timer = setTimeout(reload);
    return () => clearTimeout(timer);
  }, [reload]);

  const shown = (status.result ?? start.result)?.value;
  const running = jobsRunning(shown?.progress);
  usePolling(reload, running);
  // The track list above shows the new matches once a run ends.
  useEffect(() => {
    if (!running && shown?.progress) onMatched();
  }, [running, shown?.progress, onMatched]);

  const run = async () => {
    if (room && (await start.start(room))) reload();
  };

  return (
    <Panel title={t('dev.spotify.matchAll.title')}>
      <p className="dev-muted">
        {t('dev.spotify.matchAll.threshold', {
          percent: Math.round(SPOTIFY_LIMITS.autoMatchConfidence * 100),
        })}
      </p>
      <div className="button-row">
        <Select
          aria-label={t('dev.spotify.matchAll.room')}
          value={roomId}
          onChange={setRoomId}
          options={[
            { value: NONE, label: t('dev.spotify.matchAll.pickRoom') },
            ...(shown?.rooms ?? []).map((r) => ({
              value: r.id as string,
              label: t('dev.spotify.matchAll.roomOption', {
                name: r.name,
                matched: r.matched,
                tracks: r.tracks,
              }),
            })),
          ]}
        />
        <Button
          variant="primary"
          disabled={!room || running || start.busy}
          onClick={() => void run()}
        >
          {t('dev.spotify.matchAll.start')}
        </Button>
      </div>
      {(status.error ?? start.error) && <Alert tone="error">{status.error ?? start.error}</Alert>}
      {shown?.progress && (
        <JobProgress progress={shown.progress} label={t('dev.spotify.matchAll.progress')} />
      )}
      {shown?.progress && <Outcomes items={shown.items} />}
    </Panel>
  );
}

function Outcomes({ items }: { items: SpotifyRoomMatchItem[] }) {
  const { t } = useTranslation();
  const { text } = useMessage();
  const reason = (item: SpotifyRoomMatchItem) => {
    if (item.matched) return t(`dev.spotify.reasons.${item.reason as SpotifyMatchReason}`);
    const why = t(`dev.spotify.matchAll.reasons.${item.reason as SpotifyUnmatchedReason}`);
    // A failed lookup says what Spotify answered (an error key of the server's).
    return item.error ? `${why}: ${text({ key: item.error })}` : why;
  };
  return (
    <DevTable
      label={t('dev.spotify.matchAll.title')}
      headings={[
        t('dev.spotify.title'),
        t('dev.spotify.matchAll.outcome'),
        t('dev.spotify.reason'),
        t('dev.spotify.confidence'),
        t('dev.spotify.id'),
      ]}
      rows={items}
    >
      {items.map((item) => (
        <tr key={item.trackId}>
          <td>
            <strong>{item.title}</strong>
            <span className="dev-muted">{item.artist ?? t('dev.spotify.unknown')}</span>
          </td>
          <td>
            <span className={item.matched ? 'dev-badge' : 'dev-badge dev-badge--fail'}>
              {item.matched ? t('dev.spotify.matched') : t('dev.spotify.matchAll.unmatched')}
            </span>
          </td>
          <td>{reason(item)}</td>
          <td className="dev-num">
            {item.confidence === null
              ? t('dev.spotify.unknown')
              : `${Math.round(item.confidence * 100)}%`}
          </td>
          <td className="dev-code">{item.spotifyId ?? t('dev.spotify.unknown')}</td>
        </tr>
      ))}
    </DevTable>
  );
}
