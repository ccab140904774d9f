import { useEffect, useRef } from 'react';
import type { UploadView } from '@music-rooms/domain/tracks';
import { useSoundEffects } from '../../app/sounds/useSoundEffects';
import type { UploadItem } from './upload-queue';
import { uploadDisplay } from './upload-state';

/** The "failed upload" sound when an upload of this tab's queue fails (each failure once). */
export function useUploadFailureCue(
  items: readonly UploadItem[],
  server: ReadonlyMap<string, UploadView>,
): void {
  const play = useSoundEffects();
  const heard = useRef(new Set<string>());
  useEffect(() => {
    const failed = items.filter(
      (item) =>
        uploadDisplay(item, item.uploadId ? server.get(item.uploadId) : undefined).kind ===
        'failed',
    );
    const fresh = failed.filter((item) => !heard.current.has(item.key));
    heard.current = new Set(failed.map((item) => item.key));
    if (fresh.length > 0) play('uploadFailed');
  }, [items, server, play]);
}
