import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArtistComparison } from '@music-rooms/domain/dev-services';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { TextField } from '../../../ui/TextField';
import { useTimedCall } from '../useTimedCall';
import { ComparedArtistTable, StoredIdTable } from './ArtistTables';
import { OutcomeView } from './RawExchanges';
import { ServiceTokenField, useDevServiceToken } from './ServiceTokenField';
import { compareArtists } from './service-api';
import './services.css';

/**
 * /dev/artist-search-comparison: one name searched on Spotify and on the streaming service
 * side by side, with the artist ids the rooms' tracks keep, each found artist marked with the
 * tracks that keep its id.
 */
export function ArtistComparisonTool() {
  const { t } = useTranslation();
  const tokenState = useDevServiceToken();
  const [name, setName] = useState('');
  const compare = useTimedCall(compareArtists);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void compare.start(name, tokenState.token || null);
  };
  return (
    <>
      <Panel>
        <form className="dev-form" onSubmit={submit}>
          <TextField label={t('dev.artists.name')} value={name} onChange={setName} />
          <ServiceTokenField state={tokenState} />
          <Button type="submit" variant="primary" disabled={compare.busy || !name.trim()}>
            {compare.busy ? t('dev.spotify.searching') : t('dev.artists.compare')}
          </Button>
        </form>
        {compare.error && <Alert tone="error">{compare.error}</Alert>}
      </Panel>
      {compare.result && <Comparison comparison={compare.result.value} />}
    </>
  );
}

function Comparison({ comparison }: { comparison: ArtistComparison }) {
  const { t } = useTranslation();
  const countOf = (service: string) => (id: string) =>
    comparison.stored.find((entry) => entry.service === service && entry.id === id)?.trackCount ??
    0;
  return (
    <>
      <div className="dev-columns">
        <Panel title={t('dev.artists.spotify')}>
          <OutcomeView outcome={comparison.spotify}>
            {(artists) => (
              <ComparedArtistTable
                label={t('dev.artists.spotify')}
                artists={artists}
                keptOn={countOf('spotify')}
              />
            )}
          </OutcomeView>
        </Panel>
        <Panel title={t('dev.artists.yandexMusic')}>
          {comparison.yandexMusic ? (
            <OutcomeView outcome={comparison.yandexMusic}>
              {(artists) => (
                <ComparedArtistTable
                  label={t('dev.artists.yandexMusic')}
                  artists={artists}
                  keptOn={countOf('yandexMusic')}
                />
              )}
            </OutcomeView>
          ) : (
            <p className="dev-muted">{t('dev.artists.noToken')}</p>
          )}
        </Panel>
      </div>
      <Panel title={t('dev.artists.storedTitle', { name: comparison.name })}>
        <StoredIdTable stored={comparison.stored} />
      </Panel>
    </>
  );
}
