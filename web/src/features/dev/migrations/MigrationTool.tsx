import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevMigrationStatus } from '@music-rooms/domain/dev-migrations';
import { callAction } from '../../../lib/api/functions';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Panel } from '../../../ui/Panel';
import { useTrackFormat } from '../../tracks/useTrackFormat';
import { DevTable } from '../DevTable';
import { useTimedCall } from '../useTimedCall';

const readStatus = () => callAction('devMigrations.status', {});
const runPending = () => callAction('devMigrations.run', { confirm: true });

/**
 * /dev/debug-migration: every migration the code has and whether this database applied it,
 * the live schema checked against the code's, and pending migrations run after a confirmation.
 */
export function MigrationTool() {
  const { t } = useTranslation();
  const status = useTimedCall(readStatus);
  const run = useTimedCall(runPending);
  const [confirming, setConfirming] = useState(false);
  const { start } = status;
  useEffect(() => {
    const timer = setTimeout(() => void start());
    return () => clearTimeout(timer);
  }, [start]);

  const shown: DevMigrationStatus | undefined = (run.result ?? status.result)?.value;
  const pending = shown?.migrations.filter((migration) => !migration.applied) ?? [];
  const apply = async () => {
    setConfirming(false);
    await run.start();
  };

  return (
    <>
      <Panel
        title={t('dev.migrations.title')}
        aside={
          shown && <span className="dev-muted">{t(`dev.migrations.engines.${shown.engine}`)}</span>
        }
      >
        {(status.error ?? run.error) && <Alert tone="error">{status.error ?? run.error}</Alert>}
        {run.result && (
          <Alert tone="success">{t('dev.migrations.ran', { ms: run.result.ms })}</Alert>
        )}
        {shown && pending.length === 0 && (
          <p className="dev-muted">{t('dev.migrations.upToDate')}</p>
        )}
        {pending.length > 0 && (
          <div className="button-row">
            <Alert tone="info">{t('dev.migrations.pending', { count: pending.length })}</Alert>
            <Button variant="primary" busy={run.busy} onClick={() => setConfirming(true)}>
              {t('dev.migrations.run')}
            </Button>
          </div>
        )}
        {shown && <MigrationTable status={shown} />}
      </Panel>
      {shown && <DriftPanel status={shown} />}
      <ConfirmDialog
        open={confirming}
        title={t('dev.migrations.confirmTitle')}
        message={t('dev.migrations.confirmText', { count: pending.length })}
        confirmLabel={t('dev.migrations.run')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void apply()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function MigrationTable({ status }: { status: DevMigrationStatus }) {
  const { t } = useTranslation();
  const format = useTrackFormat();
  return (
    <DevTable
      headings={[t('dev.migrations.name'), t('dev.migrations.written'), t('dev.migrations.state')]}
      rows={status.migrations}
      label={t('dev.migrations.title')}
    >
      {status.migrations.map((migration) => (
        <tr key={migration.tag}>
          <td className="dev-code">{migration.tag}</td>
          <td className="dev-num">{format.date(migration.createdAt)}</td>
          <td>
            <span className={migration.applied ? 'dev-badge' : 'dev-badge dev-badge--fail'}>
              {t(migration.applied ? 'dev.migrations.applied' : 'dev.migrations.notApplied')}
            </span>
          </td>
        </tr>
      ))}
    </DevTable>
  );
}

/** The live tables against the schema the code expects. */
function DriftPanel({ status }: { status: DevMigrationStatus }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dev.migrations.driftTitle')}>
      {status.drift.length === 0 ? (
        <Alert tone="success">{t('dev.migrations.noDrift')}</Alert>
      ) : (
        <DevTable
          headings={[
            t('dev.migrations.table'),
            t('dev.migrations.column'),
            t('dev.migrations.problem'),
          ]}
          rows={status.drift}
          label={t('dev.migrations.driftTitle')}
        >
          {status.drift.map((drift) => (
            <tr key={`${drift.table}.${drift.column ?? ''}`}>
              <td className="dev-code">{drift.table}</td>
              <td className="dev-code">{drift.column ?? '—'}</td>
              <td>
                {t(`dev.migrations.problems.${drift.problem}`, {
                  actual: drift.actual,
                  expected: drift.expected,
                })}
              </td>
            </tr>
          ))}
        </DevTable>
      )}
    </Panel>
  );
}
