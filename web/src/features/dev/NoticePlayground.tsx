import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { notify } from '../../app/toasts/toast-store';
import { VARIANTS, behaviourNotices, variantNotice } from './sample-notices';

/** Buttons that show every kind of notice, to check how they look and behave. */
export function NoticePlayground() {
  const { t } = useTranslation();
  return (
    <>
      <Panel title={t('dev.notices.variants')}>
        <div className="button-row">
          {VARIANTS.map((variant) => (
            <Button key={variant} onClick={() => notify(variantNotice(t, variant))}>
              {t(`dev.notices.${variant}`)}
            </Button>
          ))}
        </div>
      </Panel>
      <Panel title={t('dev.notices.behaviour')}>
        <div className="button-row">
          {behaviourNotices(t, notify).map(({ label, notice }) => (
            <Button key={label} onClick={() => notify(notice)}>
              {label}
            </Button>
          ))}
        </div>
      </Panel>
    </>
  );
}
