import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DevDownloadLink,
  DevDownloadScheme,
  DevServiceOutcome,
} from '@music-rooms/domain/dev-services';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { TextField } from '../../../ui/TextField';
import { useTimedCall } from '../useTimedCall';
import { OutcomeView } from './RawExchanges';
import { downloadInfo } from './service-api';

type Props = {
  token: string;
  /** The page's own scheme, shown first; the other stands beside it. */
  scheme: DevDownloadScheme;
  trackId: string;
  onTrackId: (id: string) => void;
};

/** Asks both schemes in turn: the page's own first, then the other one. */
const bothSchemes = async (token: string, trackId: string, first: DevDownloadScheme) => {
  const order: DevDownloadScheme[] = first === 'v1' ? ['v1', 'v2'] : ['v2', 'v1'];
  return Promise.all(order.map((scheme) => downloadInfo(token, trackId, scheme)));
};

/** A track's download info and signed link by both schemes, side by side. */
export function DownloadInfoPanel({ token, scheme, trackId, onTrackId }: Props) {
  const { t } = useTranslation();
  const info = useTimedCall(bothSchemes);
  const [asked, setAsked] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(trackId.trim());
    void info.start(token, trackId.trim(), scheme);
  };
  return (
    <Panel title={t('dev.services.downloadTitle')}>
      <form className="dev-form" onSubmit={submit}>
        <TextField label={t('dev.services.trackId')} value={trackId} onChange={onTrackId} />
        <Button type="submit" variant="primary" disabled={info.busy || !token || !trackId.trim()}>
          {t('dev.services.downloadInfo')}
        </Button>
      </form>
      {info.error && <Alert tone="error">{info.error}</Alert>}
      {info.result && (
        <div className="dev-columns" aria-label={t('dev.services.schemesOf', { id: asked })}>
          {info.result.value.map((outcome, index) => (
            <SchemeColumn
              key={index}
              outcome={outcome}
              scheme={index === 0 ? scheme : other(scheme)}
            />
          ))}
        </div>
      )}
    </Panel>
  );
}

const other = (scheme: DevDownloadScheme): DevDownloadScheme => (scheme === 'v1' ? 'v2' : 'v1');

function SchemeColumn({
  outcome,
  scheme,
}: {
  outcome: DevServiceOutcome<DevDownloadLink>;
  scheme: DevDownloadScheme;
}) {
  const { t } = useTranslation();
  return (
    <section className="dev-column" aria-label={t(`dev.services.schemes.${scheme}.title`)}>
      <h3 className="dev-column__title">{t(`dev.services.schemes.${scheme}.title`)}</h3>
      <p className="dev-muted">{t(`dev.services.schemes.${scheme}.text`)}</p>
      <OutcomeView outcome={outcome}>{(link) => <LinkFacts link={link} />}</OutcomeView>
    </section>
  );
}

function LinkFacts({ link }: { link: DevDownloadLink }) {
  const { t } = useTranslation();
  const probe = link.probe;
  const rows: [string, string][] = [
    [t('dev.services.codec'), link.codec ?? '—'],
    [t('dev.services.bitrate'), link.bitrateInKbps ? `${link.bitrateInKbps} kbps` : '—'],
    [t('dev.services.signedLink'), link.link],
    [
      t('dev.services.linkAnswer'),
      probe.status === null
        ? t('dev.services.noAnswer')
        : [probe.status, probe.contentType, probe.size === null ? null : `${probe.size} B`]
            .filter(Boolean)
            .join(' · '),
    ],
  ];
  return (
    <dl className="dev-facts">
      {rows.map(([name, value]) => (
        <div key={name} className="dev-facts__row">
          <dt>{name}</dt>
          <dd className="dev-code dev-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
