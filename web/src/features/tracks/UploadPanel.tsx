import { useTranslation } from 'react-i18next';
import type { PlaylistId } from '@music-rooms/domain/ids';
import { Button } from '../../ui/Button';
import { DuplicateChooser } from './DuplicateChooser';
import { ResumeBatch } from './ResumeBatch';
import { UploadErrors } from './UploadErrors';
import { UploadItemRow } from './UploadItemRow';
import { isSettled, uploadDisplay } from './upload-state';
import type { RoomUploads } from './useUploads';

type UploadPanelProps = { uploads: RoomUploads; playlistId: PlaylistId | null };

/**
 * The uploads of this room (spec §4 Upload): an unfinished batch to resume, each item's
 * progress and state, the duplicates waiting for a choice, and the error list.
 */
export function UploadPanel({ uploads, playlistId }: UploadPanelProps) {
  const { t } = useTranslation();
  const { items, server, queue, duplicates } = uploads;
  const shown = items.map((item) => ({
    item,
    display: uploadDisplay(item, item.uploadId ? server.get(item.uploadId) : undefined),
  }));
  const missing = shown.filter(({ display }) => display.kind === 'missing');
  const failed = shown.filter(({ display }) => display.kind === 'failed');
  const progress = shown.filter(
    ({ display }) => display.kind !== 'missing' && display.kind !== 'failed',
  );
  const settled = progress.filter(({ display }) => isSettled(display));
  if (items.length === 0 && duplicates.length === 0) return null;

  return (
    <section className="uploads" aria-label={t('tracks.upload.panel')}>
      {missing.length > 0 && (
        <ResumeBatch
          items={items}
          onFiles={(files) => queue.resume(files).extra}
          onUploadAsNew={(files) => uploads.add(files, playlistId)}
          onDiscard={() => missing.forEach(({ item }) => void queue.cancel(item.key))}
        />
      )}
      {progress.length > 0 && (
        <div className="uploads__group">
          <div className="uploads__head">
            <h3 className="uploads__title">
              {t('tracks.upload.progressTitle', {
                done: settled.length,
                count: progress.length,
              })}
            </h3>
            {settled.length > 0 && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => queue.dismiss(settled.map(({ item }) => item.key))}
              >
                {t('tracks.upload.clearDone')}
              </Button>
            )}
          </div>
          <ul className="uploads__list">
            {progress.map(({ item, display }) => (
              <UploadItemRow
                key={item.key}
                item={item}
                display={display}
                onCancel={() => void queue.cancel(item.key)}
              />
            ))}
          </ul>
        </div>
      )}
      {duplicates.length > 0 && <DuplicateChooser duplicates={duplicates} />}
      {failed.length > 0 && (
        <UploadErrors
          failed={failed}
          onRetry={(key) => queue.retry(key)}
          onCancel={(key) => void queue.cancel(key)}
        />
      )}
    </section>
  );
}
