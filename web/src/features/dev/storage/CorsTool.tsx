import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { useTimedCall } from '../useTimedCall';
import { StorageInfoPanel } from './StorageInfoPanel';
import { corsProbe } from './storage-api';
import { fetchAsPlayer, type CorsOutcome } from './cors-fetch';

/**
 * /dev/s3-cors-test: fetches a presigned address of a real stored object from this page, with
 * a Range as the player does, and says what stopped it: the page's own Content-Security-Policy
 * or the bucket's CORS rules (with the rule to paste). Local storage has nothing to test.
 */
export function CorsTool() {
  const { t } = useTranslation();
  const probe = useTimedCall(corsProbe);
  const [outcome, setOutcome] = useState<CorsOutcome | null>(null);
  const [fetching, setFetching] = useState(false);

  const run = async () => {
    setOutcome(null);
    const target = await probe.start();
    if (!target?.url) return;
    setFetching(true);
    setOutcome(await fetchAsPlayer(target.url).finally(() => setFetching(false)));
  };

  const target = probe.result?.value;
  return (
    <>
      <StorageInfoPanel />
      <Panel title={t('dev.cors.title')}>
        <p className="dev-muted">{t('dev.cors.explain')}</p>
        <Button variant="primary" busy={probe.busy || fetching} onClick={() => void run()}>
          {t('dev.cors.run')}
        </Button>
        {probe.error && <Alert tone="error">{probe.error}</Alert>}
        {target && !target.url && <Alert tone="info">{t('dev.cors.local')}</Alert>}
        {target?.url && (
          <p className="dev-muted">
            {t(target.fromTrack ? 'dev.cors.objectTrack' : 'dev.cors.objectProbe', {
              key: target.key,
            })}
          </p>
        )}
        {outcome && <CorsOutcomeView outcome={outcome} />}
      </Panel>
    </>
  );
}

function CorsOutcomeView({ outcome }: { outcome: CorsOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'passed') {
    return (
      <Alert tone="success">
        {t('dev.cors.passed', {
          status: outcome.status,
          bytes: outcome.bytes,
          ms: outcome.ms,
          range: outcome.contentRange,
        })}
      </Alert>
    );
  }
  if (outcome.kind === 'rangeHidden') {
    return (
      <>
        <Alert tone="error">{t('dev.cors.rangeHidden', { status: outcome.status })}</Alert>
        <CorsRule />
      </>
    );
  }
  if (outcome.kind === 'csp') {
    return (
      <Alert tone="error">
        {t('dev.cors.csp', { origin: outcome.origin, directive: outcome.directive })}
      </Alert>
    );
  }
  return (
    <>
      <Alert tone="error">{t('dev.cors.refused', { origin: window.location.origin })}</Alert>
      <CorsRule />
    </>
  );
}

/** The bucket CORS rule README "Tracks" gives, for this site's origin. */
function CorsRule() {
  const { t } = useTranslation();
  const rule = {
    CORSRules: [
      {
        AllowedOrigins: [window.location.origin],
        AllowedMethods: ['GET'],
        AllowedHeaders: ['Range'],
        ExposeHeaders: ['Content-Range', 'Content-Length'],
        MaxAgeSeconds: 3600,
      },
    ],
  };
  return (
    <div>
      <p className="dev-muted">{t('dev.cors.ruleHint')}</p>
      <pre className="dev-pre" aria-label={t('dev.cors.rule')}>
        {JSON.stringify(rule, null, 2)}
      </pre>
    </div>
  );
}
