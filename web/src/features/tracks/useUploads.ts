import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import type { UploadView } from '@music-rooms/domain/tracks';
import { usePublicConfig } from '../../app/config/usePublicConfig';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { uploadQueueOf } from './upload-queue';
import { useUploadFailureCue } from './useUploadFailureCue';

/** The largest audio upload the server takes, when /api/config says (else the server judges). */
function maxAudioBytes(config: object | undefined): number | null {
  if (!config || !('maxAudioFileSize' in config)) return null;
  const value = config.maxAudioFileSize;
  return typeof value === 'number' && value > 0 ? value : null;
}

/**
 * The room's uploads for someone who may add tracks: this tab's queue, and the server's view of
 * each upload (processing, duplicate, ready, failed) from the live uploads.list. A failure
 * sounds the "failed upload" cue.
 */
export function useUploads(roomId: RoomId, enabled: boolean) {
  const queue = uploadQueueOf(roomId);
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  const config = usePublicConfig();
  const maxBytes = maxAudioBytes(config.data);
  const live = useLiveQueryState('uploads.list', enabled ? { roomId } : 'skip');
  const server = useMemo(() => {
    const views = live.status === 'value' ? live.value : [];
    return new Map<string, UploadView>(views.map((view) => [view.uploadId, view]));
  }, [live]);
  useUploadFailureCue(items, server);
  const duplicates = useMemo(
    () => [...server.values()].filter((view) => view.status === 'duplicate' && view.duplicateOf),
    [server],
  );
  const add = useCallback(
    (files: readonly File[], playlistId: PlaylistId | null) =>
      queue.add(files, playlistId, maxBytes),
    [queue, maxBytes],
  );
  return { queue, items, server, duplicates, add };
}

export type RoomUploads = ReturnType<typeof useUploads>;
