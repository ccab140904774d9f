import type { RoomId } from '@music-rooms/domain/ids';
import { useEffect, useState } from 'react';
import { isRoomUrlAvailable } from '../rooms-api';
import { localUrlCheck, type LocalUrlCheck } from './room-url-draft';

/** How long typing must pause before the server is asked whether a URL is free. */
export const URL_CHECK_DEBOUNCE_MS = 400;

export type UrlCheck =
  Exclude<LocalUrlCheck, 'ask'> | 'checking' | 'available' | 'taken' | 'unknown';

type Answer = { url: string; status: 'available' | 'taken' | 'unknown' };

/**
 * Whether a room URL is free, checked live with rooms.getRoomInfoByUrl once typing pauses.
 * `excludeId` and `currentUrl` are the room being edited: its own URL is not "taken".
 */
export function useRoomUrlCheck(
  url: string,
  { excludeId, currentUrl }: { excludeId?: RoomId; currentUrl?: string } = {},
): UrlCheck {
  const local = localUrlCheck(url, currentUrl);
  const value = url.trim();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (local !== 'ask') return;
    let current = true;
    const timer = setTimeout(() => {
      isRoomUrlAvailable(value, excludeId).then(
        (free) => current && setAnswer({ url: value, status: free ? 'available' : 'taken' }),
        () => current && setAnswer({ url: value, status: 'unknown' }),
      );
    }, URL_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [local, value, excludeId]);

  if (local !== 'ask') return local;
  return answer?.url === value ? answer.status : 'checking';
}
