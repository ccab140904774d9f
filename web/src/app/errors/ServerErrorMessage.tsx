import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { House, RotateCw } from 'lucide-react';
import { Button } from '../../ui/Button';
import { buttonClass } from '../../ui/button-class';
import { StatusMessage } from '../../ui/StatusMessage';
import { isChunkLoadError } from '../build-updates/chunk-errors';
import { usePageHeader } from '../header/usePageHeader';

type ServerErrorMessageProps = { error: unknown };

/** The 500 message: something failed while showing a page. Offers a reload and the way home. */
export function ServerErrorMessage({ error }: ServerErrorMessageProps) {
  const { t } = useTranslation();
  // A chunk that keeps failing to load means the app was updated under this tab.
  const updated = isChunkLoadError(error);
  const title = updated ? t('error.updatedTitle') : t('error.title');
  usePageHeader({ title });

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <StatusMessage
      code={t('error.code')}
      title={title}
      text={updated ? t('error.updatedText') : t('error.text')}
    >
      <Button variant="primary" icon={RotateCw} onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
      {/* A full page load: after an error the app's state is not to be trusted. */}
      <a href="/" className={buttonClass('secondary')}>
        <House aria-hidden size={17} />
        {t('common.goHome')}
      </a>
    </StatusMessage>
  );
}
