import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevServiceExchange, DevServiceOutcome } from '@music-rooms/domain/dev-services';
import { messageKey } from '../../../app/forms/message-ref';
import { useMessage } from '../../../app/forms/useMessage';
import { Alert } from '../../../ui/Alert';

/** JSON indented to read; any other text as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function ExchangeView({ exchange }: { exchange: DevServiceExchange }) {
  const { t } = useTranslation();
  const status = exchange.status ?? t('dev.services.noAnswer');
  return (
    <details className="dev-exchange">
      <summary>
        <span className="dev-code">
          {exchange.method} {exchange.url}
        </span>{' '}
        <span
          className={
            exchange.status && exchange.status < 400 ? 'dev-badge' : 'dev-badge dev-badge--fail'
          }
        >
          {status}
        </span>{' '}
        <span className="dev-muted">{exchange.ms} ms</span>
      </summary>
      <dl className="dev-facts">
        <div className="dev-facts__row">
          <dt>{t('dev.services.authorization')}</dt>
          <dd className="dev-code">{exchange.authorization ?? t('dev.services.noToken')}</dd>
        </div>
        <div className="dev-facts__row">
          <dt>{t('dev.services.contentType')}</dt>
          <dd className="dev-code">{exchange.contentType ?? '—'}</dd>
        </div>
      </dl>
      {exchange.body ? (
        <pre className="dev-pre">{readable(exchange.body)}</pre>
      ) : (
        <p className="dev-muted">{t('dev.services.noBody')}</p>
      )}
      {exchange.truncated && <p className="dev-muted">{t('dev.services.truncated')}</p>}
    </details>
  );
}

/** Every request a try made, each opening to its raw answer. */
export function RawExchanges({ exchanges }: { exchanges: DevServiceExchange[] }) {
  const { t } = useTranslation();
  if (exchanges.length === 0) return null;
  return (
    <section className="dev-exchanges" aria-label={t('dev.services.exchanges')}>
      <h3 className="dev-exchanges__title">
        {t('dev.services.exchangesCount', { count: exchanges.length })}
      </h3>
      {exchanges.map((exchange, index) => (
        <ExchangeView key={index} exchange={exchange} />
      ))}
    </section>
  );
}

/** A try's outcome: what the app read (or the service's error), its time and its exchanges. */
export function OutcomeView<T>({
  outcome,
  children,
}: {
  outcome: DevServiceOutcome<T>;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { text, isKnownKey } = useMessage();
  const failure = (key: string, values: Record<string, string | number>) =>
    text(isKnownKey(key) ? messageKey(key, values) : messageKey('errors.internal'));
  return (
    <div className="dev-outcome">
      {outcome.ok ? (
        children(outcome.value)
      ) : (
        <Alert tone="error">{failure(outcome.failure.key, outcome.failure.values)}</Alert>
      )}
      <p className="dev-muted">{t('dev.services.took', { ms: outcome.ms })}</p>
      <RawExchanges exchanges={outcome.exchanges} />
    </div>
  );
}
