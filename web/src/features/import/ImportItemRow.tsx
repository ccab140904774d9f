import { useTranslation } from 'react-i18next';
import { RotateCcw, X } from 'lucide-react';
import type { ImportItemView } from '@music-rooms/domain/yandex-music';
import { Button } from '../../ui/Button';
import { useMessage } from '../../app/forms/useMessage';
import { percentOf } from './import-state';

type ImportItemRowProps = {
  item: ImportItemView;
  onRetry: (() => void) | null;
  onRemove: () => void;
};

/** One track of an import: its state or progress, and why it failed, to retry or remove. */
export function ImportItemRow({ item, onRetry, onRemove }: ImportItemRowProps) {
  const { t } = useTranslation();
  const { text, isKnownKey } = useMessage();
  const reason =
    item.failure && isKnownKey(item.failure)
      ? text({ key: item.failure, values: item.failureData })
      : t('yandexMusic.errors.downloadProcessingFailed');
  const percent = percentOf(item);
  return (
    <li className="import-item" data-status={item.status} aria-label={item.title}>
      <div className="import-item__head">
        <span className="import-item__title">{item.title}</span>
        <span className="import-item__status">
          {t(`yandexMusic.item.${item.status}`, { percent })}
        </span>
      </div>
      {item.status === 'downloading' && (
        <progress className="import-item__bar" max={100} value={percent} aria-label={item.title} />
      )}
      {item.status === 'failed' && (
        <div className="import-item__failure" role="alert">
          <span>{reason}</span>
          <span className="import-item__actions">
            {onRetry && (
              <Button size="sm" variant="ghost" icon={RotateCcw} onClick={onRetry}>
                {t('yandexMusic.progress.retry')}
              </Button>
            )}
            <Button size="sm" variant="ghost" icon={X} onClick={onRemove}>
              {t('yandexMusic.progress.remove')}
            </Button>
          </span>
        </div>
      )}
    </li>
  );
}
