import { useTranslation } from 'react-i18next';
import { CircleAlert, RotateCcw, X } from 'lucide-react';
import { Button } from '../../ui/Button';
import { useMessage } from '../../app/forms/useMessage';
import type { UploadItem } from './upload-queue';
import { canRetry, type UploadDisplay } from './upload-state';

type UploadErrorsProps = {
  failed: { item: UploadItem; display: UploadDisplay }[];
  onRetry: (key: string) => void;
  onCancel: (key: string) => void;
};

/**
 * The items that failed, on the way or on the server, each with why in the person's language,
 * and retry (when trying again can help) or cancel.
 */
export function UploadErrors({ failed, onRetry, onCancel }: UploadErrorsProps) {
  const { t } = useTranslation();
  const { text, isKnownKey } = useMessage();
  return (
    <div className="uploads__group uploads__errors" role="alert">
      <h3 className="uploads__title">{t('tracks.upload.errorsTitle', { count: failed.length })}</h3>
      <ul className="uploads__list">
        {failed.map(({ item, display }) => {
          const error = display.kind === 'failed' ? display.error : null;
          const message =
            error && isKnownKey(error.key) ? text(error) : t('tracks.errors.uploadFailed');
          const retryable = canRetry(item, display);
          return (
            <li key={item.key} className="upload-error" aria-label={item.fileName}>
              <CircleAlert aria-hidden size={16} className="upload-error__icon" />
              <div className="upload-error__text">
                <span className="upload-item__name">{item.fileName}</span>
                <span className="upload-error__reason">{message}</span>
              </div>
              {retryable && (
                <Button size="sm" icon={RotateCcw} onClick={() => onRetry(item.key)}>
                  {t('tracks.upload.retry')}
                </Button>
              )}
              <Button size="sm" variant="ghost" icon={X} onClick={() => onCancel(item.key)}>
                {t('tracks.upload.dismiss')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
