import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { AUTH_ROUTES } from '@music-rooms/domain/account-routes';
import { buttonClass } from '../../ui/button-class';

/** Download everything the account holds as a JSON file. */
export function DataExportSection() {
  const { t } = useTranslation();
  return (
    <div className="settings-row">
      <p className="settings-row__text">{t('settings.exportText')}</p>
      <a href={AUTH_ROUTES.exportData} download className={buttonClass('secondary', 'md')}>
        <Download aria-hidden size={17} />
        {t('settings.exportButton')}
      </a>
    </div>
  );
}
