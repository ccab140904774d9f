import { useTranslation } from 'react-i18next';
import { Check, Copy, LoaderCircle, X } from 'lucide-react';
import { IconButton } from '../../ui/IconButton';
import type { UploadItem } from './upload-queue';
import type { UploadDisplay } from './upload-state';
import { useTrackFormat } from './useTrackFormat';

type UploadItemRowProps = { item: UploadItem; display: UploadDisplay; onCancel: () => void };

/** One file of a batch: its progress bar with speed and time left, then the server's state. */
export function UploadItemRow({ item, display, onCancel }: UploadItemRowProps) {
  const { t } = useTranslation();
  const format = useTrackFormat();
  const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 100;
  const sending = display.kind === 'uploading' || display.kind === 'waiting';
  const detail =
    display.kind === 'uploading'
      ? [
          t('tracks.upload.sentOf', {
            sent: format.bytes(item.sent),
            size: format.bytes(item.size),
          }),
          format.speed(item.bytesPerSecond),
          format.timeLeft(item.sent, item.size, item.bytesPerSecond),
        ].join(' · ')
      : format.bytes(item.size);

  return (
    <li className="upload-item" data-state={display.kind} aria-label={item.fileName}>
      <div className="upload-item__top">
        <span className="upload-item__name">{item.fileName}</span>
        <span className="upload-item__state">
          {display.kind === 'processing' && <LoaderCircle aria-hidden size={14} className="spin" />}
          {display.kind === 'ready' && <Check aria-hidden size={14} />}
          {display.kind === 'duplicate' && <Copy aria-hidden size={14} />}
          {t(`tracks.upload.states.${display.kind}`)}
          {item.resumed && sending && ` · ${t('tracks.upload.resumed')}`}
        </span>
        {sending && (
          <IconButton
            size="sm"
            icon={X}
            label={t('tracks.upload.cancel', { name: item.fileName })}
            onClick={onCancel}
          />
        )}
      </div>
      {sending && (
        <div
          className="upload-item__bar"
          role="progressbar"
          aria-label={t('tracks.upload.progress', { name: item.fileName })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="upload-item__detail">{detail}</p>
    </li>
  );
}
