import type { RoomAccessArgs, RoomCapability, RoomId, TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { authorizeRoom, requireSignedIn, type RoomAccess, type RoomViewer } from '../rooms/access';
import { trackErrors } from './errors';
import { findTrack, type TrackWithUploader } from './store';

/**
 * The first line of a service call on one track: the track (not_found when it is gone), then
 * the caller's access to its room and the capability the call needs (the role table).
 */
export async function authorizeTrack(
  db: Database,
  viewer: RoomViewer,
  trackId: TrackId,
  capability: RoomCapability,
  pass: RoomAccessArgs = {},
): Promise<{ track: TrackWithUploader; access: RoomAccess }> {
  if (capability !== 'room.view') requireSignedIn(viewer);
  const track = await findTrack(db, trackId);
  if (!track) throw trackErrors.notFound();
  const access = await authorizeRoom(db, viewer, track.roomId, capability, pass);
  return { track, access };
}

/**
 * The room check of tracks and playlists: anything beyond looking needs a signed-in caller (a
 * guest is asked to sign in, not told they lack a role), then the role table decides.
 */
export function authorizeTracksOf(
  db: Database,
  viewer: RoomViewer,
  roomId: RoomId,
  capability: RoomCapability,
  pass: RoomAccessArgs = {},
): Promise<RoomAccess> {
  if (capability !== 'room.view') requireSignedIn(viewer);
  return authorizeRoom(db, viewer, roomId, capability, pass);
}
