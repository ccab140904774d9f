import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Panel } from '../../../ui/Panel';
import { useTimedCall } from '../useTimedCall';
import { storageInfo } from './storage-api';

/** Which store the server uses and where (never its secret). */
export function StorageInfoPanel() {
  const { t } = useTranslation();
  const info = useTimedCall(storageInfo);
  const { start } = info;
  useEffect(() => void start(), [start]);
  const value = info.result?.value;
  const rows: [string, string | null][] = value
    ? [
        [t('dev.storage.kind'), t(`dev.storage.kinds.${value.kind}`)],
        [t('dev.storage.bucket'), value.bucket],
        [t('dev.storage.endpoint'), value.endpoint],
        [t('dev.storage.region'), value.region],
        [t('dev.storage.publicUrl'), value.publicUrl],
        [t('dev.storage.presignedOrigin'), value.presignedOrigin],
      ]
    : [];
  return (
    <Panel title={t('dev.storage.infoTitle')}>
      {info.error && <Alert tone="error">{info.error}</Alert>}
      <dl className="dev-facts">
        {rows
          .filter(([, fact]) => fact !== null)
          .map(([name, fact]) => (
            <div key={name} className="dev-facts__row">
              <dt>{name}</dt>
              <dd className="dev-code">{fact}</dd>
            </div>
          ))}
      </dl>
    </Panel>
  );
}
