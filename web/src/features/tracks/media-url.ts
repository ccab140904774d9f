import type { TrackId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';

/** What the server serves of a track: its audio, its cover, or its playback manifest. */
export type TrackMedia = 'audio' | 'cover' | 'playback';

/**
 * The address of a track's audio, cover or playback manifest. A password room's pass travels
 * in the query string: the browser fetches these itself (an <img>, the player), without the
 * function calls' body.
 */
export function mediaUrl(
  id: TrackId,
  kind: TrackMedia,
  pass: RoomAccessArgs,
  version?: number | null,
): string {
  const query = new URLSearchParams();
  if (pass.accessToken) query.set('accessToken', pass.accessToken);
  if (pass.session_id) query.set('session_id', pass.session_id);
  if (version !== undefined && version !== null) query.set('v', String(version));
  const search = query.toString();
  return `/api/tracks/${encodeURIComponent(id)}/${kind}${search ? `?${search}` : ''}`;
}
