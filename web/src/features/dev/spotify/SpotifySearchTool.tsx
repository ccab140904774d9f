import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SPOTIFY_LIMITS,
  type SpotifySearchKind,
  type SpotifySearchPage,
} from '@music-rooms/domain/spotify';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { TextField } from '../../../ui/TextField';
import { useTimedCall } from '../useTimedCall';
import { searchSpotify } from './spotify-api';
import { SpotifyArtistTable, SpotifyTrackTable } from './SpotifyTables';

/** /dev/spotify-search-test: Spotify's search as the server asks it, ten results a page. */
export function SpotifySearchTool() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<SpotifySearchKind>('track');
  const search = useTimedCall(searchSpotify);
  const page = search.result?.value;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search.start(query, kind, 0);
  };

  return (
    <>
      <Panel>
        <form className="dev-form" onSubmit={submit}>
          <TextField label={t('dev.spotify.query')} value={query} onChange={setQuery} />
          <SegmentedControl
            legend={t('dev.spotify.kind')}
            value={kind}
            onChange={setKind}
            options={[
              { value: 'track', label: t('dev.spotify.kindTrack') },
              { value: 'artist', label: t('dev.spotify.kindArtist') },
            ]}
          />
          <Button type="submit" variant="primary" disabled={search.busy || !query.trim()}>
            {search.busy ? t('dev.spotify.searching') : t('dev.spotify.search')}
          </Button>
        </form>
        {search.error && <Alert tone="error">{search.error}</Alert>}
      </Panel>
      {page && search.result && (
        <Panel
          title={t('dev.spotify.took', { count: page.total, ms: search.result.ms })}
          aside={
            <Pager
              page={page}
              busy={search.busy}
              onMove={(offset) => void search.start(page.query, page.kind, offset)}
            />
          }
        >
          {page.kind === 'track' ? (
            <SpotifyTrackTable tracks={page.tracks} />
          ) : (
            <SpotifyArtistTable artists={page.artists} />
          )}
        </Panel>
      )}
    </>
  );
}

function Pager({
  page,
  busy,
  onMove,
}: {
  page: SpotifySearchPage;
  busy: boolean;
  onMove: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const size = SPOTIFY_LIMITS.pageSize;
  const shown = page.kind === 'track' ? page.tracks.length : page.artists.length;
  if (page.total === 0) return null;
  return (
    <div className="button-row">
      <span className="dev-muted">
        {t('dev.spotify.pageOf', {
          from: page.offset + 1,
          to: page.offset + shown,
          total: page.total,
        })}
      </span>
      <Button
        size="sm"
        disabled={busy || page.offset === 0}
        onClick={() => onMove(Math.max(0, page.offset - size))}
      >
        {t('dev.spotify.previous')}
      </Button>
      <Button
        size="sm"
        disabled={busy || page.offset + size >= page.total}
        onClick={() => onMove(page.offset + size)}
      >
        {t('dev.spotify.next')}
      </Button>
    </div>
  );
}
