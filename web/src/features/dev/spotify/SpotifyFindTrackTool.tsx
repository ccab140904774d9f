import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DevTable } from '../DevTable';
import type { SpotifyMatchCandidate, SpotifyTrackToMatch } from '@music-rooms/domain/spotify';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { SearchField } from '../../../ui/SearchField';
import { formatClock } from '../../tracks/format';
import { useTimedCall } from '../useTimedCall';
import { confirmSpotifyMatch, findOnSpotify, tracksToMatch } from './spotify-api';
import { RoomMatchPanel } from './RoomMatchPanel';

/**
 * /dev/spotify-find-track-test: pick a room's track, see what Spotify has that could be it
 * (by ISRC, then artist, title and length) and keep the right one on the track.
 */
export function SpotifyFindTrackTool() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const list = useTimedCall(tracksToMatch);
  const find = useTimedCall(findOnSpotify);
  const confirm = useTimedCall(confirmSpotifyMatch);
  const [picked, setPicked] = useState<SpotifyTrackToMatch | null>(null);
  const { start: loadTracks } = list;
  const reloadTracks = useCallback(() => void loadTracks(filter), [loadTracks, filter]);

  useEffect(() => {
    const timer = setTimeout(() => void loadTracks(filter), 250);
    return () => clearTimeout(timer);
  }, [filter, loadTracks]);

  const pick = (track: SpotifyTrackToMatch) => {
    setPicked(track);
    confirm.clear();
    void find.start(track.id);
  };
  const keep = async (candidate: SpotifyMatchCandidate) => {
    if (!picked) return;
    if (await confirm.start(picked.id, candidate.track.id)) void loadTracks(filter);
  };

  return (
    <>
      <Panel title={t('dev.spotify.tracksTitle')}>
        <SearchField
          label={t('dev.spotify.tracksSearch')}
          placeholder={t('dev.spotify.tracksSearch')}
          clearLabel={t('tracks.search.clear')}
          value={filter}
          onChange={setFilter}
        />
        {list.error && <Alert tone="error">{list.error}</Alert>}
        <TrackPicker
          tracks={list.result?.value ?? []}
          picked={picked}
          onPick={pick}
          busy={find.busy}
        />
      </Panel>
      {picked && (
        <Panel title={t('dev.spotify.candidatesTitle', { title: picked.title })}>
          {find.busy && <p className="dev-muted">{t('dev.spotify.finding')}</p>}
          {find.error && <Alert tone="error">{find.error}</Alert>}
          {confirm.error && <Alert tone="error">{confirm.error}</Alert>}
          {confirm.result && (
            <Alert tone="success">
              {t('dev.spotify.confirmed', {
                id: confirm.result.value.spotifyId,
                title: picked.title,
              })}
            </Alert>
          )}
          {find.result && !find.busy && (
            <>
              <p className="dev-muted">
                {t('dev.spotify.queries', { queries: find.result.value.queries.join(' · ') })} ·{' '}
                {find.result.ms} ms
              </p>
              <Candidates
                candidates={find.result.value.candidates}
                busy={confirm.busy}
                onKeep={keep}
              />
            </>
          )}
        </Panel>
      )}
      <RoomMatchPanel onMatched={reloadTracks} />
    </>
  );
}

function TrackPicker({
  tracks,
  picked,
  busy,
  onPick,
}: {
  tracks: SpotifyTrackToMatch[];
  picked: SpotifyTrackToMatch | null;
  busy: boolean;
  onPick: (track: SpotifyTrackToMatch) => void;
}) {
  const { t } = useTranslation();
  if (tracks.length === 0) return <p className="dev-muted">{t('dev.spotify.noTracks')}</p>;
  return (
    <ul className="dev-list">
      {tracks.map((track) => (
        <li
          key={track.id}
          className={
            track.id === picked?.id ? 'dev-list__item dev-list__item--active' : 'dev-list__item'
          }
        >
          <span className="dev-name">
            <span>
              <strong>{track.title}</strong>
              <span className="dev-muted">
                {[track.artist, track.roomName, formatClock(track.durationMs)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
          </span>
          {track.spotifyId && <span className="dev-badge">{t('dev.spotify.matched')}</span>}
          <Button size="sm" disabled={busy} onClick={() => onPick(track)}>
            {t('dev.spotify.find')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Candidates({
  candidates,
  busy,
  onKeep,
}: {
  candidates: SpotifyMatchCandidate[];
  busy: boolean;
  onKeep: (candidate: SpotifyMatchCandidate) => void;
}) {
  const { t } = useTranslation();
  return (
    <DevTable
      headings={[
        t('dev.spotify.title'),
        t('dev.spotify.confidence'),
        t('dev.spotify.reason'),
        t('dev.spotify.delta'),
        '',
      ]}
      rows={candidates}
      empty={t('dev.spotify.noCandidates')}
    >
      {candidates.map((candidate) => (
        <tr key={candidate.track.id}>
          <td>
            <strong>{candidate.track.name}</strong>
            <span className="dev-muted">
              {candidate.track.artists.map((a) => a.name).join(', ')} · {candidate.track.id}
            </span>
          </td>
          <td className="dev-num">{Math.round(candidate.confidence * 100)}%</td>
          <td>{t(`dev.spotify.reasons.${candidate.reason}`)}</td>
          <td className="dev-num">{(candidate.durationDeltaMs / 1000).toFixed(1)} s</td>
          <td>
            <Button size="sm" variant="primary" disabled={busy} onClick={() => onKeep(candidate)}>
              {t('dev.spotify.confirm')}
            </Button>
          </td>
        </tr>
      ))}
    </DevTable>
  );
}
