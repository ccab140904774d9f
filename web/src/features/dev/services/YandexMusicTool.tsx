import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevDownloadScheme, DevServiceAccount } from '@music-rooms/domain/dev-services';
import type { ResolvedLink, ServiceSearchResult } from '@music-rooms/domain/yandex-music';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { TextField } from '../../../ui/TextField';
import { useTimedCall } from '../useTimedCall';
import { DownloadInfoPanel } from './DownloadInfoPanel';
import { OutcomeView } from './RawExchanges';
import { ServiceTokenField, useDevServiceToken } from './ServiceTokenField';
import { ServiceTrackTable } from './ServiceTrackTable';
import { checkAccount, resolveServiceLink, searchServiceTracks } from './service-api';
import './services.css';

/** /dev/yandex-music-test: the older download scheme first. */
export const YandexMusicToolV1 = () => <YandexMusicTool scheme="v1" />;
/** /dev/yandex-music-test-v2: the newer download scheme first. */
export const YandexMusicToolV2 = () => <YandexMusicTool scheme="v2" />;

/**
 * The streaming service as the import talks to it, with a token typed here: the account, a
 * link, a search and a track's download info, each with the raw answers (the token masked).
 */
function YandexMusicTool({ scheme }: { scheme: DevDownloadScheme }) {
  const tokenState = useDevServiceToken();
  const token = tokenState.token;
  const [trackId, setTrackId] = useState('');
  return (
    <>
      <AccountPanel tokenState={tokenState} />
      <LinkPanel token={token} onPick={setTrackId} />
      <SearchPanel token={token} onPick={setTrackId} />
      <DownloadInfoPanel token={token} scheme={scheme} trackId={trackId} onTrackId={setTrackId} />
    </>
  );
}

function AccountPanel({ tokenState }: { tokenState: ReturnType<typeof useDevServiceToken> }) {
  const { t } = useTranslation();
  const account = useTimedCall(checkAccount);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await account.start(tokenState.token);
    if (outcome?.ok) tokenState.keep();
  };
  return (
    <Panel title={t('dev.services.accountTitle')}>
      <form className="dev-form" onSubmit={(event) => void submit(event)}>
        <ServiceTokenField state={tokenState} />
        <Button type="submit" variant="primary" disabled={account.busy || !tokenState.token}>
          {t('dev.services.checkAccount')}
        </Button>
      </form>
      {account.error && <Alert tone="error">{account.error}</Alert>}
      {account.result && (
        <OutcomeView outcome={account.result.value}>
          {(value) => <AccountFacts account={value} />}
        </OutcomeView>
      )}
    </Panel>
  );
}

function AccountFacts({ account }: { account: DevServiceAccount }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('dev.services.uid'), account.uid],
    [t('dev.services.login'), account.login ?? '—'],
    [t('dev.services.name'), account.name ?? '—'],
    [t('dev.services.plus'), account.hasPlus ? t('dev.services.yes') : t('dev.services.no')],
  ];
  return (
    <dl className="dev-facts">
      {rows.map(([name, value]) => (
        <div key={name} className="dev-facts__row">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type PanelProps = { token: string; onPick: (trackId: string) => void };

function LinkPanel({ token, onPick }: PanelProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const resolve = useTimedCall(resolveServiceLink);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void resolve.start(token, url);
  };
  return (
    <Panel title={t('dev.services.linkTitle')}>
      <form className="dev-form" onSubmit={submit}>
        <TextField label={t('dev.services.link')} value={url} onChange={setUrl} />
        <Button type="submit" variant="primary" disabled={resolve.busy || !token || !url.trim()}>
          {t('dev.services.resolve')}
        </Button>
      </form>
      {resolve.error && <Alert tone="error">{resolve.error}</Alert>}
      {resolve.result && (
        <OutcomeView outcome={resolve.result.value}>
          {(value) => <Resolved link={value} onPick={onPick} />}
        </OutcomeView>
      )}
    </Panel>
  );
}

function Resolved({ link, onPick }: { link: ResolvedLink; onPick: (trackId: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="dev-name">
        {link.cover && <img className="dev-thumb" src={link.cover} alt="" />}
        <span>
          <strong>{link.title}</strong>
          <span className="dev-muted">
            {t(`dev.services.kinds.${link.kind}`)} ·{' '}
            {t('dev.services.trackCount', { count: link.trackCount })}
          </span>
        </span>
      </div>
      <ServiceTrackTable
        tracks={link.tracks}
        label={t('dev.services.linkTracks')}
        onPick={onPick}
      />
    </>
  );
}

function SearchPanel({ token, onPick }: PanelProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const search = useTimedCall(searchServiceTracks);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search.start(token, query);
  };
  return (
    <Panel title={t('dev.services.searchTitle')}>
      <form className="dev-form" onSubmit={submit}>
        <TextField label={t('dev.services.query')} value={query} onChange={setQuery} />
        <Button type="submit" variant="primary" disabled={search.busy || !token || !query.trim()}>
          {t('dev.spotify.search')}
        </Button>
      </form>
      {search.error && <Alert tone="error">{search.error}</Alert>}
      {search.result && (
        <OutcomeView outcome={search.result.value}>
          {(value: ServiceSearchResult) => (
            <>
              <p className="dev-muted">{t('dev.services.found', { count: value.total })}</p>
              <ServiceTrackTable
                tracks={value.tracks}
                label={t('dev.services.searchTracks')}
                onPick={onPick}
              />
            </>
          )}
        </OutcomeView>
      )}
    </Panel>
  );
}
