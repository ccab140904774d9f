import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { callMutation } from '../../lib/api/functions';

type Step =
  | { kind: 'idle' }
  | { kind: 'counting' }
  | { kind: 'confirm'; total: number }
  | {
      kind: 'fixing';
      total: number;
    };

/**
 * Maintenance (spec §9): tracks of zero duration, in the rooms where the person edits tracks,
 * get their duration read again from their files. It counts them first and asks.
 */
export function MaintenanceSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const count = async () => {
    setStep({ kind: 'counting' });
    try {
      const { total } = await callMutation('tracks.fixDurations', { confirm: false });
      if (total === 0) {
        setStep({ kind: 'idle' });
        return notify({ variant: 'info', title: t('settings.maintenance.nothing') });
      }
      setStep({ kind: 'confirm', total });
    } catch (error) {
      setStep({ kind: 'idle' });
      notify({ variant: 'error', title: errorText(error, 'settings.maintenance.failed') });
    }
  };

  const fix = async (total: number) => {
    setStep({ kind: 'fixing', total });
    try {
      const result = await callMutation('tracks.fixDurations', { confirm: true });
      notify(
        result.fixed === result.total
          ? { variant: 'success', title: t('settings.maintenance.done', result) }
          : {
              variant: 'error',
              title: t('tracks.errors.durationRefreshFailed', result),
              closable: true,
            },
      );
      if (result.fixed !== result.total) console.error('Track durations not fixed', result);
    } catch (error) {
      console.error(error);
      notify({
        variant: 'error',
        title: t('tracks.errors.durationRefreshFailed', { fixed: 0, total }),
        closable: true,
      });
    } finally {
      setStep({ kind: 'idle' });
    }
  };

  const busy = step.kind === 'counting' || step.kind === 'fixing';
  return (
    <div className="settings-row">
      <p className="settings-row__text">{t('settings.maintenance.text')}</p>
      <Button variant="secondary" icon={Wrench} busy={busy} onClick={() => !busy && void count()}>
        {step.kind === 'fixing'
          ? t('settings.maintenance.fixing')
          : t('settings.maintenance.button')}
      </Button>
      <ConfirmDialog
        open={step.kind === 'confirm'}
        title={t('settings.maintenance.confirmTitle')}
        message={t('settings.maintenance.confirmText', {
          count: step.kind === 'confirm' ? step.total : 0,
        })}
        confirmLabel={t('settings.maintenance.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => step.kind === 'confirm' && void fix(step.total)}
        onCancel={() => setStep({ kind: 'idle' })}
      />
    </div>
  );
}
